import { createHash } from 'node:crypto';
import type { Db } from '@/db';
import { claimKey, deleteExpiredKeys, findKey, storeResponse, type KeyOwner } from '@/db/queries/idempotency-keys';
import { env } from '@/lib/server/env';
import { deriveKey, isSealed, open, seal } from '@/lib/server/security/secret-box';
import { ServiceError } from '@/lib/server/services/errors';
import { etagOfAnswer } from '@/lib/server/services/etag';

// `Idempotency-Key` on POST, as Stripe does it. The key row is inserted first, in the same
// transaction as the work (services nest theirs as savepoints): a concurrent request with the
// same key waits on the unique index until the first commits, then replays its answer; if the
// first fails (any non-2xx answer) everything rolls back and the key is free again. So a key
// never names a record that was not created, nor a record created twice. A key is its caller's:
// scoped to the user and the credential (lib/server/auth/tokens.ts `credential`), and the route's access
// rules ran before this (lib/server/http/route.ts), so a replay never answers anyone the first caller's
// answer, nor skips a check the first request passed.

export const IDEMPOTENCY_TTL_HOURS = 24;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Carries a non-2xx answer out of the transaction, rolling back the key and any write. */
class Refused extends Error {
  constructor(readonly response: Response) {
    super('refused');
  }
}

/** Past this the route refuses the body anyway (an import's file and its form). */
const MAX_HASHED_BYTES = 64 * 1024 * 1024;

/**
 * The request's fingerprint: its path and query, and its body hashed as it streams, whatever its
 * size. A multipart body's boundary is a random string its client picks anew for each attempt: it
 * is hashed as one fixed token, so a retried upload is the same request.
 */
async function hashRequest(req: Request, target: string): Promise<string> {
  const hash = createHash('sha256').update(`${target}\n`);
  const boundary = /^multipart\/form-data\s*;.*boundary="?([^";]+)"?/i.exec(req.headers.get('content-type') ?? '')?.[1];
  const marker = boundary ? Buffer.from(boundary) : null;
  let carry = Buffer.alloc(0);
  let size = 0;
  const body = req.clone().body;
  if (body) {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_HASHED_BYTES) throw new ServiceError('payload_too_large', `The request body exceeds ${MAX_HASHED_BYTES / 1_048_576} MB.`);
      let data = carry.length ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (marker) {
        data = replaceAll(data, marker);
        // Keep the tail that could be the start of a boundary cut by the chunk's end.
        const keep = Math.min(marker.length - 1, data.length);
        carry = Buffer.from(data.subarray(data.length - keep));
        data = data.subarray(0, data.length - keep);
      }
      hash.update(data);
    }
  }
  hash.update(carry);
  return hash.digest('base64url');
}

const BOUNDARY_TOKEN = Buffer.from('<boundary>');

function replaceAll(data: Buffer, marker: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (let found = data.indexOf(marker, at); found !== -1; found = data.indexOf(marker, at)) {
    parts.push(data.subarray(at, found), BOUNDARY_TOKEN);
    at = found + marker.length;
  }
  if (parts.length === 0) return data;
  parts.push(data.subarray(at));
  return Buffer.concat(parts);
}

// Answers can hold a secret shown once (an API token, a webhook or client secret): stored sealed
// (AES-256-GCM, lib/server/security/secret-box.ts) under a key derived from BETTER_AUTH_SECRET.
const PURPOSE = 'idempotency-response';
const keys = () => ({ current: deriveKey(env.BETTER_AUTH_SECRET), previous: [] });
const encrypt = (text: string) => seal(text, PURPOSE, keys().current);
function decrypt(stored: string): string {
  if (!isSealed(stored)) throw new Error('idempotency answer: not sealed');
  return open(stored, PURPOSE, keys());
}

/** The first answer again, as it was sent (its ETag recomputed from the body). */
async function replay(status: number, text: string): Promise<Response> {
  const headers: Record<string, string> = { 'Idempotent-Replayed': 'true' };
  if (text === '') return new Response(null, { status, headers });
  const etag = etagOfAnswer(JSON.parse(text), text);
  if (etag) headers.ETag = etag;
  return new Response(text, { status, headers: { ...headers, 'Content-Type': 'application/json' } });
}

/**
 * Runs a POST under its `Idempotency-Key` (or as is without one). `run` does the work with the
 * connection it is given, which is the key's transaction.
 */
export async function idempotent(
  db: Db,
  caller: { accountId: number; userId: number; credential: string },
  req: Request,
  run: (db: Db) => Promise<Response>,
): Promise<Response> {
  const key = req.headers.get('idempotency-key');
  if (key === null) return run(db);
  if (!/^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(key) || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ServiceError(
      'invalid_idempotency_key',
      `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters (a UUID is a good choice).`,
    );
  }
  const url = new URL(req.url);
  const operation = `POST ${url.pathname}`;
  const requestHash = await hashRequest(req, `${operation}${url.search}`);
  const owner: KeyOwner = { accountId: caller.accountId, userId: caller.userId, credential: caller.credential };
  try {
    return await db.transaction(async (tx) => {
      await deleteExpiredKeys(tx, owner.accountId, new Date(Date.now() - IDEMPOTENCY_TTL_HOURS * 3_600_000));
      if (!(await claimKey(tx, owner, { key, operation, requestHash }))) {
        const first = await findKey(tx, owner, key);
        if (!first) {
          throw new ServiceError('conflict', 'A request with this Idempotency-Key is being processed; retry it shortly.');
        }
        if (first.requestHash !== requestHash) {
          throw new ServiceError(
            'idempotency_key_reused',
            'This Idempotency-Key was used with a different request (another path or body); use a new key for a new request.',
            { operation: first.operation },
          );
        }
        let stored: string;
        try {
          stored = decrypt(first.responseBody);
        } catch {
          // Encrypted under another BETTER_AUTH_SECRET (rotated since): the answer is lost.
          throw new ServiceError('conflict', 'The first answer to this Idempotency-Key can no longer be read; use a new key.');
        }
        return replay(first.status, stored);
      }
      const res = await run(tx);
      if (res.status < 200 || res.status >= 300) throw new Refused(res);
      const body = await res.text();
      await storeResponse(tx, owner, key, res.status, encrypt(body));
      return new Response(body === '' ? null : body, { status: res.status, headers: res.headers });
    });
  } catch (err) {
    if (err instanceof Refused) return err.response;
    throw err;
  }
}
