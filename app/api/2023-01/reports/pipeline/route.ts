import { defineRoute, json } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { pipelineReport } from '@/lib/server/services/reports';
import { pipelineReportQuery } from '@/lib/shared/validation/reports';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/reports/pipeline — open pipeline by stage, won and lost over the last N days
  GET: async ({ db, ctx, url }) => json({ pipeline: await pipelineReport(db, ctx, parseQuery(url, pipelineReportQuery)) }),
});
