import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { createSavedView, listSavedViews } from '@/lib/server/services/saved-views';
import { savedViewCreate, savedViewListQuery, savedViewResponse } from '@/lib/shared/validation/saved-views';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/saved_views — the caller's views and the account's shared ones
  GET: async (call) => listOrExport(call, 'saved_views', savedViewListQuery, listSavedViews, savedViewResponse),
  // POST /api/2023-01/saved_views — save a list's filters, columns and sort under a name
  POST: async ({ db, ctx, req }) => json({ saved_view: await createSavedView(db, ctx, await parseBody(req, 'saved_view', savedViewCreate)) }, 201),
});
