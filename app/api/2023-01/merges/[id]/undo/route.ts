import { parseId } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { undoMerge } from '@/lib/server/services/merges';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // POST /api/2023-01/merges/{id}/undo — within 24 hours: the sources back, what moved moved back
  POST: async ({ db, ctx, params }) => json({ merge: await undoMerge(db, ctx, parseId(params.id, 'Merge')) }),
});
