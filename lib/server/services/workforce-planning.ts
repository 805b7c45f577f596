import type { Db } from '@/db';
import {
  demandRows,
  findWorkforceAssignment,
  findWorkforceCertification,
  findWorkforceTimeOff,
  headcountRows,
  listWorkforceAssignments as queryAssignments,
  listWorkforceCertifications as queryCertifications,
  listWorkforceTimeOff as queryTimeOff,
  lockEmployeeAssignments,
  moveFollowingAssignments,
  planRoles,
  utilizationRows,
  type WorkforceAssignmentRow,
  type WorkforceCertificationRow,
  type WorkforceTimeOffRow,
} from '@/db/queries/workforce-planning';
import { lockProjectDates } from '@/db/queries/projects';
import { insertRows } from '@/db/queries/tenant';
import { projects, workforceAssignments, workforceCertifications, workforceEmployees, workforceRoles, workforceTimeOff } from '@/db/schema';
import { todayUtc } from '@/lib/shared/domain/projects';
import {
  backfillIntervals,
  dayNumber,
  dayString,
  demand,
  MAX_PERIODS,
  mergeIntervals,
  periodCount,
  periods,
  utilization,
  type PlanInterval,
} from '@/lib/shared/domain/workforce';
import { managerSummary } from '@/lib/server/serializers/workforce-employees';
import { workforceRole } from '@/lib/server/serializers/lookups';
import { serializeWorkforceAssignment, serializeWorkforceCertification, serializeWorkforceTimeOff } from '@/lib/server/serializers/workforce-planning';
import type {
  DemandQuery,
  DemandResponse,
  UtilizationQuery,
  UtilizationResponse,
  WorkforceAssignmentCreate,
  WorkforceAssignmentResponse,
  WorkforceAssignmentUpdate,
  WorkforceCertificationCreate,
  WorkforceCertificationResponse,
  WorkforceCertificationUpdate,
  WorkforceTimeOffCreate,
  WorkforceTimeOffResponse,
  WorkforceTimeOffUpdate,
} from '@/lib/shared/validation/workforce-planning';
import { recordEvents, resourcePath, toColumns, type EventRecord } from './common';
import { teamOf, type CallerContext } from './context';
import { invalidField, validationFailed, type FieldErrors } from './errors';
import { pageWindow, type Page } from './paging';
import { createRecord, deleteRecord, recordReads, updateRecord, type RecordKind } from './records';

// Workforce planning (docs/workforce-planning.md): assignments whose dates follow their project,
// time off with backfill, certifications, and the utilization and demand grids.

// ── Assignments ─────────────────────────────────────────────────────────────────────────────

export const workforceAssignmentKind: RecordKind<WorkforceAssignmentRow, WorkforceAssignmentResponse> = {
  resource: 'workforce_assignment',
  table: workforceAssignments,
  references: { project_id: projects, employee_id: workforceEmployees, role_id: workforceRoles },
  read: findWorkforceAssignment,
  columns: (row) => row.assignment,
  serialize: serializeWorkforceAssignment,
};

export const { list: listWorkforceAssignments, get: getWorkforceAssignment } = recordReads(workforceAssignmentKind, queryAssignments, { team: true });

/** The dates an assignment ends up with, or the 422 saying why it cannot have them. */
async function assignmentDates(
  tx: Db,
  ctx: CallerContext,
  input: { start_date?: string; end_date?: string },
  follow: boolean,
  projectId: number,
  current: { startDate: string; endDate: string } | null,
): Promise<{ startDate: string; endDate: string; datesFollowProject: boolean }> {
  const errors: FieldErrors = {};
  let startDate = input.start_date ?? current?.startDate;
  let endDate = input.end_date ?? current?.endDate;
  if (follow) {
    // Shared lock: a concurrent move of the project waits for this write, then moves it too.
    const project = await lockProjectDates(tx, ctx.accountId, projectId);
    for (const [field, own, given] of [
      ['start_date', project?.startDate ?? null, input.start_date],
      ['end_date', project?.endDate ?? null, input.end_date],
    ] as const) {
      if (own === null) errors[field] = [`is required: the project has no ${field} to follow (send dates_follow_project false with your own dates)`];
      else if (given !== undefined && given !== own) errors[field] = [`must be the project's ${field} (${own}) while dates_follow_project is true`];
    }
    startDate = project?.startDate ?? undefined;
    endDate = project?.endDate ?? undefined;
  } else {
    if (startDate === undefined) errors.start_date = ['is required when the dates do not follow the project'];
    if (endDate === undefined) errors.end_date = ['is required when the dates do not follow the project'];
  }
  if (Object.keys(errors).length === 0 && endDate! < startDate!) errors.end_date = ['must be on or after start_date'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { startDate: startDate!, endDate: endDate!, datesFollowProject: follow };
}

/**
 * An assignment's dates follow its project unless it is created with its own dates (and without
 * `dates_follow_project: true`): then they are its own.
 */
export function createWorkforceAssignment(db: Db, ctx: CallerContext, input: WorkforceAssignmentCreate): Promise<WorkforceAssignmentResponse> {
  const follow = input.dates_follow_project ?? (input.start_date === undefined && input.end_date === undefined);
  return createRecord(db, ctx, workforceAssignmentKind, input, async (tx) => ({
    ...toColumns(input, ['start_date', 'end_date', 'dates_follow_project']),
    ...(await assignmentDates(tx, ctx, input, follow, input.project_id, null)),
  }));
}

/** Dates sent without `dates_follow_project: true` make them the assignment's own. */
export function updateWorkforceAssignment(db: Db, ctx: CallerContext, id: number, input: WorkforceAssignmentUpdate): Promise<WorkforceAssignmentResponse> {
  return updateRecord(db, ctx, workforceAssignmentKind, id, input, {
    columns: async ({ assignment: current }, tx) => {
      const datesGiven = input.start_date !== undefined || input.end_date !== undefined;
      const follow = input.dates_follow_project ?? (datesGiven ? false : current.datesFollowProject);
      const projectId = input.project_id ?? current.projectId;
      const rest = toColumns(input, ['start_date', 'end_date', 'dates_follow_project']);
      // Following already, on the same project, dates untouched: they are the project's; nothing to read.
      if (follow && current.datesFollowProject && projectId === current.projectId && !datesGiven) return rest;
      return { ...rest, ...(await assignmentDates(tx, ctx, input, follow, projectId, current)) };
    },
  });
}

export function deleteWorkforceAssignment(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, workforceAssignmentKind, id);
}

/**
 * After a project's dates change (in its update's transaction): its following assignments take
 * them, each with its `workforce_assignment.update`. A project without both dates leaves them
 * where they were.
 */
export async function moveAssignmentsWithProject(tx: Db, ctx: CallerContext, projectId: number): Promise<EventRecord[]> {
  const moved = await moveFollowingAssignments(tx, ctx.accountId, projectId);
  return moved.map((m) => ({
    resource: 'workforce_assignment',
    action: 'update',
    id: m.id,
    path: resourcePath('workforce_assignment', m.id),
    changed: { startDate: m.startDate, endDate: m.endDate },
  }));
}

// ── Time off ────────────────────────────────────────────────────────────────────────────────

export const workforceTimeOffKind: RecordKind<WorkforceTimeOffRow, WorkforceTimeOffResponse> = {
  resource: 'workforce_time_off',
  table: workforceTimeOff,
  references: { employee_id: workforceEmployees },
  read: findWorkforceTimeOff,
  columns: (row) => row.timeOff,
  serialize: serializeWorkforceTimeOff,
};

export const { list: listWorkforceTimeOff, get: getWorkforceTimeOff } = recordReads(workforceTimeOffKind, queryTimeOff);

function assertOrdered(start: string | null | undefined, end: string | null | undefined, field: string, after: string) {
  if (start && end && end < start) throw validationFailed({ [field]: [`must be on or after ${after}`] });
}

/**
 * With `backfill`, each of the employee's assignments reaching into the time off gets an unfilled
 * twin (same project, role and allocation, its own dates) over the working days the time off takes
 * from it, each with its `workforce_assignment.create`: the gap shows as demand to staff.
 */
export function createWorkforceTimeOff(db: Db, ctx: CallerContext, input: WorkforceTimeOffCreate): Promise<WorkforceTimeOffResponse> {
  assertOrdered(input.start_date, input.end_date, 'end_date', 'start_date');
  return createRecord(
    db,
    ctx,
    workforceTimeOffKind,
    input,
    () => toColumns(input, ['backfill']),
    input.backfill
      ? async (tx) => {
          const off = { start: dayNumber(input.start_date), end: dayNumber(input.end_date) };
          const twins = (await lockEmployeeAssignments(tx, ctx.accountId, input.employee_id, input.start_date, input.end_date, teamOf(ctx))).flatMap((a) =>
            backfillIntervals({ start: dayNumber(a.startDate), end: dayNumber(a.endDate) }, off).map((gap) => ({
              accountId: ctx.accountId,
              projectId: a.projectId,
              employeeId: null,
              roleId: a.roleId,
              allocationPercent: a.allocationPercent,
              startDate: dayString(gap.start),
              endDate: dayString(gap.end),
              datesFollowProject: false,
            })),
          );
          const ids = await insertRows(tx, workforceAssignments, twins);
          const events: EventRecord[] = ids.map((id) => ({
            resource: 'workforce_assignment',
            action: 'create',
            id,
            path: resourcePath('workforce_assignment', id),
          }));
          await recordEvents(tx, ctx, events);
        }
      : undefined,
  );
}

export function updateWorkforceTimeOff(db: Db, ctx: CallerContext, id: number, input: WorkforceTimeOffUpdate): Promise<WorkforceTimeOffResponse> {
  return updateRecord(db, ctx, workforceTimeOffKind, id, input, {
    columns: ({ timeOff: current }) => {
      assertOrdered(input.start_date ?? current.startDate, input.end_date ?? current.endDate, 'end_date', 'start_date');
      return toColumns(input);
    },
  });
}

export function deleteWorkforceTimeOff(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, workforceTimeOffKind, id);
}

// ── Certifications ──────────────────────────────────────────────────────────────────────────

export const workforceCertificationKind: RecordKind<WorkforceCertificationRow, WorkforceCertificationResponse> = {
  resource: 'workforce_certification',
  table: workforceCertifications,
  references: { employee_id: workforceEmployees },
  read: findWorkforceCertification,
  columns: (row) => row.certification,
  serialize: serializeWorkforceCertification,
};

export const { list: listWorkforceCertifications, get: getWorkforceCertification } = recordReads(workforceCertificationKind, queryCertifications);

export function createWorkforceCertification(db: Db, ctx: CallerContext, input: WorkforceCertificationCreate): Promise<WorkforceCertificationResponse> {
  assertOrdered(input.issued_on, input.expires_on, 'expires_on', 'issued_on');
  return createRecord(db, ctx, workforceCertificationKind, input, () => toColumns(input));
}

export function updateWorkforceCertification(
  db: Db,
  ctx: CallerContext,
  id: number,
  input: WorkforceCertificationUpdate,
): Promise<WorkforceCertificationResponse> {
  return updateRecord(db, ctx, workforceCertificationKind, id, input, {
    columns: ({ certification: current }) => {
      const issued = input.issued_on !== undefined ? input.issued_on : current.issuedOn;
      const expires = input.expires_on !== undefined ? input.expires_on : current.expiresOn;
      assertOrdered(issued, expires, 'expires_on', 'issued_on');
      return toColumns(input);
    },
  });
}

export function deleteWorkforceCertification(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, workforceCertificationKind, id);
}

// ── Utilization and demand ──────────────────────────────────────────────────────────────────

/** The range asked, or from today for 26 weeks / 12 months. */
function planRange(query: { from?: string; to?: string; interval: PlanInterval }, now: Date) {
  const from = query.from ?? todayUtc(now);
  if (query.to !== undefined) {
    // Only `to` given: `from` defaults to today, and the pair must still be a valid range.
    if (query.to < from) throw invalidField('to', `must not be before from (${from})`);
    const max = MAX_PERIODS[query.interval];
    if (periodCount(from, query.to, query.interval) > max)
      throw invalidField('to', `must be within ${max} ${query.interval}s of from (${from}, both included)`);
    return { from, to: query.to };
  }
  const grid = periods(from, from, query.interval);
  const first = grid[0]!;
  const to =
    query.interval === 'week'
      ? dayString(first.start + 26 * 7 - 1)
      : dayString(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1 + 12, 0) / 86_400_000);
  return { from, to };
}

/** The grid's bounds, the whole first and last periods: what the rows must reach into. */
function gridBounds(grid: { start: number; end: number }[]) {
  return { from: dayString(grid[0]!.start), to: dayString(grid.at(-1)!.end) };
}

/**
 * A page of employees (by name) with each period's capacity, assigned days, time off and
 * utilization: two statements (the page with each employee's assignments and time off in its
 * row, and its total), then one pass.
 */
export async function workforceUtilization(
  db: Db,
  ctx: CallerContext,
  query: UtilizationQuery,
  now = new Date(),
): Promise<{ body: UtilizationResponse; page: Omit<Page<unknown>, 'items'> }> {
  const range = planRange(query, now);
  const grid = periods(range.from, range.to, query.interval);
  const { items, total } = await utilizationRows(db, ctx.accountId, query, gridBounds(grid), pageWindow(query));
  const body: UtilizationResponse = {
    interval: query.interval,
    periods: grid.map((p) => ({ start: dayString(p.start), end: dayString(p.end) })),
    employees: items.map((row) => ({
      employee: managerSummary(row.employee, row.employeeRole)!,
      periods: utilization(
        {
          startDate: row.employee.startDate === null ? null : dayNumber(row.employee.startDate),
          timeOff: row.timeOff.map(([s, e]) => ({ start: dayNumber(s), end: dayNumber(e) })),
          assignments: row.assignments.map(([s, e, allocation]) => ({ start: dayNumber(s), end: dayNumber(e), allocationPercent: Number(allocation) })),
        },
        grid,
      ),
    })),
  };
  return { body, page: { total, page: query.page, perPage: query.per_page } };
}

/**
 * Per period, per role: headcount, awarded, pursuit and weighted pursuit FTE and the shortfall.
 * Three statements (the roles; the assignments summed by role and dates; the counted employees
 * with their time off), then one pass.
 */
export async function workforceDemand(db: Db, ctx: CallerContext, query: DemandQuery, now = new Date()): Promise<DemandResponse> {
  const range = planRange(query, now);
  const grid = periods(range.from, range.to, query.interval);
  const bounds = gridBounds(grid);
  const [roles, rows, people] = await Promise.all([
    planRoles(db, ctx.accountId, query.role_id),
    demandRows(db, ctx.accountId, query, bounds),
    headcountRows(db, ctx.accountId, query, bounds),
  ]);
  const grids = demand(
    roles.map((r) => r.id),
    rows.map((r) => ({ ...r, start: dayNumber(r.startDate), end: dayNumber(r.endDate) })),
    people.map((p) => ({
      roleId: p.roleId!,
      startDate: p.startDate === null ? null : dayNumber(p.startDate),
      timeOff: mergeIntervals(p.timeOff.map(([s, e]) => ({ start: dayNumber(s), end: dayNumber(e) }))),
    })),
    grid,
  );
  return {
    interval: query.interval,
    periods: grid.map((p, i) => ({
      start: dayString(p.start),
      end: dayString(p.end),
      roles: roles.map((r) => ({ role: workforceRole(r)!, ...grids[i]!.get(r.id)! })),
    })),
  };
}
