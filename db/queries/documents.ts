import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { documentFolders, documentUploads, documentVersions, documents, storageTrash, users } from '@/db/schema';
import type { AttachableType, DocumentCategory } from '@/db/schema/enums';
import { personRefColumns } from './refs';
import { listOfAccount, ofAccount, readsById } from './tenant';
import { type PageWindow, prefixMatch, rows } from './sql';

// Documents (docs/documents.md): a page of a record's documents with each one's current version,
// its uploader and its folder joined — the page and its count, whatever the page's size.

const folder = alias(documentFolders, 'folder');

function selectDocuments(db: Db) {
  return db
    .select({
      document: documents,
      current: {
        storageKey: documentVersions.storageKey,
        contentType: documentVersions.contentType,
        byteSize: documentVersions.byteSize,
        checksumSha256: documentVersions.checksumSha256,
        thumbnailKey: documentVersions.thumbnailKey,
      },
      folder: { id: folder.id, name: folder.name, createdAt: folder.createdAt, updatedAt: folder.updatedAt },
      uploadedBy: personRefColumns(users),
    })
    .from(documents)
    .innerJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.version, documents.version)))
    .leftJoin(folder, eq(folder.id, documents.folderId))
    .leftJoin(users, eq(users.id, documentVersions.uploadedById));
}
export type DocumentRow = Awaited<ReturnType<ReturnType<typeof selectDocuments>['execute']>>[number];

/** The record whose documents or folders a list reads (and rows changed since a time, when asked). */
interface OnRecord {
  attachable_type: AttachableType;
  attachable_id: number;
  updated_since?: Date;
}

const attachedTo = (t: typeof documents | typeof documentFolders, f: OnRecord) => [
  eq(t.attachableType, f.attachable_type),
  eq(t.attachableId, f.attachable_id),
];

export interface DocumentFilters extends OnRecord {
  folder_id?: number;
  category?: DocumentCategory;
  q?: string;
}

/** A record's documents, newest first. */
export function listDocuments(db: Db, accountId: number, f: DocumentFilters, page: PageWindow) {
  const on = [
    ...attachedTo(documents, f),
    f.folder_id !== undefined ? eq(documents.folderId, f.folder_id) : undefined,
    f.category !== undefined ? eq(documents.category, f.category) : undefined,
    f.q !== undefined ? prefixMatch(documents.search, f.q) : undefined,
  ];
  return listOfAccount(db, selectDocuments(db).$dynamic(), documents, accountId, f, on, [desc(documents.createdAt), desc(documents.id)], page);
}

export const { find: findDocument, byIds: documentsByIds } = readsById(selectDocuments, documents);

function selectVersions(db: Db) {
  return db
    .select({ version: documentVersions, uploadedBy: personRefColumns(users) })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.uploadedById));
}
export type DocumentVersionRow = Awaited<ReturnType<ReturnType<typeof selectVersions>['execute']>>[number];

/** A document's versions, newest first. */
export function listVersions(db: Db, accountId: number, documentId: number): Promise<DocumentVersionRow[]> {
  return selectVersions(db)
    .where(and(eq(documentVersions.accountId, accountId), eq(documentVersions.documentId, documentId)))
    .orderBy(desc(documentVersions.version));
}

/** One version of a document. */
export async function findVersion(db: Db, accountId: number, documentId: number, version: number): Promise<DocumentVersionRow | undefined> {
  const [row] = await selectVersions(db).where(
    and(eq(documentVersions.accountId, accountId), eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)),
  );
  return row;
}

/** The bytes the account stores, every version counted. */
export async function storedBytes(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${documentVersions.byteSize}), 0)` })
    .from(documentVersions)
    .where(eq(documentVersions.accountId, accountId));
  return Number(row?.n ?? 0);
}

function selectFolders(db: Db) {
  return db
    .select({
      folder: documentFolders,
      // Qualified by hand: inside a select list Drizzle names the column without its table, which the subquery would read as its own.
      documentCount: sql<number>`(select count(*)::int from ${documents} d where d.folder_id = "document_folders"."id")`,
    })
    .from(documentFolders);
}
export type FolderRow = Awaited<ReturnType<ReturnType<typeof selectFolders>['execute']>>[number];

export interface FolderFilters extends OnRecord {
  parent_id?: number;
}

/** A record's folders, by name (every level; `parent_id` for one folder's children). */
export function listFolders(db: Db, accountId: number, f: FolderFilters, page: PageWindow) {
  const on = [...attachedTo(documentFolders, f), f.parent_id !== undefined ? eq(documentFolders.parentId, f.parent_id) : undefined];
  return listOfAccount(db, selectFolders(db).$dynamic(), documentFolders, accountId, f, on, [asc(documentFolders.name), asc(documentFolders.id)], page);
}

/** One folder of the account (its row locked with `lock`). */
export const { find: findFolder } = readsById(selectFolders, documentFolders);

/** Whether `ancestor` is `folder` or one of the folders above it (a move there would make a cycle). */
export async function isWithin(db: Db, folder: number, ancestor: number): Promise<boolean> {
  const [row] = await rows<{ found: number }>(
    db,
    sql`with recursive up(id, parent_id) as (
      select ${documentFolders.id}, ${documentFolders.parentId} from ${documentFolders} where ${documentFolders.id} = ${folder}
      union select f.id, f.parent_id from ${documentFolders} f join up on f.id = up.parent_id)
    select 1 as found from up where id = ${ancestor} limit 1`,
  );
  return row !== undefined;
}

/** A folder of the record, or undefined. */
export async function folderOn(db: Db, accountId: number, id: number, type: AttachableType, attachableId: number) {
  const [row] = await db
    .select({ id: documentFolders.id })
    .from(documentFolders)
    .where(and(ofAccount(documentFolders, accountId, id), eq(documentFolders.attachableType, type), eq(documentFolders.attachableId, attachableId)));
  return row;
}

/** The keys of versions' bytes and thumbnails. */
export const storedKeys = (versions: { key: string; thumbnail: string | null }[]) => versions.flatMap((v) => [v.key, ...(v.thumbnail ? [v.thumbnail] : [])]);

/** Queues bytes for removal once the transaction commits (docs/documents.md#storage). */
export async function trashKeys(db: Db, keys: string[]): Promise<void> {
  if (keys.length)
    await db
      .insert(storageTrash)
      .values(keys.map((storageKey) => ({ storageKey })))
      .onConflictDoNothing();
}

/** The keys queued for removal, oldest first (at most `limit`). */
export async function trashedKeys(db: Db, limit: number, queuedBefore?: Date): Promise<string[]> {
  const found = await db
    .select({ key: storageTrash.storageKey })
    .from(storageTrash)
    .where(queuedBefore ? sql`${storageTrash.queuedAt} <= ${queuedBefore}` : undefined)
    .orderBy(asc(storageTrash.queuedAt))
    .limit(limit);
  return found.map((r) => r.key);
}

export async function forgetTrashed(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(storageTrash).where(inArray(storageTrash.storageKey, keys));
}

/** Of `keys`, those a version (its bytes or thumbnail) or an upload still waiting names (the sweep keeps them). */
export async function keysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await db
    .select({ key: documentVersions.storageKey, thumbnail: documentVersions.thumbnailKey })
    .from(documentVersions)
    .where(or(inArray(documentVersions.storageKey, keys), inArray(documentVersions.thumbnailKey, keys)));
  const uploading = await db.select({ key: documentUploads.storageKey }).from(documentUploads).where(inArray(documentUploads.storageKey, keys));
  return new Set([...found.flatMap((r) => [r.key, ...(r.thumbnail ? [r.thumbnail] : [])]), ...uploading.map((r) => r.key)]);
}

/**
 * Deletes the documents and folders on a record (the record is being deleted), queueing their bytes:
 * the deleted documents' ids, for their events.
 */
export async function deleteDocumentsOn(db: Db, accountId: number, type: AttachableType, id: number): Promise<number[]> {
  const on = (t: typeof documents | typeof documentFolders) => and(eq(t.accountId, accountId), eq(t.attachableType, type), eq(t.attachableId, id));
  const keys = await db
    .select({ key: documentVersions.storageKey, thumbnail: documentVersions.thumbnailKey })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(on(documents));
  await trashKeys(db, storedKeys(keys));
  const gone = await db.delete(documents).where(on(documents)).returning({ id: documents.id });
  await db.delete(documentFolders).where(on(documentFolders));
  return gone.map((d) => Number(d.id));
}

/** A document's current version, claimed by the background reader. */
export interface ClaimedDocument {
  id: number;
  accountId: number;
  version: number;
  attempts: number;
  storageKey: string;
  contentType: string;
  byteSize: number;
  thumbnailKey: string | null;
}

/**
 * Claims up to `limit` documents whose current version is unread (or `only`), for `leaseSeconds`:
 * readers side by side take different ones, and a reader that dies lets its claim run out.
 */
export async function claimUnprocessed(db: Db, limit: number, leaseSeconds: number, only?: number): Promise<ClaimedDocument[]> {
  const found = await rows<{
    id: string;
    account_id: string;
    version: number;
    attempts: number;
    storage_key: string;
    content_type: string;
    byte_size: string;
    thumbnail_key: string | null;
  }>(
    db,
    sql`with due as (
          select id from ${documents}
          where processed_version is distinct from version
            and (processing_until is null or processing_until < now())
            ${only === undefined ? sql`` : sql`and id = ${only}`}
          order by id limit ${limit} for update skip locked),
        claimed as (
          update ${documents} d set processing_until = now() + make_interval(secs => ${leaseSeconds}), processing_attempts = d.processing_attempts + 1
          from due where d.id = due.id
          returning d.id, d.account_id, d.version, d.processing_attempts)
        select c.id, c.account_id, c.version, c.processing_attempts as attempts, v.storage_key, v.content_type, v.byte_size, v.thumbnail_key
        from claimed c join ${documentVersions} v on v.document_id = c.id and v.version = c.version
        order by c.id`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    accountId: Number(r.account_id),
    version: r.version,
    attempts: r.attempts,
    storageKey: r.storage_key,
    contentType: r.content_type,
    byteSize: Number(r.byte_size),
    thumbnailKey: r.thumbnail_key,
  }));
}

/**
 * Records what the reader found for the claimed version: its words and its thumbnail. False when the
 * document changed meanwhile (a new version, or deleted): the reading is of no use then.
 */
export async function finishProcessing(db: Db, claim: ClaimedDocument, found: { text: string | null; thumbnailKey: string | null }): Promise<boolean> {
  const done = await db
    .update(documents)
    .set({
      processedVersion: claim.version,
      processingUntil: null,
      processingAttempts: 0,
      extractedText: found.text,
      textExtracted: found.text !== null && found.text !== '',
      // What it answers changed (text_extracted, thumbnail_url): `updated_since` and ETags see it.
      updatedAt: new Date(),
    })
    .where(and(eq(documents.id, claim.id), eq(documents.version, claim.version)))
    .returning({ id: documents.id });
  if (done.length === 0) return false;
  await db
    .update(documentVersions)
    .set({ thumbnailKey: found.thumbnailKey })
    .where(and(eq(documentVersions.documentId, claim.id), eq(documentVersions.version, claim.version)));
  return true;
}

/** Forgets uploads never finished that were made before `before` (their bytes become orphans for the sweep). */
export async function forgetUploadsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(documentUploads).where(lt(documentUploads.createdAt, before));
}
