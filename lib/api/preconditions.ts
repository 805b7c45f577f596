import { createHash } from 'node:crypto';
import { ApiError } from './errors';

// Optimistic concurrency (RFC 9110 §13): every single-record answer carries a strong ETag, the
// hash of its JSON body; PATCH and DELETE with `If-Match` go ahead only while the record still
// has that ETag. The services compare inside their transaction, after `SELECT … FOR UPDATE` of
// the row, so no write can slip in between the comparison and the change.

/** What `If-Match` asked for: any current record (`*`), or one of these strong ETags. */
export type IfMatch = { any: true } | { any: false; tags: string[] };

// ETags already computed for a record object (the If-Match comparison's), so the answer that
// carries the same record is not hashed again.
const known = new WeakMap<object, string>();

/** The strong ETag of a JSON body: its SHA-256, base64url, quoted. */
export function etagOf(body: unknown): string {
  const record = isSingleRecordBody(body) ? (Object.values(body as object)[0] as object) : null;
  const cached = record && known.get(record);
  if (cached) return cached;
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url')}"`;
  if (record) known.set(record, etag);
  return etag;
}

/** `{"lead": {"id": "1", …}}`: a body of one record under its key (lists and other shapes have no ETag). */
export function isSingleRecordBody(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const values = Object.values(body);
  if (values.length !== 1) return false;
  const record = values[0] as unknown;
  return !!record && typeof record === 'object' && !Array.isArray(record) && typeof (record as { id?: unknown }).id === 'string';
}

/**
 * The `If-Match` header, or null without one. Weak (`W/"…"`) and unquoted tags never match, as
 * strong comparison requires, so they lead to a 412 rather than being ignored.
 */
export function parseIfMatch(header: string | null): IfMatch | null {
  if (header === null) return null;
  const parts = header.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.includes('*')) return { any: true };
  return { any: false, tags: parts.filter((p) => /^"[^"]*"$/.test(p)) };
}

/**
 * Throws 412 `precondition_failed` (with the current record and its ETag) when the caller sent
 * `If-Match` and the record has changed since. `load` reads the record as a GET would answer
 * it; call this after the row is locked.
 */
export async function assertIfMatch(
  ifMatch: IfMatch | null | undefined,
  key: string,
  load: () => Promise<unknown>,
): Promise<void> {
  if (!ifMatch) return;
  checkIfMatch(ifMatch, key, await load());
}

/** The same, against the current record as its GET answers it (read with its row locked). */
export function checkIfMatch(ifMatch: IfMatch | null | undefined, key: string, current: unknown): void {
  if (!ifMatch || ifMatch.any) return;
  const body = { [key]: current };
  const etag = etagOf(body);
  if (ifMatch.tags.includes(etag)) return;
  throw new ApiError(
    412,
    'precondition_failed',
    'The record has changed since you read it (If-Match does not match its ETag); here is the current record.',
    { current },
    { ETag: etag },
  );
}
