import { parseBareBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { mergeRecords } from '@/lib/server/services/merges';
import { mergeInput } from '@/lib/shared/validation/merges';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // POST /api/2023-01/contacts/{id}/merge — merge duplicates into this one (dry_run: what would move)
  POST: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Contact');
    const merge = await mergeRecords(db, ctx, 'contacts', id, await parseBareBody(req, mergeInput));
    return json({ merge }, merge.dry_run ? 200 : 201);
  },
});
