import 'server-only';
import type { Db } from '@/db';
import { forgetTrashed, forgetUploadsBefore, keysInUse, trashedKeys } from '@/db/queries/documents';
import { blobStore } from './index';

// Bytes no row names any more: those a committed delete queued (removed right after the commit, or
// here if the process stopped in between), and orphans — bytes stored for an upload whose rows were
// never written (the request failed or the process died between the two) — once a day old.

/** An orphan is removed once it is this old: an upload in flight is never mistaken for one. */
export const ORPHAN_AGE_MS = 24 * 3_600_000;

/**
 * Removes queued bytes from the store, then forgets them: `keys` (just committed), or the queue's
 * oldest. The count removed; a store that is away leaves them queued for the next sweep.
 */
export async function emptyTrash(db: Db, keys?: string[]): Promise<number> {
  const batch = keys ?? (await trashedKeys(db, 1000));
  if (batch.length === 0) return 0;
  try {
    await blobStore().remove(batch);
  } catch (err) {
    console.error('[storage] removing deleted documents failed (kept for the next sweep):', err);
    return 0;
  }
  await forgetTrashed(db, batch);
  return batch.length;
}

/** The hourly sweep: the trash, then orphans older than a day. The count of objects removed. */
export async function sweepStorage(db: Db, now = new Date()): Promise<number> {
  let removed = 0;
  for (let n = await emptyTrash(db); n > 0; n = await emptyTrash(db)) removed += n;
  // Uploads in three steps never finished within a day: their bytes are orphans from now on.
  await forgetUploadsBefore(db, new Date(now.getTime() - ORPHAN_AGE_MS));
  const store = blobStore();
  const old: string[] = [];
  const flush = async () => {
    const used = await keysInUse(db, old);
    const orphans = old.filter((k) => !used.has(k));
    if (orphans.length) await store.remove(orphans);
    removed += orphans.length;
    old.length = 0;
  };
  for await (const object of store.list('documents/')) {
    if (now.getTime() - object.lastModified.getTime() < ORPHAN_AGE_MS) continue;
    old.push(object.key);
    if (old.length >= 500) await flush();
  }
  await flush();
  return removed;
}
