import { parseId } from '@/lib/server/http/request';
import { defineRoute } from '@/lib/server/http/route';
import { importErrorsCsv } from '@/lib/server/imports/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/imports/{id}/errors.csv — the rows that failed, as they were, with why
  GET: async ({ db, ctx, params }) => {
    const { name, csv } = await importErrorsCsv(db, ctx, parseId(params.id, 'Import'));
    const base = name.replace(/\.(csv|xlsx)$/i, '').replace(/[^\w.-]+/g, '-');
    return new Response(csv, {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${base}-errors.csv"`, 'Cache-Control': 'no-store' },
    });
  },
});
