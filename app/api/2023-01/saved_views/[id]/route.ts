import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteSavedView, getSavedView, updateSavedView } from '@/lib/server/services/saved-views';
import { savedViewUpdate } from '@/lib/shared/validation/saved-views';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/saved_views/{id} — one view (the caller's, or shared)
  GET: async ({ db, ctx, params }) => json({ saved_view: await getSavedView(db, ctx, parseId(params.id, 'Saved view')) }),
  // PATCH /api/2023-01/saved_views/{id} — rename, change, share or unshare it (its owner or an admin)
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Saved view');
    return json({ saved_view: await updateSavedView(db, ctx, id, await parseBody(req, 'saved_view', savedViewUpdate)) });
  },
  // DELETE /api/2023-01/saved_views/{id} — delete it (its owner or an admin)
  DELETE: async ({ db, ctx, params }) => {
    await deleteSavedView(db, ctx, parseId(params.id, 'Saved view'));
    return noContent();
  },
});
