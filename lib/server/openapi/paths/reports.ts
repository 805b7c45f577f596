import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { pipelineReportQuery, pipelineReportResponse } from '@/lib/shared/validation/reports';
import { ok, standardErrors, writeErrors } from '@/lib/server/openapi/paths/resource';

export const reportsPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/reports/pipeline': {
    get: {
      operationId: 'get_pipeline_report',
      tags: ['Reports'],
      summary: 'The pipeline at a glance',
      description:
        'Projects and their amounts per stage (the open pipeline), and the projects won and lost over the last `days` days ' +
        '(those that entered a won or lost stage since `closed_since`; list them with GET /projects?close_type=won&closed_since=…).',
      requestParams: { query: pipelineReportQuery },
      responses: { ...ok('The report.', 'pipeline', pipelineReportResponse), ...standardErrors, '422': writeErrors['422'] },
    },
  },
};
