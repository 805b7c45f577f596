import 'server-only';
import { createHash } from 'node:crypto';
import { isSingleRecordBody } from '@/lib/shared/etag';

// The ETag of lib/shared/etag.ts (the SHA-256 of the JSON text of `{"<key>": record}`, base64url,
// quoted), computed by node:crypto: synchronously, on the text the answer sends. The dashboard
// computes it with Web Crypto, whose every call is a job handed to the thread pool and back: about
// 5% of a small GET's CPU in a profile of `next start` (docs/performance.md).
// lib/server/services/etag.test.ts holds the two together.

/** The ETag of a JSON text. */
export function etagOfText(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url')}"`;
}

/** The ETag of `{[key]: record}`. */
export function etagOfRecord(key: string, record: object): string {
  return etagOfText(JSON.stringify({ [key]: record }));
}

/** The ETag of an answer's JSON text when its body is a single record (`{"lead": {…}}`), else null. */
export function etagOfAnswer(body: unknown, text: string): string | null {
  return isSingleRecordBody(body) ? etagOfText(text) : null;
}
