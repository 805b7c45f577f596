import { listOrExport } from '@/lib/server/http/export';
import { zodDetails } from '@/lib/server/http/errors';
import { defineRoute, json } from '@/lib/server/http/route';
import { readUpload } from '@/lib/server/http/upload';
import { validationFailed } from '@/lib/server/services/errors';
import { createImport, listImports, previewImport } from '@/lib/server/imports/service';
import { importCreateQuery, importListQuery, importResponse } from '@/lib/shared/validation/imports';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/imports — list the account's imports, newest first
  GET: (call) => listOrExport(call, 'imports', importListQuery, listImports, importResponse),
  // POST /api/2023-01/imports — import a spreadsheet (202), or preview it (dry_run=true, 200)
  POST: async ({ req, url, db, ctx }) => {
    const upload = await readUpload(req, url);
    const parsed = importCreateQuery.safeParse(upload.fields);
    if (!parsed.success) throw validationFailed(zodDetails(parsed.error), 'The import has invalid options.');
    const args = { bytes: upload.bytes, filename: upload.filename, query: parsed.data };
    if (parsed.data.dry_run) return json({ import_preview: await previewImport(db, ctx, args) });
    return json({ import: await createImport(db, ctx, args) }, 202);
  },
});
