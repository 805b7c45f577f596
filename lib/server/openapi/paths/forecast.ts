import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  forecastQuery,
  forecastResponse,
  projectForecastResponse,
  revenueTargetResponse,
  revenueTargetsPut,
  revenueTargetsQuery,
  slipResponse,
  slipsQuery,
  snapshotListQuery,
  snapshotResponse,
} from '@/lib/shared/validation/forecast';
import {
  errorResponse,
  EXPORT_NOTE,
  exportQuery,
  idPath,
  listHeaders,
  notFoundResponses as notFound,
  ok,
  standardErrors,
  wrapped,
  writeErrors,
} from '@/lib/server/openapi/paths/resource';

const tags = ['Forecast'];

export const forecastPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/projects/{id}/forecast': {
    get: {
      operationId: 'get_project_forecast',
      tags,
      summary: 'A project’s forecast by month',
      description:
        'The project’s amount spread over the calendar months from `start_date` to `end_date` by its `forecast_curve` (docs/forecast.md: ' +
        '`s_curve` 3t² − 2t³, `linear`, `front_loaded`, `back_loaded`, or `manual` cumulative percentages), each month rounded half up so the months ' +
        'add up to the amount exactly; cost and margin on the same curve when `estimated_cost` is set. Without a start date, an end date or an ' +
        'amount, `months` is empty and `missing` names what is lacking.',
      requestParams: { path: idPath },
      responses: { ...ok('The project’s months.', 'project_forecast', projectForecastResponse), ...standardErrors, ...notFound },
    },
  },
  '/api/2023-01/forecast': {
    get: {
      operationId: 'get_forecast',
      tags,
      summary: 'The company forecast by month',
      description:
        'Revenue by month over `from`..`to` (default: this month and the 17 after it; at most 60 months): contracted (won projects), the open ' +
        'pipeline unweighted and weighted by probability (the project’s, else its stage’s `default_probability`, else 0), their total, the ' +
        'backlog (won revenue scheduled after each month), the month’s revenue target and the gap to it, with totals, the unscheduled projects ' +
        '(missing a date or an amount) and what closing each gap would take. Computed from one statement per input and one pass over the projects.',
      requestParams: { query: forecastQuery },
      responses: { ...ok('The forecast.', 'forecast', forecastResponse), ...standardErrors, ...notFound, '422': writeErrors['422'] },
    },
  },
  '/api/2023-01/revenue_targets': {
    get: {
      operationId: 'list_revenue_targets',
      tags,
      summary: 'List the revenue targets',
      description: 'The account’s monthly revenue targets, by month.',
      requestParams: { query: revenueTargetsQuery },
      responses: { ...ok('The targets.', 'revenue_targets', z.array(revenueTargetResponse)), ...standardErrors, '422': writeErrors['422'] },
    },
    put: {
      operationId: 'set_revenue_targets',
      tags,
      summary: 'Set revenue targets (admins)',
      description:
        'Sets the target of each month given (`amount_in_cents`), or clears it (`null`); months not given keep theirs. Answers every target of the account.',
      requestBody: { required: true, content: { 'application/json': { schema: wrapped('revenue_targets', revenueTargetsPut) } } },
      responses: {
        ...ok('Every target of the account.', 'revenue_targets', z.array(revenueTargetResponse)),
        ...standardErrors,
        ...writeErrors,
        '403': {
          description: 'Not an admin (`forbidden`), or a read-only token (`insufficient_scope`).',
          content: { 'application/json': { schema: errorResponse } },
        },
      },
    },
  },
  '/api/2023-01/forecast/snapshots': {
    get: {
      operationId: 'list_forecast_snapshots',
      tags,
      summary: 'List the forecast snapshots',
      description:
        'Snapshots of every open and won project’s forecast inputs: one a week (the webhook worker’s schedule) and any taken on demand, newest first.',
      requestParams: { query: snapshotListQuery.extend(exportQuery.shape) },
      responses: {
        '200': {
          description: `A page.${EXPORT_NOTE}`,
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped('forecast_snapshots', z.array(snapshotResponse)) } },
        },
        ...standardErrors,
        '422': writeErrors['422'],
      },
    },
    post: {
      operationId: 'create_forecast_snapshot',
      tags,
      summary: 'Take a forecast snapshot now',
      description:
        'Keeps every open and won project’s amount, probability, stage, dates and curve as they are now; compare with `GET /forecast?snapshot_id=` and `GET /forecast/slips`.',
      responses: { ...ok('The snapshot.', 'forecast_snapshot', snapshotResponse, '201'), ...standardErrors },
    },
  },
  '/api/2023-01/forecast/snapshots/{id}': {
    get: {
      operationId: 'get_forecast_snapshot',
      tags,
      summary: 'Get a forecast snapshot',
      requestParams: { path: idPath },
      responses: { ...ok('The snapshot.', 'forecast_snapshot', snapshotResponse), ...standardErrors, ...notFound },
    },
  },
  '/api/2023-01/forecast/slips': {
    get: {
      operationId: 'list_forecast_slips',
      tags,
      summary: 'What moved since a snapshot',
      description: 'Projects of the snapshot whose start moved later (days slipped), or whose amount or effective probability changed.',
      requestParams: { query: slipsQuery },
      responses: { ...ok('The projects that moved.', 'forecast_slips', z.array(slipResponse)), ...standardErrors, ...notFound, '422': writeErrors['422'] },
    },
  },
};
