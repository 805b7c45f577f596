// The strong ETag of a single-record answer (RFC 9110 §8.8.3), for the API and the dashboard alike:
// the SHA-256 of the JSON text of `{"<key>": record}`, base64url, quoted. A record parsed from the
// API (a list row or a GET) serialises to the same text again, so the dashboard sends `If-Match`
// for whatever record a form was opened with, and the server compares it with the record as it is.
// Web Crypto, which browsers and Node.js both have; null only where it is missing (a browser on a
// non-secure origin: the edit then goes without a precondition).

// ETags already computed for a record object, so a form that sends If-Match again for the record
// it was opened with does not hash it again. (The server hashes the text it sends with node:crypto:
// lib/server/services/etag.ts.)
const known = new WeakMap<object, string>();

/** `{"lead": {"id": "1", …}}`: a body of one record under its key (lists and other shapes have no ETag). */
export function isSingleRecordBody(body: unknown): body is Record<string, { id: string }> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const values = Object.values(body);
  if (values.length !== 1) return false;
  const record = values[0] as unknown;
  return !!record && typeof record === 'object' && !Array.isArray(record) && typeof (record as { id?: unknown }).id === 'string';
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The ETag of `{[key]: record}`. */
export async function etagOf(key: string, record: object): Promise<string | null> {
  const cached = known.get(record);
  if (cached) return cached;
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify({ [key]: record }))));
  const etag = `"${base64url(digest)}"`;
  known.set(record, etag);
  return etag;
}
