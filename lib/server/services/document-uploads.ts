import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { insertRow } from '@/db/queries/tenant';
import { documentUploads } from '@/db/schema';
import { storageSettings } from '@/lib/server/config/storage';
import { blobStore, newDocumentKey } from '@/lib/server/storage';
import { discard, spool, TooLarge } from '@/lib/server/storage/spool';
import { ORPHAN_AGE_MS } from '@/lib/server/storage/sweep';
import { formatBytes } from '@/lib/shared/text';
import type { DocumentUploadCreate, DocumentUploadResponse } from '@/lib/shared/validation/documents';
import type { CallerContext } from './context';
import { invalidField, notFound, ServiceError } from './errors';

// Documents of any size, in three steps (docs/documents.md#large-files): POST /document_uploads says
// where to send the bytes — a presigned S3 URL that names the key, the size and the type, or with the
// local driver the app's own URL (/api/uploads/{id}?token=…), streamed to the store without being
// held in memory; POST /documents then names the upload, and the bytes are checked and hashed.

/** How long the upload URL works. */
export const UPLOAD_URL_SECONDS = 3600;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The 413 for a file past DOCUMENT_MAX_BYTES, naming it. */
function overLimit(): ServiceError {
  const max = storageSettings().DOCUMENT_MAX_BYTES;
  return new ServiceError('payload_too_large', `The file exceeds ${formatBytes(max)}, the largest document this server keeps.`, { max_bytes: max });
}

/** POST /document_uploads: where to send a file's bytes. */
export async function createDocumentUpload(db: Db, ctx: CallerContext, input: DocumentUploadCreate): Promise<DocumentUploadResponse> {
  if (input.byte_size > storageSettings().DOCUMENT_MAX_BYTES) throw overLimit();
  const token = randomBytes(32).toString('base64url');
  const key = newDocumentKey(ctx.accountId);
  const expiresAt = new Date(Date.now() + UPLOAD_URL_SECONDS * 1000);
  const id = await insertRow(db, documentUploads, {
    accountId: ctx.accountId,
    userId: ctx.userId,
    name: input.name,
    byteSize: input.byte_size,
    contentType: input.content_type,
    storageKey: key,
    tokenHash: hashToken(token),
    expiresAt,
  });
  const presigned = await blobStore().signedWriteUrl(key, UPLOAD_URL_SECONDS, input.byte_size, input.content_type);
  return {
    id: String(id),
    upload_url: presigned ?? `${ctx.baseUrl}/api/uploads/${id}?token=${token}`,
    method: 'PUT',
    headers: { 'Content-Type': input.content_type },
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * PUT /api/uploads/{id}?token= (local driver): the bytes, streamed to the store. Exactly the size
 * announced: more is a 413 as soon as it passes, fewer a 422; an unknown id, a wrong token or an
 * expired URL a 404 or 403.
 */
export async function receiveUpload(db: Db, id: number, token: string, body: AsyncIterable<Uint8Array> | null, contentLength: number | null): Promise<void> {
  const [upload] = await db.select().from(documentUploads).where(eq(documentUploads.id, id));
  const given = Buffer.from(hashToken(token));
  if (!upload || !timingSafeEqual(given, Buffer.from(upload.tokenHash))) throw notFound('Upload');
  if (upload.expiresAt.getTime() < Date.now()) throw new ServiceError('forbidden', 'This upload URL has expired; ask for a new one (POST /document_uploads).');
  if (upload.receivedAt) throw new ServiceError('conflict', 'The bytes of this upload were already received.');
  const size = Number(upload.byteSize);
  const exactly = `Send exactly ${size} bytes, as announced.`;
  if (contentLength !== null && contentLength > size) throw new ServiceError('payload_too_large', exactly, { max_bytes: size });
  if (!body) throw new ServiceError('validation_failed', exactly, { body: [`must be ${size} bytes`] });
  let file;
  try {
    file = await spool(body, size);
  } catch (err) {
    if (err instanceof TooLarge) throw new ServiceError('payload_too_large', exactly, { max_bytes: size });
    throw err;
  }
  try {
    if (file.size !== size) throw new ServiceError('validation_failed', `${exactly} ${file.size} arrived.`, { body: [`must be ${size} bytes`] });
    await blobStore().put(upload.storageKey, file.path, file.size, upload.contentType);
  } finally {
    await discard(file);
  }
  await db.update(documentUploads).set({ receivedAt: new Date() }).where(eq(documentUploads.id, id));
}

export type DocumentUploadRow = typeof documentUploads.$inferSelect;

/**
 * The caller's upload whose bytes were sent, locked and consumed in `tx` (the rows that name its
 * bytes are written in the same transaction): a 422 on `upload_id` otherwise.
 */
export async function takeUpload(tx: Db, ctx: CallerContext, id: number): Promise<DocumentUploadRow> {
  const [upload] = await tx
    .delete(documentUploads)
    .where(
      and(
        eq(documentUploads.id, id),
        eq(documentUploads.accountId, ctx.accountId),
        eq(documentUploads.userId, ctx.userId),
        gt(documentUploads.createdAt, sql`now() - make_interval(secs => ${ORPHAN_AGE_MS / 1000})`),
      ),
    )
    .returning();
  if (!upload) throw invalidField('upload_id', 'must be an upload of yours from the last day, not used yet');
  return upload;
}

/** The caller's upload, unlocked (its bytes are checked before the transaction that takes it). */
export async function findUpload(db: Db, ctx: CallerContext, id: number): Promise<DocumentUploadRow> {
  const [upload] = await db
    .select()
    .from(documentUploads)
    .where(and(eq(documentUploads.id, id), eq(documentUploads.accountId, ctx.accountId), eq(documentUploads.userId, ctx.userId)));
  if (!upload) throw invalidField('upload_id', 'must be an upload of yours from the last day, not used yet');
  return upload;
}
