import { listOrExport } from '@/lib/server/http/export';
import { zodDetails } from '@/lib/server/http/errors';
import { defineRoute, json } from '@/lib/server/http/route';
import { readUpload } from '@/lib/server/http/upload';
import { validationFailed } from '@/lib/server/services/errors';
import { createImport, listImports, previewImport } from '@/lib/server/imports/service';
import { importCreateQuery, importListQuery, importResponse } from '@/lib/shared/validation/imports';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/imports — list the account's imports, newest first
  GET: (a) => listOrExport(a, 'imports', importListQuery, listImports, importResponse),
  // POST /api/2023-01/imports — import a spreadsheet (202), or preview it (dry_run=true, 200)
  POST: async (a) => {
    const upload = await readUpload(a.req, a.url);
    const parsed = importCreateQuery.safeParse(upload.fields);
    if (!parsed.success) throw validationFailed(zodDetails(parsed.error), 'The import has invalid options.');
    const args = { bytes: upload.bytes, filename: upload.filename, query: parsed.data };
    if (parsed.data.dry_run) return json({ import_preview: await previewImport(a.db, a.ctx, args) });
    return json({ import: await createImport(a.db, a.ctx, args) }, 202);
  },
});
