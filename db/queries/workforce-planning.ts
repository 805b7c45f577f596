import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { inTeam, type TeamOf } from './project-access';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { projects, projectStages, workforceAssignments, workforceCertifications, workforceEmployees, workforceRoles, workforceTimeOff } from '@/db/schema';
import { workforceRoleColumns } from './lookups';
import { baseColumns, namedRefColumns } from './refs';
import { listOfAccount, ofAccount, oneRow, readsById, updatedSince } from './tenant';
import { pageWithTotal, type PageWindow } from './sql';

// Workforce planning's SQL: assignments, time off and certifications with their embeds (one
// statement per page or record), and the rows utilization and demand are computed from (a fixed
// number of statements whatever the number of people or projects).

const employee = alias(workforceEmployees, 'employee');
const employeeRole = alias(workforceRoles, 'employee_role');
const role = alias(workforceRoles, 'role');

/** The Manager summary of the record's employee: the employee's columns it needs and their role. */
const employeeSummary = {
  employee: {
    ...baseColumns(employee),
    legalFirstName: employee.legalFirstName,
    preferredFirstName: employee.preferredFirstName,
    lastName: employee.lastName,
    email: employee.email,
  },
  employeeRole: workforceRoleColumns(employeeRole),
};

// ── Assignments ─────────────────────────────────────────────────────────────────────────────

function selectAssignments(db: Db) {
  return db
    .select({ assignment: workforceAssignments, project: namedRefColumns(projects), role: workforceRoleColumns(role), ...employeeSummary })
    .from(workforceAssignments)
    .innerJoin(projects, eq(projects.id, workforceAssignments.projectId))
    .innerJoin(role, eq(role.id, workforceAssignments.roleId))
    .leftJoin(employee, eq(employee.id, workforceAssignments.employeeId))
    .leftJoin(employeeRole, eq(employeeRole.id, employee.roleId));
}

export type WorkforceAssignmentRow = Awaited<ReturnType<ReturnType<typeof selectAssignments>['execute']>>[number];

export interface AssignmentFilters {
  project_id?: number;
  employee_id?: number;
  role_id?: number;
  unfilled?: boolean;
  from?: string;
  to?: string;
  updated_since?: Date;
  /** Only the staffing of this user's teams' projects (project access `team`). */
  teamOf?: TeamOf;
}

/** Dates reaching into from..to (each bound optional). */
function overlapping(t: { startDate: AnyPgColumn; endDate: AnyPgColumn }, from?: string, to?: string) {
  return and(from !== undefined ? gte(t.endDate, from) : undefined, to !== undefined ? lte(t.startDate, to) : undefined);
}

export async function listWorkforceAssignments(db: Db, accountId: number, f: AssignmentFilters, page: PageWindow) {
  const a = workforceAssignments;
  const where = and(
    eq(a.accountId, accountId),
    f.project_id !== undefined ? eq(a.projectId, f.project_id) : undefined,
    f.employee_id !== undefined ? eq(a.employeeId, f.employee_id) : undefined,
    f.role_id !== undefined ? eq(a.roleId, f.role_id) : undefined,
    f.unfilled === true ? isNull(a.employeeId) : f.unfilled === false ? isNotNull(a.employeeId) : undefined,
    overlapping(a, f.from, f.to),
    updatedSince(a.updatedAt, f.updated_since),
    inTeam(a.projectId, f.teamOf),
  );
  return pageWithTotal(db, selectAssignments(db).$dynamic(), a, where, [desc(a.createdAt), desc(a.id)], page);
}

export function findWorkforceAssignment(db: Db, accountId: number, id: number, lock = false, teamOf?: TeamOf): Promise<WorkforceAssignmentRow | undefined> {
  const a = workforceAssignments;
  return oneRow(selectAssignments(db).where(and(ofAccount(a, accountId, id), inTeam(a.projectId, teamOf))), a, lock);
}

/**
 * Gives the project's following assignments the project's dates, if it has both (one statement,
 * after the project's row is written): the assignments moved, with their new dates.
 */
export async function moveFollowingAssignments(db: Db, accountId: number, projectId: number) {
  const a = workforceAssignments;
  const p = projects;
  return db
    .update(a)
    .set({ startDate: sql`${p.startDate}`, endDate: sql`${p.endDate}`, updatedAt: new Date() })
    .from(p)
    .where(
      and(
        eq(p.id, a.projectId),
        eq(p.accountId, a.accountId),
        eq(a.accountId, accountId),
        eq(a.projectId, projectId),
        eq(a.datesFollowProject, true),
        isNotNull(p.startDate),
        isNotNull(p.endDate),
        or(ne(a.startDate, p.startDate), ne(a.endDate, p.endDate)),
      ),
    )
    .returning({ id: a.id, startDate: a.startDate, endDate: a.endDate });
}

/**
 * The employee's assignments overlapping the days (backfill) on projects the caller sees, locked
 * against a concurrent change.
 */
export function lockEmployeeAssignments(db: Db, accountId: number, employeeId: number, from: string, to: string, teamOf: TeamOf) {
  const a = workforceAssignments;
  return db
    .select()
    .from(a)
    .where(and(eq(a.accountId, accountId), eq(a.employeeId, employeeId), overlapping(a, from, to), inTeam(a.projectId, teamOf)))
    .orderBy(asc(a.id))
    .for('update');
}

// ── Time off ────────────────────────────────────────────────────────────────────────────────

function selectTimeOff(db: Db) {
  return db
    .select({ timeOff: workforceTimeOff, ...employeeSummary })
    .from(workforceTimeOff)
    .innerJoin(employee, eq(employee.id, workforceTimeOff.employeeId))
    .leftJoin(employeeRole, eq(employeeRole.id, employee.roleId));
}

export type WorkforceTimeOffRow = Awaited<ReturnType<ReturnType<typeof selectTimeOff>['execute']>>[number];

export interface TimeOffFilters {
  employee_id?: number;
  from?: string;
  to?: string;
  updated_since?: Date;
}

export async function listWorkforceTimeOff(db: Db, accountId: number, f: TimeOffFilters, page: PageWindow) {
  const t = workforceTimeOff;
  const on = [f.employee_id !== undefined ? eq(t.employeeId, f.employee_id) : undefined, overlapping(t, f.from, f.to)];
  return listOfAccount(db, selectTimeOff(db).$dynamic(), t, accountId, f, on, [desc(t.createdAt), desc(t.id)], page);
}

export const { find: findWorkforceTimeOff } = readsById(selectTimeOff, workforceTimeOff);

// ── Certifications ──────────────────────────────────────────────────────────────────────────

function selectCertifications(db: Db) {
  return db
    .select({ certification: workforceCertifications, ...employeeSummary })
    .from(workforceCertifications)
    .innerJoin(employee, eq(employee.id, workforceCertifications.employeeId))
    .leftJoin(employeeRole, eq(employeeRole.id, employee.roleId));
}

export type WorkforceCertificationRow = Awaited<ReturnType<ReturnType<typeof selectCertifications>['execute']>>[number];

export interface CertificationFilters {
  employee_id?: number;
  expiring_before?: string;
  updated_since?: Date;
}

export async function listWorkforceCertifications(db: Db, accountId: number, f: CertificationFilters, page: PageWindow) {
  const c = workforceCertifications;
  const on = [
    f.employee_id !== undefined ? eq(c.employeeId, f.employee_id) : undefined,
    f.expiring_before !== undefined ? lt(c.expiresOn, f.expiring_before) : undefined,
  ];
  return listOfAccount(db, selectCertifications(db).$dynamic(), c, accountId, f, on, [desc(c.createdAt), desc(c.id)], page);
}

export const { find: findWorkforceCertification } = readsById(selectCertifications, workforceCertifications);

// ── Utilization ─────────────────────────────────────────────────────────────────────────────

export interface PlanFilters {
  employee_id?: number;
  role_id?: number;
  division_id?: number;
}

/** [start_date, end_date, allocation_percent] and [start_date, end_date], as json_agg prints them. */
type AssignmentJson = [string, string, number];
type TimeOffJson = [string, string];

/**
 * The employee's time off reaching into from..to, in the employee's row. Written with explicit
 * aliases: Drizzle leaves columns unqualified in a select without joins, where `id` would name the
 * subquery's own.
 */
function timeOffOf(range: { from: string; to: string }) {
  const e = workforceEmployees;
  return sql<TimeOffJson[]>`coalesce((
    select json_agg(json_build_array(o.start_date, o.end_date))
    from ${workforceTimeOff} o where o.employee_id = ${e}.id and o.account_id = ${e}.account_id
      and o.start_date <= ${range.to} and o.end_date >= ${range.from}), '[]'::json)`;
}

/**
 * A page of employees (by last name, first name, id) with, in their own row, their assignments and
 * their time off reaching into from..to: one statement for the page, one for its total.
 */
export async function utilizationRows(db: Db, accountId: number, f: PlanFilters, range: { from: string; to: string }, page: PageWindow) {
  const e = workforceEmployees;
  const a = workforceAssignments;
  const where = and(
    eq(e.accountId, accountId),
    f.employee_id !== undefined ? eq(e.id, f.employee_id) : undefined,
    f.role_id !== undefined ? eq(e.roleId, f.role_id) : undefined,
    f.division_id !== undefined ? eq(e.divisionId, f.division_id) : undefined,
  );
  return pageWithTotal(
    db,
    db
      .select({
        employee: {
          ...baseColumns(e),
          legalFirstName: e.legalFirstName,
          preferredFirstName: e.preferredFirstName,
          lastName: e.lastName,
          email: e.email,
          startDate: e.startDate,
        },
        employeeRole: workforceRoleColumns(employeeRole),
        assignments: sql<AssignmentJson[]>`coalesce((
          select json_agg(json_build_array(a.start_date, a.end_date, a.allocation_percent))
          from ${a} a where a.employee_id = ${e}.id and a.account_id = ${e}.account_id
            and a.start_date <= ${range.to} and a.end_date >= ${range.from}), '[]'::json)`,
        timeOff: timeOffOf(range),
      })
      .from(e)
      .leftJoin(employeeRole, eq(employeeRole.id, e.roleId))
      .$dynamic(),
    e,
    where,
    [asc(e.lastName), asc(e.legalFirstName), asc(e.id)],
    page,
  );
}

// ── Demand ──────────────────────────────────────────────────────────────────────────────────

/** The account's workforce roles (or the one asked), by name. */
export function planRoles(db: Db, accountId: number, roleId?: number) {
  return db
    .select(workforceRoleColumns(workforceRoles))
    .from(workforceRoles)
    .where(and(eq(workforceRoles.accountId, accountId), roleId !== undefined ? eq(workforceRoles.id, roleId) : undefined))
    .orderBy(asc(workforceRoles.name), asc(workforceRoles.id));
}

/**
 * Assignments on won and open projects reaching into from..to, summed by role and dates (those
 * following a project share its dates, so the rows are far fewer than the assignments): the
 * allocations on won projects, on open ones, and on open ones × probability (the project's, else
 * its stage's default, else 0). Lost projects count nowhere. With `division_id`: the projects of
 * that division.
 */
export function demandRows(db: Db, accountId: number, f: { role_id?: number; division_id?: number }, range: { from: string; to: string }) {
  const a = workforceAssignments;
  const p = projects;
  const probability = sql`coalesce(${p.probability}, ${projectStages.defaultProbability}, 0)`;
  return db
    .select({
      roleId: a.roleId,
      startDate: a.startDate,
      endDate: a.endDate,
      awardedPercent: sql<number>`coalesce(sum(${a.allocationPercent}) filter (where ${p.closeType} = 'won'), 0)`.mapWith(Number),
      pursuitPercent: sql<number>`coalesce(sum(${a.allocationPercent}) filter (where ${p.closeType} is null), 0)`.mapWith(Number),
      pursuitWeightedPercent: sql<number>`coalesce(sum(${a.allocationPercent} * ${probability}) filter (where ${p.closeType} is null), 0)`.mapWith(Number),
    })
    .from(a)
    .innerJoin(p, eq(p.id, a.projectId))
    .leftJoin(projectStages, eq(projectStages.id, p.projectStageId))
    .where(
      and(
        eq(a.accountId, accountId),
        lte(a.startDate, range.to),
        gte(a.endDate, range.from),
        or(isNull(p.closeType), eq(p.closeType, 'won')),
        f.role_id !== undefined ? eq(a.roleId, f.role_id) : undefined,
        f.division_id !== undefined ? eq(p.divisionId, f.division_id) : undefined,
      ),
    )
    .groupBy(a.roleId, a.startDate, a.endDate);
}

/** The people counted in headcount (by role; of the division asked), with their time off reaching into from..to. */
export function headcountRows(db: Db, accountId: number, f: { role_id?: number; division_id?: number }, range: { from: string; to: string }) {
  const e = workforceEmployees;
  return db
    .select({
      roleId: e.roleId,
      startDate: e.startDate,
      timeOff: timeOffOf(range),
    })
    .from(e)
    .where(
      and(
        eq(e.accountId, accountId),
        eq(e.excludedFromHeadcount, false),
        isNotNull(e.roleId),
        f.role_id !== undefined ? eq(e.roleId, f.role_id) : undefined,
        f.division_id !== undefined ? eq(e.divisionId, f.division_id) : undefined,
      ),
    );
}
