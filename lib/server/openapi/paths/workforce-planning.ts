import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  demandQuery,
  demandResponse,
  utilizationQuery,
  utilizationResponse,
  workforceAssignmentCreate,
  workforceAssignmentListQuery,
  workforceAssignmentResponse,
  workforceAssignmentUpdate,
  workforceCertificationCreate,
  workforceCertificationListQuery,
  workforceCertificationResponse,
  workforceCertificationUpdate,
  workforceTimeOffCreate,
  workforceTimeOffListQuery,
  workforceTimeOffResponse,
  workforceTimeOffUpdate,
} from '@/lib/shared/validation/workforce-planning';
import { notFoundResponses as notFound, ok, pageHeaders, resourcePaths, standardErrors, wrapped, writeErrors } from '@/lib/server/openapi/paths/resource';

const tag = 'Workforce';
const tags = [tag];
const ops = ['list', 'create', 'get', 'update', 'delete'] as const;

export const workforcePlanningPaths: ZodOpenApiPathsObject = {
  ...resourcePaths({
    resource: 'workforce_assignment',
    response: workforceAssignmentResponse,
    create: workforceAssignmentCreate,
    update: workforceAssignmentUpdate,
    listQuery: workforceAssignmentListQuery,
    ops: [...ops],
    summaries: {
      list: 'List workforce assignments',
      create: 'Staff a role on a project (an employee, or none: an unfilled role)',
      update: 'Update a workforce assignment',
      delete: 'Delete a workforce assignment',
    },
  }),
  ...resourcePaths({
    resource: 'workforce_time_off',
    response: workforceTimeOffResponse,
    create: workforceTimeOffCreate,
    update: workforceTimeOffUpdate,
    listQuery: workforceTimeOffListQuery,
    ops: [...ops],
    summaries: {
      list: 'List time off',
      create: 'Record time off (with `backfill`: the lost days of the employee’s assignments become unfilled assignments)',
      update: 'Update time off',
      delete: 'Delete time off',
    },
  }),
  ...resourcePaths({
    resource: 'workforce_certification',
    response: workforceCertificationResponse,
    create: workforceCertificationCreate,
    update: workforceCertificationUpdate,
    listQuery: workforceCertificationListQuery,
    ops: [...ops],
    summaries: {
      list: 'List certifications',
      create: 'Record a certification',
      update: 'Update a certification',
      delete: 'Delete a certification',
    },
  }),
  '/api/2023-01/workforce/utilization': {
    get: {
      operationId: 'get_workforce_utilization',
      tags,
      summary: 'Utilization: a page of people × weeks (or months)',
      description:
        'For each employee of the page (by last name, first name) and each period (weeks start on Monday; at most 156 weeks or 36 months): ' +
        '`time_off_days` (working days in their time off), `capacity_days` (working days on or after their start date, minus time off), ' +
        '`assigned_days` (Σ allocation ÷ 100 × working days inside each assignment’s dates that are not time off) and `utilization_percent` ' +
        '(100 × assigned ÷ capacity, one decimal; null when capacity is 0). Working days are Monday to Friday. Paged over employees ' +
        '(Link, X-Total-Count). Two statements whatever the page size (docs/workforce-planning.md).',
      requestParams: { query: utilizationQuery },
      responses: {
        '200': {
          description: 'The grid.',
          headers: pageHeaders,
          content: { 'application/json': { schema: wrapped('workforce_utilization', utilizationResponse) } },
        },
        ...standardErrors,
        '422': writeErrors['422'],
      },
    },
  },
  '/api/2023-01/workforce/demand': {
    get: {
      operationId: 'get_workforce_demand',
      tags,
      summary: 'Demand against headcount, per role and period',
      description:
        'An assignment’s FTE in a period is allocation ÷ 100 × its working days in the period ÷ the period’s working days. `awarded_fte`: ' +
        'assignments on won projects; `pursuit_fte`: on open projects; `pursuit_weighted_fte`: each × the project’s probability (else its ' +
        'stage’s default, else 0); lost projects count nowhere. `headcount_fte`: Σ over the role’s employees not excluded from headcount of ' +
        'capacity days ÷ the period’s working days. `shortfall_fte` = max(0, awarded + weighted − headcount). Two decimals. Every role of the ' +
        'account (or the one asked) in every period, by name. Three statements (docs/workforce-planning.md).',
      requestParams: { query: demandQuery },
      responses: { ...ok('The demand.', 'workforce_demand', demandResponse), ...standardErrors, ...notFound, '422': writeErrors['422'] },
    },
  },
};
