import { bigint, boolean, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountId } from './accounts';
import { id, parentRef, timestamps } from './columns';
import { workforceRoles } from './lookups';
import { projects } from './projects';
import { workforceEmployees } from './workforce-employees';

// Workforce planning (docs/workforce-planning.md): people planned onto projects by role, their
// time off and certifications. Dates are inclusive calendar dates; working days are Monday–Friday.

/** A role staffed on a project for a share of a person's time; no employee: a role still to fill. */
export const workforceAssignments = pgTable(
  'workforce_assignments',
  {
    id: id(),
    accountId: accountId(),
    projectId: parentRef('project_id', () => projects.id),
    employeeId: bigint('employee_id', { mode: 'number' }).references(() => workforceEmployees.id, { onDelete: 'set null' }),
    roleId: parentRef('role_id', () => workforceRoles.id),
    allocationPercent: integer('allocation_percent').notNull().default(100),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The dates are the project's and move with them (in the project update's transaction). */
    datesFollowProject: boolean('dates_follow_project').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('workforce_assignments_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('workforce_assignments_account_updated_idx').on(t.accountId, t.updatedAt),
    index('workforce_assignments_project_id_idx').on(t.projectId),
    index('workforce_assignments_employee_id_idx').on(t.employeeId, t.startDate),
    index('workforce_assignments_role_id_idx').on(t.roleId),
    index('workforce_assignments_account_dates_idx').on(t.accountId, t.startDate, t.endDate),
    check('workforce_assignments_allocation_check', sql`${t.allocationPercent} between 1 and 100`),
    check('workforce_assignments_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** Days an employee does not work (holiday, leave, training). */
export const workforceTimeOff = pgTable(
  'workforce_time_off',
  {
    id: id(),
    accountId: accountId(),
    employeeId: parentRef('employee_id', () => workforceEmployees.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reason: text('reason'),
    ...timestamps,
  },
  (t) => [
    index('workforce_time_off_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('workforce_time_off_account_updated_idx').on(t.accountId, t.updatedAt),
    index('workforce_time_off_employee_id_idx').on(t.employeeId, t.startDate),
    check('workforce_time_off_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** A certification an employee holds (OSHA 30, first aid…), with the day it lapses. */
export const workforceCertifications = pgTable(
  'workforce_certifications',
  {
    id: id(),
    accountId: accountId(),
    employeeId: parentRef('employee_id', () => workforceEmployees.id),
    name: text('name').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('workforce_certifications_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('workforce_certifications_account_updated_idx').on(t.accountId, t.updatedAt),
    index('workforce_certifications_employee_id_idx').on(t.employeeId),
    index('workforce_certifications_account_name_idx').on(t.accountId, sql`lower(${t.name})`, t.expiresOn),
  ],
);
