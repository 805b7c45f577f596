import { and, desc, eq, type SQL } from 'drizzle-orm';
import { inTeam, type TeamOf } from './project-access';
import type { Db } from '@/db';
import { projects, taskLists } from '@/db/schema';
import { namedRefColumns } from './refs';
import { ofAccount, oneRow, updatedSince } from './tenant';
import { type PageWindow, pageWithTotal } from './sql';

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

/** The list query's filters (lib/shared/validation/task-lists.ts), by their API names. */
export interface TaskListFilters {
  project_id?: number;
  updated_since?: Date;
  /** Only what belongs to this user's teams' projects (project access `team`). */
  teamOf?: TeamOf;
}

function filterWhere(accountId: number, f: TaskListFilters): SQL | undefined {
  return and(
    eq(taskLists.accountId, accountId),
    f.project_id !== undefined ? eq(taskLists.projectId, f.project_id) : undefined,
    updatedSince(taskLists.updatedAt, f.updated_since),
    inTeam(taskLists.projectId, f.teamOf),
  );
}

export async function listTaskLists(db: Db, accountId: number, filters: TaskListFilters, page: PageWindow) {
  const where = filterWhere(accountId, filters);
  return pageWithTotal(db, selectTaskLists(db).$dynamic(), taskLists, where, [desc(taskLists.createdAt), desc(taskLists.id)], page);
}

/** One record with its embeds; `lock`: its row locked for the rest of the transaction. */
export function findTaskList(db: Db, accountId: number, id: number, lock = false, teamOf?: TeamOf): Promise<TaskListRow | undefined> {
  return oneRow(selectTaskLists(db).where(and(ofAccount(taskLists, accountId, id), inTeam(taskLists.projectId, teamOf))), taskLists, lock);
}
