import { etagOfRecord } from './etag';
import { notFound, ServiceError } from './errors';

// Optimistic concurrency (RFC 9110 §13): every single-record answer carries a strong ETag
// (lib/shared/etag.ts); PATCH and DELETE with `If-Match` go ahead only while the record still has
// that ETag. The services compare inside their transaction, after the row is locked, so no write
// can slip in between the comparison and the change.

/** What `If-Match` asked for: any current record (`*`), or one of these strong ETags. */
export type IfMatch = { any: true } | { any: false; tags: string[] };

/** What a write locks first, and how its current answer is read for the comparison. */
export interface WriteTarget<Row> {
  /** The key of the record's single-record answers, whose ETag `If-Match` compares. */
  key: string;
  /** For the 404: "Webhook" → "Webhook not found." */
  label: string;
  /** The row, locked FOR UPDATE; nothing when it is gone or not the caller's to see. */
  lock: () => Promise<Row | null | undefined>;
  /** The record as its GET answers it; read only when `If-Match` names ETags. */
  answer: (row: Row) => Promise<object> | object;
}

/**
 * The first step of every update and delete of one record, inside its transaction: the row locked
 * (404 when it is gone or hidden), then `If-Match` compared with the record as its GET answers it
 * — 412 `precondition_failed` with the current record and its ETag when it has changed since.
 */
export async function lockForWrite<Row>(ifMatch: IfMatch | null | undefined, target: WriteTarget<Row>): Promise<Row> {
  const row = await target.lock();
  if (!row) throw notFound(target.label);
  if (ifMatch && !ifMatch.any) {
    const current = await target.answer(row);
    const etag = etagOfRecord(target.key, current);
    if (!ifMatch.tags.includes(etag)) {
      throw new ServiceError(
        'precondition_failed',
        'The record has changed since you read it (If-Match does not match its ETag); here is the current record.',
        { current },
        { ETag: etag },
      );
    }
  }
  return row;
}
