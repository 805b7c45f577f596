import { etagOfRecord } from './etag';
import { ServiceError } from './errors';

// Optimistic concurrency (RFC 9110 §13): every single-record answer carries a strong ETag
// (lib/shared/etag.ts); PATCH and DELETE with `If-Match` go ahead only while the record still has
// that ETag. The services compare inside their transaction, after the row is locked, so no write
// can slip in between the comparison and the change.

/** What `If-Match` asked for: any current record (`*`), or one of these strong ETags. */
export type IfMatch = { any: true } | { any: false; tags: string[] };

/**
 * Throws 412 `precondition_failed` (with the current record and its ETag) when the caller sent
 * `If-Match` and `current` — the record as its GET answers it, read with its row locked — has
 * changed since.
 */
export async function checkIfMatch(ifMatch: IfMatch | null | undefined, key: string, current: object): Promise<void> {
  if (!ifMatch || ifMatch.any) return;
  const etag = etagOfRecord(key, current);
  if (ifMatch.tags.includes(etag)) return;
  throw new ServiceError(
    'precondition_failed',
    'The record has changed since you read it (If-Match does not match its ETag); here is the current record.',
    { current },
    { ETag: etag },
  );
}

/** The same, with the record read by `load` only when there is a precondition to check. */
export async function assertIfMatch(ifMatch: IfMatch | null | undefined, key: string, load: () => Promise<object>): Promise<void> {
  if (!ifMatch) return;
  await checkIfMatch(ifMatch, key, await load());
}
