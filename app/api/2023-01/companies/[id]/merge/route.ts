import { parseBareBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { mergeRecords } from '@/lib/server/services/merges';
import { mergeInput } from '@/lib/shared/validation/merges';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // POST /api/2023-01/companies/{id}/merge — merge duplicates into this one (dry_run: what would move)
  POST: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Company');
    const merge = await mergeRecords(db, ctx, 'companies', id, await parseBareBody(req, mergeInput));
    return json({ merge }, merge.dry_run ? 200 : 201);
  },
});
