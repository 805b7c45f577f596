import 'server-only';
import type { Db } from '@/db';
import { claimUnprocessed, finishProcessing, trashKeys, type ClaimedDocument } from '@/db/queries/documents';
import { blobStore, newDocumentKey } from '@/lib/server/storage';
import { discard, spool } from '@/lib/server/storage/spool';
import { emptyTrash } from '@/lib/server/storage/sweep';
import { isReadable, READ_MAX_BYTES, readDocumentFile } from './read-file';

// The background reader (docs/documents.md#search): after an upload or a new version, a job reads
// the document's current version — its words into `extracted_text` for `q`, a thumbnail into the
// store — never the request. Each document is claimed for a while, so readers on several
// instances take different ones; one that stops the reader three times is left unread.

/** How long a claim lasts: longer than the reader's own deadline (60 s) and the bytes' fetch. */
const LEASE_SECONDS = 180;
/** Claims of one version before it is left unread. */
const MAX_ATTEMPTS = 3;
const BATCH = 4;

/** Reads the documents waiting (or only `only`); the count read. */
export async function processDocuments(db: Db, only?: number, keepGoing: () => boolean = () => true): Promise<number> {
  let count = 0;
  while (keepGoing()) {
    const claims = await claimUnprocessed(db, BATCH, LEASE_SECONDS, only);
    for (const claim of claims) {
      await processOne(db, claim).catch((err: unknown) => console.error(`[documents] reading document ${claim.id} failed:`, err));
      count++;
    }
    if (claims.length < BATCH || only !== undefined) break;
  }
  return count;
}

async function processOne(db: Db, claim: ClaimedDocument): Promise<void> {
  const store = blobStore();
  let text: string | null = null;
  let thumbnailKey: string | null = null;
  if (claim.attempts <= MAX_ATTEMPTS && isReadable(claim.contentType) && claim.byteSize <= READ_MAX_BYTES) {
    const bytes = await readStored(claim.storageKey, claim.byteSize);
    if (bytes) {
      const reading = await readDocumentFile(bytes, claim.contentType);
      if (reading.failed.length) console.warn(`[documents] document ${claim.id} version ${claim.version}: ${reading.failed.join('; ')}`);
      text = reading.text;
      if (reading.thumbnail) {
        const picture = reading.thumbnail;
        const file = await spool(
          (async function* () {
            yield picture;
          })(),
          READ_MAX_BYTES,
        );
        try {
          thumbnailKey = newDocumentKey(claim.accountId, 'thumbnails');
          await store.put(thumbnailKey, file.path, file.size, 'image/webp');
        } finally {
          await discard(file);
        }
      }
    }
  }
  const replaced = claim.thumbnailKey && claim.thumbnailKey !== thumbnailKey ? [claim.thumbnailKey] : [];
  const kept = await db.transaction(async (tx) => {
    if (!(await finishProcessing(tx, claim, { text, thumbnailKey }))) return false;
    await trashKeys(tx, replaced);
    return true;
  });
  // A new version came, or the document went, while it was read: its picture is of no use.
  if (!kept && thumbnailKey) await store.remove([thumbnailKey]);
  if (kept && replaced.length) await emptyTrash(db, replaced);
}

/** The stored bytes in one buffer of their recorded size (null when they are missing, or more than recorded). */
async function readStored(key: string, size: number): Promise<Uint8Array | null> {
  const stream = await blobStore().read(key);
  if (!stream) return null;
  const bytes = new Uint8Array(size);
  let at = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (at + chunk.length > size) {
      stream.destroy();
      return null;
    }
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return at === size ? bytes : null;
}
