import { defineRoute, json } from '@/lib/api/route';
import { parseQuery } from '@/lib/api/request';
import { pipelineReport } from '@/lib/services/reports';
import { pipelineReportQuery } from '@/lib/validation/reports';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/reports/pipeline — open pipeline by stage, won and lost over the last N days
  GET: async (a) => json({ pipeline: await pipelineReport(a.db, a.ctx, parseQuery(a.url, pipelineReportQuery)) }),
});
