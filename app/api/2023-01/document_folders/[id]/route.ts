import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteDocumentFolder, getDocumentFolder, updateDocumentFolder } from '@/lib/server/services/document-folders';
import { documentFolderUpdate } from '@/lib/shared/validation/document-folders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/document_folders/{id} — one folder
  GET: async ({ db, ctx, params }) => json({ document_folder: await getDocumentFolder(db, ctx, parseId(params.id, 'Document folder')) }),
  // PATCH /api/2023-01/document_folders/{id} — rename it, or move it into another folder of its record
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Document folder');
    return json({ document_folder: await updateDocumentFolder(db, ctx, id, await parseBody(req, 'document_folder', documentFolderUpdate)) });
  },
  // DELETE /api/2023-01/document_folders/{id} — the folder and the folders in it (their documents stay, at the top level)
  DELETE: async ({ db, ctx, params }) => {
    await deleteDocumentFolder(db, ctx, parseId(params.id, 'Document folder'));
    return noContent();
  },
});
