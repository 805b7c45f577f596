import { and, eq, gt, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { inTeamOrNoProject, type TeamOf } from './project-access';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { contacts, projects, taskLists, tasks, users } from '@/db/schema';
import { namedRefColumns, personRefColumns } from './refs';
import { orderBySort, type PageWindow, pageWithTotal, rows, type SortKey, timestampSorts } from './sql';
import { ofAccount, oneRow, updatedSince, idsOfAccount } from './tenant';

const assignedTo = alias(users, 'assigned_to');
const createdBy = alias(users, 'created_by');
// The task list embeds its own project, which may differ from the task's project join.
const taskListProject = alias(projects, 'task_list_project');

const taskSelection = {
  task: tasks,
  assignedTo: personRefColumns(assignedTo),
  createdBy: personRefColumns(createdBy),
  contact: personRefColumns(contacts),
  project: namedRefColumns(projects),
  taskList: namedRefColumns(taskLists),
  taskListProject: namedRefColumns(taskListProject),
};

/** Tasks with every embedded relation, by joins: one statement whatever the page size. */
function selectTasks(db: Db) {
  return db
    .select(taskSelection)
    .from(tasks)
    .leftJoin(assignedTo, eq(assignedTo.id, tasks.assignedToId))
    .leftJoin(createdBy, eq(createdBy.id, tasks.createdById))
    .leftJoin(contacts, eq(contacts.id, tasks.contactId))
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(taskLists, eq(taskLists.id, tasks.taskListId))
    .leftJoin(taskListProject, eq(taskListProject.id, taskLists.projectId));
}

export type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];
export type TaskRecord = typeof tasks.$inferSelect;

const sortColumns = {
  ...timestampSorts(tasks),
  deadline: tasks.deadline,
  title: tasks.title,
};
export type TaskSortKey = SortKey<typeof sortColumns>;

/** The list query's filters (lib/shared/validation/tasks.ts), by their API names. */
export interface TaskFilters {
  project_id?: number;
  task_list_id?: number;
  assigned_to_id?: number;
  completed?: boolean;
  /** YYYY-MM-DD: deadline strictly before / after the day. */
  deadline_before?: string;
  deadline_after?: string;
  updated_since?: Date;
  sort?: TaskSortKey;
  /** Only what belongs to this user's teams' projects (project access `team`). */
  teamOf?: TeamOf;
}

function filterWhere(accountId: number, f: TaskFilters): SQL | undefined {
  return and(
    eq(tasks.accountId, accountId),
    f.project_id !== undefined ? eq(tasks.projectId, f.project_id) : undefined,
    f.task_list_id !== undefined ? eq(tasks.taskListId, f.task_list_id) : undefined,
    f.assigned_to_id !== undefined ? eq(tasks.assignedToId, f.assigned_to_id) : undefined,
    f.completed === true ? isNotNull(tasks.completedAt) : undefined,
    f.completed === false ? isNull(tasks.completedAt) : undefined,
    f.deadline_before !== undefined ? lt(tasks.deadline, f.deadline_before) : undefined,
    f.deadline_after !== undefined ? gt(tasks.deadline, f.deadline_after) : undefined,
    updatedSince(tasks.updatedAt, f.updated_since),
    inTeamOrNoProject(tasks.projectId, f.teamOf),
  );
}

export async function listTasks(db: Db, accountId: number, filters: TaskFilters, page: PageWindow) {
  const where = filterWhere(accountId, filters);
  return pageWithTotal(db, selectTasks(db).$dynamic(), tasks, where, orderBySort(filters.sort ?? '-created_at', sortColumns, tasks.id), page);
}

/** One record with its embeds; `lock`: its row locked for the rest of the transaction. */
export function findTask(db: Db, accountId: number, id: number, lock = false, teamOf?: TeamOf): Promise<TaskRow | undefined> {
  return oneRow(selectTasks(db).where(and(ofAccount(tasks, accountId, id), inTeamOrNoProject(tasks.projectId, teamOf))), tasks, lock);
}

/** Tasks of the account by id, with their embeds, in one statement (a timeline page's). */
export function tasksByIds(db: Db, accountId: number, ids: number[]): Promise<TaskRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectTasks(db).where(idsOfAccount(tasks, accountId, ids));
}

/** The project of a task list of the account, or undefined when there is no such list. */
export async function taskListProjectId(db: Db, accountId: number, taskListId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ projectId: taskLists.projectId })
    .from(taskLists)
    .where(ofAccount(taskLists, accountId, taskListId));
  return row?.projectId;
}

/** Updates every task of a list in one statement; returns the ids of the tasks changed. */
export async function updateTasksOfList(db: Db, accountId: number, taskListId: number, values: Partial<typeof tasks.$inferInsert>): Promise<number[]> {
  const changed = await db
    .update(tasks)
    .set(values)
    .where(and(eq(tasks.accountId, accountId), eq(tasks.taskListId, taskListId)))
    .returning({ id: tasks.id });
  return changed.map((t) => t.id);
}

/**
 * Takes the account's tasks out of a project about to be deleted, and out of its lists (which go
 * with it), bumping their updated_at, in one statement: each task changed and which of the two
 * fields it had. A task normally has its list's project; both are checked all the same.
 */
export async function detachTasksFromProject(db: Db, accountId: number, projectId: number): Promise<{ id: number; projectId: boolean; taskListId: boolean }[]> {
  const changed = await rows<{ id: number | string; on_project: boolean; in_list: boolean }>(
    db,
    sql`update tasks set
          project_id = case when old.on_project then null else tasks.project_id end,
          task_list_id = case when old.in_list then null else tasks.task_list_id end,
          updated_at = clock_timestamp()
        from (
          select t.id, coalesce(t.project_id = ${projectId}, false) as on_project, l.id is not null as in_list
          from tasks t
          left join task_lists l on l.id = t.task_list_id and l.project_id = ${projectId}
          where t.account_id = ${accountId} and (t.project_id = ${projectId} or l.id is not null)
        ) old
        where tasks.id = old.id
        returning tasks.id, old.on_project, old.in_list`,
  );
  return changed.map((r) => ({ id: Number(r.id), projectId: r.on_project, taskListId: r.in_list }));
}
