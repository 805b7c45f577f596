import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { documentFolderCreate, documentFolderListQuery, documentFolderResponse, documentFolderUpdate } from '@/lib/shared/validation/document-folders';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const documentFoldersPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'document_folder',
  response: documentFolderResponse,
  create: documentFolderCreate,
  update: documentFolderUpdate,
  listQuery: documentFolderListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: {
    list: "List a project's, lead's, company's or contact's document folders, by name",
    create: 'Make a folder on a record, at the top level or in another of its folders',
    update: 'Rename a folder, or move it into another folder of the same record',
    delete: 'Delete a folder and the folders in it; their documents stay, at the top level',
  },
});
