import { and, count, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { projects, taskLists } from '@/db/schema';
import { namedRefColumns } from './refs';

const taskListSelection = {
  taskList: taskLists,
  project: namedRefColumns(projects),
};

/** Task lists with their project, by a join: one statement whatever the page size. */
function selectTaskLists(db: Db) {
  // Inner join: project_id is NOT NULL and cascades, so every list has its project.
  return db.select(taskListSelection).from(taskLists).innerJoin(projects, eq(projects.id, taskLists.projectId));
}

export type TaskListRow = Awaited<ReturnType<ReturnType<typeof selectTaskLists>['execute']>>[number];
export type TaskListRecord = typeof taskLists.$inferSelect;

export interface TaskListFilters {
  projectId?: number;
  updatedSince?: Date;
}

function filterWhere(accountId: number, f: TaskListFilters): SQL | undefined {
  return and(
    eq(taskLists.accountId, accountId),
    f.projectId !== undefined ? eq(taskLists.projectId, f.projectId) : undefined,
    f.updatedSince !== undefined ? gte(taskLists.updatedAt, f.updatedSince) : undefined,
  );
}

export async function listTaskLists(
  db: Db,
  accountId: number,
  filters: TaskListFilters,
  page: { limit: number; offset: number },
) {
  const where = filterWhere(accountId, filters);
  const [items, [total]] = await Promise.all([
    selectTaskLists(db)
      .where(where)
      .orderBy(desc(taskLists.createdAt), desc(taskLists.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(taskLists).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findTaskList(db: Db, accountId: number, id: number): Promise<TaskListRow | undefined> {
  const [row] = await selectTaskLists(db).where(and(eq(taskLists.accountId, accountId), eq(taskLists.id, id)));
  return row;
}

/** The bare row, locked for the rest of the transaction. */
export async function lockTaskList(db: Db, accountId: number, id: number): Promise<TaskListRecord | undefined> {
  const [row] = await db
    .select()
    .from(taskLists)
    .where(and(eq(taskLists.accountId, accountId), eq(taskLists.id, id)))
    .for('update');
  return row;
}

export async function insertTaskList(db: Db, values: typeof taskLists.$inferInsert): Promise<number> {
  const [row] = await db.insert(taskLists).values(values).returning({ id: taskLists.id });
  return row!.id;
}

export async function updateTaskListColumns(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<typeof taskLists.$inferInsert>,
) {
  await db
    .update(taskLists)
    .set(values)
    .where(and(eq(taskLists.accountId, accountId), eq(taskLists.id, id)));
}

export async function deleteTaskListRow(db: Db, accountId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(taskLists)
    .where(and(eq(taskLists.accountId, accountId), eq(taskLists.id, id)))
    .returning({ id: taskLists.id });
  return deleted.length > 0;
}
