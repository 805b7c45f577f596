import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { createDocumentFolder, listDocumentFolders } from '@/lib/server/services/document-folders';
import { documentFolderCreate, documentFolderListQuery, documentFolderResponse } from '@/lib/shared/validation/document-folders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/document_folders?attachable_type=&attachable_id= — a record's folders, by name
  GET: async (call) => listOrExport(call, 'document_folders', documentFolderListQuery, listDocumentFolders, documentFolderResponse),
  // POST /api/2023-01/document_folders — a folder on a record (in another of its folders, or at the top)
  POST: async ({ db, ctx, req }) =>
    json({ document_folder: await createDocumentFolder(db, ctx, await parseBody(req, 'document_folder', documentFolderCreate)) }, 201),
});
