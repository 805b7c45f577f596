import { z } from 'zod';
import { MAX_PERIODS, periodCount } from '@/lib/shared/domain/workforce';
import {
  date,
  idFilters,
  managerSummary,
  name,
  paginationQuery,
  projectReference,
  queryBoolean,
  queryId,
  recordResponse,
  relationId,
  responseDate,
  shortText,
  workforceRoleResponse,
  writeBodies,
} from './common';

// Workforce planning (docs/workforce-planning.md): assignments, time off, certifications, and the
// utilization and demand views computed from them.

const allocation = z.number().int('must be a whole number').min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100');

// ── Assignments ─────────────────────────────────────────────────────────────────────────────

const assignmentFields = {
  project_id: relationId.meta({ description: 'Id of the project staffed.' }),
  employee_id: relationId.nullable().meta({ description: 'Id of the employee; null: an unfilled role, to staff later.' }),
  role_id: relationId.meta({ description: 'Id of the workforce role the assignment staffs.' }),
  allocation_percent: allocation.meta({ description: 'Share of the employee’s working days, 1–100; default 100.' }),
  start_date: date.meta({ description: 'First day, included. With `dates_follow_project` true: the project’s start_date.' }),
  end_date: date.meta({ description: 'Last day, included. With `dates_follow_project` true: the project’s end_date.' }),
  dates_follow_project: z.boolean().meta({
    description:
      'The dates are the project’s and move when it moves. Default true, unless dates are given without it; giving dates on a PATCH turns it off unless it is sent true.',
  }),
};

/** The POST body under `workforce_assignment` (`project_id` and `role_id` are required) and the PATCH body (any subset). */
export const { create: workforceAssignmentCreate, update: workforceAssignmentUpdate } = writeBodies('WorkforceAssignment', assignmentFields, {
  project_id: true,
  role_id: true,
});
export type WorkforceAssignmentCreate = z.output<typeof workforceAssignmentCreate>;
export type WorkforceAssignmentUpdate = z.output<typeof workforceAssignmentUpdate>;

const overlapQuery = {
  from: date.optional().meta({ description: 'Records whose dates reach this day or later (overlapping from..to).' }),
  to: date.optional().meta({ description: 'Records whose dates start on or before this day.' }),
};

export const workforceAssignmentListQuery = paginationQuery.extend({
  ...idFilters('project', 'employee', 'role'),
  unfilled: queryBoolean.optional().meta({ description: 'true: only assignments without an employee; false: only staffed ones.' }),
  ...overlapQuery,
});

export const workforceAssignmentResponse = recordResponse('WorkforceAssignment', {
  project: projectReference,
  employee: managerSummary.nullable(),
  role: workforceRoleResponse,
  allocation_percent: z.number().int(),
  start_date: responseDate,
  end_date: responseDate,
  dates_follow_project: z.boolean(),
});
export type WorkforceAssignmentResponse = z.output<typeof workforceAssignmentResponse>;

// ── Time off ────────────────────────────────────────────────────────────────────────────────

const timeOffFields = {
  employee_id: relationId.meta({ description: 'Id of the employee.' }),
  start_date: date,
  end_date: date,
  reason: shortText.nullable(),
};

/** POST body under `workforce_time_off`; `backfill: true` turns the lost working days of the employee's assignments into unfilled assignments. */
export const workforceTimeOffCreate = z
  .object({
    ...timeOffFields,
    backfill: z.boolean().optional().meta({
      description:
        'true: each of the employee’s assignments overlapping the time off gets an unfilled twin (same project, role and allocation) over the overlapping working days, so the gap shows as demand.',
    }),
  })
  .partial({ reason: true })
  .meta({ id: 'WorkforceTimeOffCreate' });
export const workforceTimeOffUpdate = z.object(timeOffFields).partial().meta({ id: 'WorkforceTimeOffUpdate' });
export type WorkforceTimeOffCreate = z.output<typeof workforceTimeOffCreate>;
export type WorkforceTimeOffUpdate = z.output<typeof workforceTimeOffUpdate>;

export const workforceTimeOffListQuery = paginationQuery.extend({ employee_id: queryId.optional(), ...overlapQuery });

export const workforceTimeOffResponse = recordResponse('WorkforceTimeOff', {
  employee: managerSummary,
  start_date: responseDate,
  end_date: responseDate,
  reason: z.string().nullable(),
});
export type WorkforceTimeOffResponse = z.output<typeof workforceTimeOffResponse>;

// ── Certifications ──────────────────────────────────────────────────────────────────────────

const certificationFields = {
  employee_id: relationId.meta({ description: 'Id of the employee.' }),
  name: name.meta({ example: 'OSHA 30' }),
  issued_on: date.nullable(),
  expires_on: date.nullable().meta({ description: 'The day it lapses; null: it does not.' }),
};

export const workforceCertificationCreate = z
  .object(certificationFields)
  .partial({ issued_on: true, expires_on: true })
  .meta({ id: 'WorkforceCertificationCreate' });
export const workforceCertificationUpdate = z.object(certificationFields).partial().meta({ id: 'WorkforceCertificationUpdate' });
export type WorkforceCertificationCreate = z.output<typeof workforceCertificationCreate>;
export type WorkforceCertificationUpdate = z.output<typeof workforceCertificationUpdate>;

export const workforceCertificationListQuery = paginationQuery.extend({
  employee_id: queryId.optional(),
  expiring_before: date.optional().meta({ description: 'Certifications that lapse before this day.' }),
});

export const workforceCertificationResponse = recordResponse('WorkforceCertification', {
  employee: managerSummary,
  name: z.string(),
  issued_on: responseDate.nullable(),
  expires_on: responseDate.nullable(),
});
export type WorkforceCertificationResponse = z.output<typeof workforceCertificationResponse>;

// ── Utilization and demand ──────────────────────────────────────────────────────────────────

const interval = z.enum(['week', 'month']);

const planRange = z.object({
  from: date.optional().meta({ description: 'First day; the grid starts on the Monday of its week (or the first of its month). Default: today (UTC).' }),
  to: date.optional().meta({ description: 'Last day, included. Default: 25 weeks after the first week, or 11 months after the first month.' }),
  interval: interval.default('week').meta({ description: 'week (Monday to Sunday) or month; default week.' }),
});

/** from/to/interval, checked together: to not before from, at most 156 weeks or 36 months. */
function checkRange(q: z.output<typeof planRange>, ctx: z.RefinementCtx) {
  if (q.from === undefined || q.to === undefined) return;
  if (q.to < q.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    return;
  }
  const max = MAX_PERIODS[q.interval];
  if (periodCount(q.from, q.to, q.interval) > max) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `must be within ${max} ${q.interval}s of from (both included)` });
  }
}

export const utilizationQuery = planRange
  .extend({
    page: paginationQuery.shape.page,
    per_page: paginationQuery.shape.per_page,
    ...idFilters('employee', 'role', 'division'),
  })
  .superRefine(checkRange);
export type UtilizationQuery = z.output<typeof utilizationQuery>;

export const demandQuery = planRange.extend({ role_id: queryId.optional(), division_id: queryId.optional() }).superRefine(checkRange);
export type DemandQuery = z.output<typeof demandQuery>;

const periodResponse = z.object({ start: responseDate, end: responseDate });
const days = z.number().meta({ description: 'Working days, to two decimals.' });

export const utilizationResponse = z
  .object({
    interval,
    periods: z.array(periodResponse),
    employees: z.array(
      z.object({
        employee: managerSummary,
        periods: z.array(
          z.object({
            start: responseDate,
            capacity_days: days.meta({ description: 'Working days on or after the employee’s start date, minus time off.' }),
            assigned_days: days.meta({ description: 'Σ allocation ÷ 100 × working days inside each assignment’s dates that are not time off.' }),
            time_off_days: days,
            utilization_percent: z.number().nullable().meta({ description: '100 × assigned ÷ capacity, one decimal; null when capacity is 0.' }),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'WorkforceUtilization' });
export type UtilizationResponse = z.output<typeof utilizationResponse>;

const fte = z.number().meta({ description: 'Full-time equivalents, two decimals.' });
export const demandResponse = z
  .object({
    interval,
    periods: z.array(
      periodResponse.extend({
        roles: z.array(
          z.object({
            role: workforceRoleResponse,
            headcount_fte: fte.meta({ description: 'Σ over the role’s employees counted in headcount of capacity days ÷ the period’s working days.' }),
            awarded_fte: fte.meta({ description: 'Assignments on won projects (upcoming, active, complete).' }),
            pursuit_fte: fte.meta({ description: 'Assignments on open projects.' }),
            pursuit_weighted_fte: fte.meta({ description: 'Each open assignment × its project’s probability (else its stage’s default, else 0).' }),
            shortfall_fte: fte.meta({ description: 'max(0, awarded + weighted pursuit − headcount).' }),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'WorkforceDemand' });
export type DemandResponse = z.output<typeof demandResponse>;
