import { parseId } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { getImport, undoImport } from '@/lib/server/imports/service';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/imports/{id} — an import and its progress
  GET: async ({ db, ctx, params }) => json({ import: await getImport(db, ctx, parseId(params.id, 'Import')) }),
  // DELETE /api/2023-01/imports/{id} — undo: delete the records it created; the import stays, undone
  DELETE: async ({ db, ctx, params }) => json({ import: await undoImport(db, ctx, parseId(params.id, 'Import')) }),
});
