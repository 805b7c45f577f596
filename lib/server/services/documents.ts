import 'server-only';
import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Db } from '@/db';
import {
  findDocument,
  findVersion,
  folderOn,
  listDocuments as queryDocuments,
  listVersions,
  storedBytes,
  storedKeys,
  trashKeys,
  type DocumentRow,
} from '@/db/queries/documents';
import { insertRow, updateRow } from '@/db/queries/tenant';
import { documentVersions, documents } from '@/db/schema';
import { storageSettings } from '@/lib/server/config/storage';
import { formatBytes } from '@/lib/shared/text';
import { serializeDocument, serializeDocumentVersion } from '@/lib/server/serializers/documents';
import { blobStore, newDocumentKey } from '@/lib/server/storage';
import { digest, discard, sniffContentType, type Spooled } from '@/lib/server/storage/spool';
import { findUpload, takeUpload } from './document-uploads';
import { emptyTrash } from '@/lib/server/storage/sweep';
import { enqueueDocumentReading } from '@/db/queries/job-queue';
import {
  SINGLE_REQUEST_MAX_BYTES,
  cleanFileName,
  type DocumentCreate,
  type DocumentListQuery,
  type DocumentResponse,
  type DocumentUpdate,
  type DocumentVersionResponse,
} from '@/lib/shared/validation/documents';
import { recordEvent, resourcePath, toColumns } from './common';
import type { CallerContext } from './context';
import { invalidField, notFound, ServiceError } from './errors';
import { pageWindow, toPage, type Page } from './paging';
import { deleteRecord, updateRecord, type RecordKind } from './records';
import { assertSees, seenOn } from './visibility';

// Documents on a project, lead, company or contact (docs/documents.md). Whoever sees the record
// reads, uploads, renames and deletes its documents; a record the caller does not see is a 404,
// for its documents and their bytes too. Bytes are stored first and the rows second, so a row never
// names bytes that are not there; a delete queues the bytes in the same transaction and removes
// them once it has committed.

/** How long a signed download URL works. */
export const SIGNED_URL_SECONDS = 300;

/** The 413 for a file past the limit of its way in. */
export function uploadTooLarge(): ServiceError {
  const { DOCUMENT_MAX_BYTES } = storageSettings();
  const single = singleRequestMax();
  return new ServiceError(
    'payload_too_large',
    single < DOCUMENT_MAX_BYTES
      ? `The file exceeds ${formatBytes(single)}, the most one request carries; documents up to ${formatBytes(DOCUMENT_MAX_BYTES)} are uploaded in three steps (docs/documents.md).`
      : `The file exceeds ${formatBytes(DOCUMENT_MAX_BYTES)}, the largest document this server keeps.`,
    { max_bytes: single },
  );
}

export const singleRequestMax = () => Math.min(SINGLE_REQUEST_MAX_BYTES, storageSettings().DOCUMENT_MAX_BYTES);

/** A document the caller sees (its record too), or undefined; its row locked with `lock`. */
const findVisibleDocument = (db: Db, ctx: CallerContext, id: number, lock = false): Promise<DocumentRow | undefined> =>
  seenOn(ctx, findDocument, ({ document }) => ({ type: document.attachableType, id: Number(document.attachableId) }))(db, ctx.accountId, id, lock);

/** The same, or a 404. */
async function visibleDocument(db: Db, ctx: CallerContext, id: number, lock = false): Promise<DocumentRow> {
  const row = await findVisibleDocument(db, ctx, id, lock);
  if (!row) throw notFound('Document');
  return row;
}

const event = (db: Db, ctx: CallerContext, action: 'create' | 'update' | 'delete', id: number, changed?: Record<string, unknown>) =>
  recordEvent(db, ctx, { resource: 'document', action, id, path: resourcePath('document', id), ...(changed && { changed }) });

/** A 422 on `folder_id` unless it is a folder of the same record. */
async function assertFolder(
  db: Db,
  ctx: CallerContext,
  folderId: number | null | undefined,
  type: DocumentRow['document']['attachableType'],
  recordId: number,
) {
  if (folderId === null || folderId === undefined) return;
  if (!(await folderOn(db, ctx.accountId, folderId, type, recordId))) throw invalidField('folder_id', 'must be a folder of the same record');
}

/** A 422 when the account's quota (DOCUMENT_QUOTA_BYTES) cannot take `size` more bytes; concurrent uploads of an account wait for each other here. */
async function assertQuota(db: Db, ctx: CallerContext, size: number): Promise<void> {
  const quota = storageSettings().DOCUMENT_QUOTA_BYTES;
  if (quota === undefined) return;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('documents-quota'), ${ctx.accountId}::int)`);
  const used = await storedBytes(db, ctx.accountId);
  if (used + size > quota) {
    throw new ServiceError(
      'validation_failed',
      `The account's documents are full: ${formatBytes(used)} of ${formatBytes(quota)} used, and this file is ${formatBytes(size)}. Delete documents or old versions to make room.`,
      { file: [`does not fit in the account's ${formatBytes(quota)} of documents`] },
    );
  }
}

/** The spooled file into the store under a new key, then `write` (the rows) in one transaction; the bytes go again if it fails. */
async function storeThen<T>(db: Db, upload: UploadedFile, ctx: CallerContext, name: string, write: (tx: Db, file: StoredFile) => Promise<T>): Promise<T> {
  const contentType = await sniffContentType(upload.file.head, name);
  const key = newDocumentKey(ctx.accountId);
  const store = blobStore();
  await store.put(key, upload.file.path, upload.file.size, contentType);
  try {
    return await db.transaction((tx) => write(tx, { key, contentType, size: upload.file.size, sha256: upload.file.sha256, name }));
  } catch (err) {
    await store.remove([key]).catch(() => {});
    throw err;
  }
}

/**
 * The bytes of an upload sent in three steps, checked against the size announced and hashed (read
 * back from the store as a stream), then `write` in one transaction that consumes the upload. If it
 * fails the upload stays, to be finished again.
 */
async function fromUpload<T>(
  db: Db,
  ctx: CallerContext,
  uploadId: number,
  name: string | undefined,
  write: (tx: Db, file: StoredFile) => Promise<T>,
): Promise<T> {
  const upload = await findUpload(db, ctx, uploadId);
  const store = blobStore();
  const size = await store.size(upload.storageKey);
  if (size === null) throw invalidField('upload_id', 'its bytes have not arrived: send them to its upload_url first');
  if (size !== Number(upload.byteSize)) throw invalidField('upload_id', `its bytes are ${size}, not the ${upload.byteSize} announced`);
  const body = await store.read(upload.storageKey);
  if (!body) throw invalidField('upload_id', 'its bytes have not arrived: send them to its upload_url first');
  const seen = await digest(body);
  const fileName = name ?? upload.name;
  const contentType = await sniffContentType(seen.head, fileName);
  return db.transaction(async (tx) => {
    await takeUpload(tx, ctx, uploadId);
    return write(tx, { key: upload.storageKey, contentType, size, sha256: seen.sha256, name: fileName });
  });
}

/** A new file: received in the request (spooled; removed whatever happens), or an upload's bytes already in the store. */
export type NewFile = UploadedFile | { uploadId: number };

async function withFile<T>(db: Db, ctx: CallerContext, file: NewFile, name: string | undefined, write: (tx: Db, file: StoredFile) => Promise<T>): Promise<T> {
  if ('uploadId' in file) return fromUpload(db, ctx, file.uploadId, name, write);
  try {
    return await storeThen(db, file, ctx, name ?? cleanFileName(file.filename ?? ''), write);
  } finally {
    await discard(file.file);
  }
}

interface StoredFile {
  key: string;
  contentType: string;
  size: number;
  sha256: string;
  name: string;
}

/** A file received (spooled to a temporary file) and the name the client gave it. */
export interface UploadedFile {
  file: Spooled;
  filename: string | null;
}

/** A version's row: its file's key, name, type, size and hash, and who uploaded it. */
export const versionRow = (ctx: CallerContext, documentId: number, version: number, file: StoredFile) => ({
  accountId: ctx.accountId,
  documentId,
  version,
  storageKey: file.key,
  name: file.name,
  contentType: file.contentType,
  byteSize: file.size,
  checksumSha256: file.sha256,
  uploadedById: ctx.userId,
});

export async function listDocuments(db: Db, ctx: CallerContext, query: DocumentListQuery): Promise<Page<DocumentResponse>> {
  await assertSees(db, ctx, query.attachable_type, query.attachable_id);
  return toPage(query, await queryDocuments(db, ctx.accountId, query, pageWindow(query)), (row) => serializeDocument(row, ctx.baseUrl));
}

export async function getDocument(db: Db, ctx: CallerContext, id: number): Promise<DocumentResponse> {
  return serializeDocument(await visibleDocument(db, ctx, id), ctx.baseUrl);
}

/** POST /documents: a file received in the request (multipart/form-data) or sent in three steps, on a record. */
export async function createDocument(db: Db, ctx: CallerContext, input: DocumentCreate, file: NewFile): Promise<DocumentResponse> {
  try {
    await assertSees(db, ctx, input.attachable_type, input.attachable_id);
    await assertFolder(db, ctx, input.folder_id, input.attachable_type, input.attachable_id);
  } catch (err) {
    if (!('uploadId' in file)) await discard(file.file);
    throw err;
  }
  return withFile(db, ctx, file, input.name, async (tx, stored) => {
    await assertQuota(tx, ctx, stored.size);
    const id = await insertRow(tx, documents, {
      accountId: ctx.accountId,
      attachableType: input.attachable_type,
      attachableId: input.attachable_id,
      folderId: input.folder_id ?? null,
      name: stored.name,
      category: input.category ?? 'other',
      version: 1,
    });
    await tx.insert(documentVersions).values(versionRow(ctx, id, 1, stored));
    await enqueueDocumentReading(tx, id);
    await event(tx, ctx, 'create', id);
    return getDocument(tx, ctx, id);
  });
}

/** POST /documents/{id}/versions: a new file for the document, which becomes its current version. */
export async function addDocumentVersion(db: Db, ctx: CallerContext, id: number, file: NewFile): Promise<DocumentResponse> {
  let current: DocumentRow;
  try {
    current = await visibleDocument(db, ctx, id);
  } catch (err) {
    if (!('uploadId' in file)) await discard(file.file);
    throw err;
  }
  const name = 'uploadId' in file ? undefined : cleanFileName(file.filename ?? current.document.name);
  return withFile(db, ctx, file, name, async (tx, stored) => {
    const locked = await visibleDocument(tx, ctx, id, true);
    await assertQuota(tx, ctx, stored.size);
    const version = locked.document.version + 1;
    await tx.insert(documentVersions).values(versionRow(ctx, id, version, stored));
    // The new file's text is read anew (docs/documents.md#search).
    await updateRow(tx, documents, ctx.accountId, id, {
      version,
      extractedText: null,
      textExtracted: false,
      processingUntil: null,
      processingAttempts: 0,
      updatedAt: new Date(),
    });
    await enqueueDocumentReading(tx, id);
    await event(tx, ctx, 'update', id, { version: true });
    return getDocument(tx, ctx, id);
  });
}

export async function listDocumentVersions(db: Db, ctx: CallerContext, id: number): Promise<DocumentVersionResponse[]> {
  await visibleDocument(db, ctx, id);
  return (await listVersions(db, ctx.accountId, id)).map((row) => serializeDocumentVersion(row, ctx.baseUrl));
}

/** Documents as the write skeleton changes and deletes them: only those of records the caller sees (a 404 otherwise). */
function documentKind(ctx: CallerContext): RecordKind<DocumentRow, DocumentResponse> {
  return {
    resource: 'document',
    table: documents,
    read: (db, _accountId, id, lock) => findVisibleDocument(db, ctx, id, lock),
    columns: (row) => row.document,
    serialize: (row) => serializeDocument(row, ctx.baseUrl),
    narrowed: true,
  };
}

export function updateDocument(db: Db, ctx: CallerContext, id: number, input: DocumentUpdate): Promise<DocumentResponse> {
  return updateRecord(db, ctx, documentKind(ctx), id, input, {
    columns: async ({ document }, tx) => {
      if (input.folder_id !== undefined) await assertFolder(tx, ctx, input.folder_id, document.attachableType, Number(document.attachableId));
      return toColumns(input);
    },
  });
}

/** Deletes the document and every version; their bytes are removed once the delete has committed. */
export async function deleteDocument(db: Db, ctx: CallerContext, id: number): Promise<void> {
  let keys: string[] = [];
  await deleteRecord(db, ctx, documentKind(ctx), id, {
    dependents: async (tx) => {
      const versions = await listVersions(tx, ctx.accountId, id);
      keys = storedKeys(versions.map((v) => ({ key: v.version.storageKey, thumbnail: v.version.thumbnailKey })));
      await trashKeys(tx, keys);
      return [];
    },
  });
  await emptyTrash(db, keys);
}

/** Types a browser shows in the page (a PDF viewer, an image) rather than saves. */
const INLINE = /^(image\/(png|jpeg|gif|webp|avif|bmp)|application\/pdf)$/;

/** `attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf` (inline for images and PDFs). */
export function contentDisposition(name: string, contentType: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const kind = INLINE.test(contentType) ? 'inline' : 'attachment';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export type Download = { redirect: string } | { body: Readable; contentType: string; disposition: string; size: number };

/** GET /documents/{id}/download: a short-lived signed URL of one version (S3), or its bytes (local). */
export async function downloadDocument(db: Db, ctx: CallerContext, id: number, versionNumber?: number): Promise<Download> {
  const { current, version } = await visibleVersion(db, ctx, id, versionNumber);
  // The document's own name for its current version; an older one keeps the name it was uploaded with.
  const name = version.version === current.document.version ? current.document.name : version.name;
  return storedFile(version.storageKey, Number(version.byteSize), version.contentType, contentDisposition(name, version.contentType));
}

/** GET /documents/{id}/thumbnail: the small picture of its current version (or `version`), once the reader has made one. */
export async function documentThumbnail(db: Db, ctx: CallerContext, id: number, versionNumber?: number): Promise<Download> {
  const { version } = await visibleVersion(db, ctx, id, versionNumber);
  if (!version.thumbnailKey) throw notFound('Thumbnail');
  const size = await blobStore().size(version.thumbnailKey);
  if (size === null) throw notFound('Thumbnail');
  return storedFile(version.thumbnailKey, size, 'image/webp', 'inline; filename="thumbnail.webp"');
}

/** A version of a document the caller sees (its current one without `versionNumber`), or a 404. */
async function visibleVersion(db: Db, ctx: CallerContext, id: number, versionNumber?: number) {
  const current = await visibleDocument(db, ctx, id);
  const row = await findVersion(db, ctx.accountId, id, versionNumber ?? current.document.version);
  if (!row) throw notFound('Document version');
  return { current, version: row.version };
}

/** Stored bytes as a download: a signed URL (S3) or a stream (local). */
async function storedFile(key: string, size: number, contentType: string, disposition: string): Promise<Download> {
  const store = blobStore();
  const url = await store.signedReadUrl(key, SIGNED_URL_SECONDS, { contentType, disposition });
  if (url) return { redirect: url };
  const body = await store.read(key);
  if (!body) throw notFound('Document file');
  return { body, contentType, disposition, size };
}
