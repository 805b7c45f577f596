import type { Db } from '@/db';
import { findFolder, folderOn, isWithin, listFolders as queryFolders, type FolderRow } from '@/db/queries/documents';
import { documentFolders } from '@/db/schema';
import { serializeDocumentFolder } from '@/lib/server/serializers/document-folders';
import type { DocumentFolderCreate, DocumentFolderListQuery, DocumentFolderResponse, DocumentFolderUpdate } from '@/lib/shared/validation/document-folders';
import type { CallerContext } from './context';
import { invalidField } from './errors';
import { pageWindow, toPage, type Page } from './paging';
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind } from './records';
import { assertSees, seenOn } from './visibility';

// Folders of a record's documents (docs/documents.md#folders). Whoever sees the record keeps its
// folders; a record the caller does not see is a 404 for its folders too. Deleting a folder deletes
// the folders in it; their documents stay, at the record's top level.

/** Folders as the write skeleton reads and writes them: only those of records the caller sees (a 404 otherwise, for a delete too). */
function folderKind(ctx: CallerContext): RecordKind<FolderRow, DocumentFolderResponse> {
  return {
    resource: 'document_folder',
    table: documentFolders,
    read: seenOn(ctx, findFolder, ({ folder }) => ({ type: folder.attachableType, id: Number(folder.attachableId) })),
    columns: (row) => row.folder,
    serialize: serializeDocumentFolder,
    narrowed: true,
  };
}

export async function listDocumentFolders(db: Db, ctx: CallerContext, query: DocumentFolderListQuery): Promise<Page<DocumentFolderResponse>> {
  await assertSees(db, ctx, query.attachable_type, query.attachable_id);
  return toPage(query, await queryFolders(db, ctx.accountId, query, pageWindow(query)), serializeDocumentFolder);
}

export function getDocumentFolder(db: Db, ctx: CallerContext, id: number): Promise<DocumentFolderResponse> {
  return getRecord(db, ctx, folderKind(ctx), id);
}

export function createDocumentFolder(db: Db, ctx: CallerContext, input: DocumentFolderCreate): Promise<DocumentFolderResponse> {
  return createRecord(db, ctx, folderKind(ctx), input, async (tx) => {
    await assertSees(tx, ctx, input.attachable_type, input.attachable_id);
    if (input.parent_id != null && !(await folderOn(tx, ctx.accountId, input.parent_id, input.attachable_type, input.attachable_id))) {
      throw invalidField('parent_id', 'must be a folder of the same record');
    }
    return { attachableType: input.attachable_type, attachableId: input.attachable_id, name: input.name, parentId: input.parent_id ?? null };
  });
}

export function updateDocumentFolder(db: Db, ctx: CallerContext, id: number, input: DocumentFolderUpdate): Promise<DocumentFolderResponse> {
  return updateRecord(db, ctx, folderKind(ctx), id, input, {
    columns: async ({ folder }, tx) => {
      if (input.parent_id != null) {
        if (!(await folderOn(tx, ctx.accountId, input.parent_id, folder.attachableType, Number(folder.attachableId)))) {
          throw invalidField('parent_id', 'must be a folder of the same record');
        }
        if (await isWithin(tx, input.parent_id, id)) throw invalidField('parent_id', 'cannot be the folder itself or a folder inside it');
      }
      return { ...(input.name === undefined ? {} : { name: input.name }), ...(input.parent_id === undefined ? {} : { parentId: input.parent_id }) };
    },
  });
}

/** Deletes the folder and the folders in it; their documents move to the record's top level. */
export function deleteDocumentFolder(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, folderKind(ctx), id);
}
