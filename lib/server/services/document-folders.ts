import type { Db } from '@/db';
import { findFolder, folderOn, isWithin, listFolders as queryFolders, type FolderRow } from '@/db/queries/documents';
import { deleteRow, insertRow, updateRow } from '@/db/queries/tenant';
import { documentFolders } from '@/db/schema';
import { serializeDocumentFolder } from '@/lib/server/serializers/document-folders';
import type { DocumentFolderCreate, DocumentFolderListQuery, DocumentFolderResponse, DocumentFolderUpdate } from '@/lib/shared/validation/document-folders';
import { changedColumns, recordEvent, resourcePath } from './common';
import type { CallerContext } from './context';
import { invalidField, notFound } from './errors';
import { pageWindow, toPage, type Page } from './paging';
import { lockForWrite } from './preconditions';
import { assertSees, sees } from './visibility';

// Folders of a record's documents (docs/documents.md#folders). Whoever sees the record keeps its
// folders; a record the caller does not see is a 404 for its folders too. Deleting a folder deletes
// the folders in it; their documents stay, at the record's top level.

async function visibleFolder(db: Db, ctx: CallerContext, id: number, lock = false): Promise<FolderRow | undefined> {
  const row = await findFolder(db, ctx.accountId, id, lock);
  return row && (await sees(db, ctx, row.folder.attachableType, Number(row.folder.attachableId))) ? row : undefined;
}

const event = (db: Db, ctx: CallerContext, action: 'create' | 'update' | 'delete', id: number, changed?: Record<string, unknown>) =>
  recordEvent(db, ctx, { resource: 'document_folder', action, id, path: resourcePath('document_folder', id), ...(changed && { changed }) });

export async function listDocumentFolders(db: Db, ctx: CallerContext, query: DocumentFolderListQuery): Promise<Page<DocumentFolderResponse>> {
  await assertSees(db, ctx, query.attachable_type, query.attachable_id);
  return toPage(query, await queryFolders(db, ctx.accountId, query, pageWindow(query)), serializeDocumentFolder);
}

export async function getDocumentFolder(db: Db, ctx: CallerContext, id: number): Promise<DocumentFolderResponse> {
  const row = await visibleFolder(db, ctx, id);
  if (!row) throw notFound('Document folder');
  return serializeDocumentFolder(row);
}

export function createDocumentFolder(db: Db, ctx: CallerContext, input: DocumentFolderCreate): Promise<DocumentFolderResponse> {
  return db.transaction(async (tx) => {
    await assertSees(tx, ctx, input.attachable_type, input.attachable_id);
    if (input.parent_id != null && !(await folderOn(tx, ctx.accountId, input.parent_id, input.attachable_type, input.attachable_id))) {
      throw invalidField('parent_id', 'must be a folder of the same record');
    }
    const id = await insertRow(tx, documentFolders, {
      accountId: ctx.accountId,
      attachableType: input.attachable_type,
      attachableId: input.attachable_id,
      name: input.name,
      parentId: input.parent_id ?? null,
    });
    await event(tx, ctx, 'create', id);
    return getDocumentFolder(tx, ctx, id);
  });
}

const folderTarget = (tx: Db, ctx: CallerContext, id: number) => ({
  key: 'document_folder',
  label: 'Document folder',
  lock: () => visibleFolder(tx, ctx, id, true),
  answer: serializeDocumentFolder,
});

export function updateDocumentFolder(db: Db, ctx: CallerContext, id: number, input: DocumentFolderUpdate): Promise<DocumentFolderResponse> {
  return db.transaction(async (tx) => {
    const { folder } = await lockForWrite(ctx.ifMatch, folderTarget(tx, ctx, id));
    if (input.parent_id != null) {
      if (!(await folderOn(tx, ctx.accountId, input.parent_id, folder.attachableType, Number(folder.attachableId)))) {
        throw invalidField('parent_id', 'must be a folder of the same record');
      }
      if (await isWithin(tx, input.parent_id, id)) throw invalidField('parent_id', 'cannot be the folder itself or a folder inside it');
    }
    const next: Record<string, unknown> = {};
    if (input.name !== undefined) next.name = input.name;
    if (input.parent_id !== undefined) next.parentId = input.parent_id;
    const changes = changedColumns(folder as unknown as Record<string, unknown>, next);
    if (Object.keys(changes).length > 0) {
      await updateRow(tx, documentFolders, ctx.accountId, id, { ...changes, updatedAt: new Date() });
      await event(tx, ctx, 'update', id, changes);
    }
    return getDocumentFolder(tx, ctx, id);
  });
}

/** Deletes the folder and the folders in it; their documents move to the record's top level. */
export function deleteDocumentFolder(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    await lockForWrite(ctx.ifMatch, folderTarget(tx, ctx, id));
    await deleteRow(tx, documentFolders, ctx.accountId, id);
    await event(tx, ctx, 'delete', id);
  });
}
