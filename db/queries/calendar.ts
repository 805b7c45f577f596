import { and, asc, between, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { calendarFeedTokens, projects, projectStages, tasks, users } from '@/db/schema';
import { inTeam, inTeamOrNoProject, type TeamOf } from './project-access';
import { personRefColumns, stageRefColumns } from './refs';
import { userAccessColumns } from './users';

// The bid calendar (docs/insights.md): bid due dates and times, project starts and task deadlines
// in a window of days, as the caller sees them; and the calendar feed tokens.

export type CalendarEventType = 'bid_due' | 'project_start' | 'task_deadline';

export interface CalendarFilters {
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  type?: CalendarEventType;
  assigned_to_id?: number;
  project_stage_id?: number;
  teamOf?: TeamOf;
}

const assignee = alias(users, 'calendar_assignee');
const taskProject = alias(projects, 'calendar_task_project');
const taskStage = alias(projectStages, 'calendar_task_stage');

/** The day a bid is due: its date, or the (UTC) day of its time. */
const bidDay = sql<string>`coalesce(${projects.bidDueDate}, (${projects.bidDueAt} at time zone 'UTC')::date)::text`;

/** Projects on the calendar by a day of theirs (`day`) when `when` holds, with their stage and assignee. */
function projectEvents(db: Db, accountId: number, f: CalendarFilters, day: SQL<string>, when: SQL | undefined) {
  return db
    .select({
      id: projects.id,
      name: projects.name,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
      day,
      at: projects.bidDueAt,
      timed: projects.bidDueAtIncludesTime,
      stage: stageRefColumns(projectStages),
      assignedTo: personRefColumns(assignee),
    })
    .from(projects)
    .leftJoin(projectStages, eq(projectStages.id, projects.projectStageId))
    .leftJoin(assignee, eq(assignee.id, projects.assignedToId))
    .where(
      and(
        eq(projects.accountId, accountId),
        when,
        f.assigned_to_id !== undefined ? eq(projects.assignedToId, f.assigned_to_id) : undefined,
        f.project_stage_id !== undefined ? eq(projects.projectStageId, f.project_stage_id) : undefined,
        inTeam(projects.id, f.teamOf),
      ),
    )
    .orderBy(asc(day), asc(projects.id));
}

/** Open projects whose bid is due in the window (its time only matters for a bid). */
function bidsDue(db: Db, accountId: number, f: CalendarFilters) {
  return projectEvents(
    db,
    accountId,
    f,
    bidDay,
    and(
      isNull(projects.closeType),
      or(
        between(projects.bidDueDate, f.from, f.to),
        and(isNull(projects.bidDueDate), sql`(${projects.bidDueAt} at time zone 'UTC')::date between ${f.from} and ${f.to}`),
      ),
    ),
  );
}

/** Open and won projects that start in the window. */
function projectStarts(db: Db, accountId: number, f: CalendarFilters) {
  return projectEvents(
    db,
    accountId,
    f,
    sql<string>`${projects.startDate}::text`,
    and(or(isNull(projects.closeType), eq(projects.closeType, 'won')), between(projects.startDate, f.from, f.to)),
  );
}

/** Open tasks due in the window, with their project (and its stage) if any. */
function taskDeadlines(db: Db, accountId: number, f: CalendarFilters) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      updatedAt: tasks.updatedAt,
      day: sql<string>`${tasks.deadline}::text`,
      project: { id: taskProject.id, name: taskProject.name, createdAt: taskProject.createdAt, updatedAt: taskProject.updatedAt },
      stage: stageRefColumns(taskStage),
      assignedTo: personRefColumns(assignee),
    })
    .from(tasks)
    .leftJoin(taskProject, eq(taskProject.id, tasks.projectId))
    .leftJoin(taskStage, eq(taskStage.id, taskProject.projectStageId))
    .leftJoin(assignee, eq(assignee.id, tasks.assignedToId))
    .where(
      and(
        eq(tasks.accountId, accountId),
        isNull(tasks.completedAt),
        between(tasks.deadline, f.from, f.to),
        f.assigned_to_id !== undefined ? eq(tasks.assignedToId, f.assigned_to_id) : undefined,
        f.project_stage_id !== undefined ? eq(taskProject.projectStageId, f.project_stage_id) : undefined,
        inTeamOrNoProject(tasks.projectId, f.teamOf),
      ),
    )
    .orderBy(asc(tasks.deadline), asc(tasks.id));
}

/** The window's events of each type asked for: at most three statements, whatever their number. */
export async function calendarRows(db: Db, accountId: number, f: CalendarFilters) {
  const want = (t: CalendarEventType) => f.type === undefined || f.type === t;
  const [bids, starts, deadlines] = await Promise.all([
    want('bid_due') ? bidsDue(db, accountId, f) : [],
    want('project_start') ? projectStarts(db, accountId, f) : [],
    want('task_deadline') ? taskDeadlines(db, accountId, f) : [],
  ]);
  return { bids, starts, deadlines };
}

// Feed tokens.

export function findFeedToken(db: Db, accountId: number, userId: number) {
  return db
    .select()
    .from(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.accountId, accountId), eq(calendarFeedTokens.userId, userId)))
    .then((rows) => rows[0]);
}

/** Replaces the user's token: the old one stops working in the same transaction. */
export async function replaceFeedToken(db: Db, accountId: number, userId: number, tokenHash: string, hint: string) {
  await deleteFeedToken(db, accountId, userId);
  const [row] = await db.insert(calendarFeedTokens).values({ accountId, userId, tokenHash, hint }).returning();
  return row!;
}

export async function deleteFeedToken(db: Db, accountId: number, userId: number): Promise<boolean> {
  const gone = await db
    .delete(calendarFeedTokens)
    .where(and(eq(calendarFeedTokens.accountId, accountId), eq(calendarFeedTokens.userId, userId)))
    .returning({ id: calendarFeedTokens.id });
  return gone.length > 0;
}

/** The active user a feed token belongs to, with their access; none for an unknown token or a deactivated user. */
export async function feedOwner(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ accountId: users.accountId, userId: users.id, role: users.role, ...userAccessColumns })
    .from(calendarFeedTokens)
    .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
    .where(and(eq(calendarFeedTokens.tokenHash, tokenHash), isNull(users.deactivatedAt)));
  return row;
}
