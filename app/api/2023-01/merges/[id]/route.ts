import { parseId } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { getMerge } from '@/lib/server/services/merges';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/merges/{id} — one merge: what it kept, merged and moved
  GET: async ({ db, ctx, params }) => json({ merge: await getMerge(db, ctx, parseId(params.id, 'Merge')) }),
});
