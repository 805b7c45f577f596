import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

// Secrets the app must read back (webhook signing secrets) are stored sealed: AES-256-GCM with a
// random 96-bit IV, in the form `sealed:v1:<key id>:<base64url iv ‖ ciphertext ‖ tag>`. The key id
// (8 hex characters of the key's SHA-256) says which key sealed it, so a rotated key's secrets are
// still opened with WEBHOOK_SECRET_KEYS_PREVIOUS until `npm run db:migrate` re-seals them. A value
// without the prefix is a plaintext secret from before sealing: read as is, re-sealed by the same
// command. `purpose` is authenticated data: a value sealed for one use does not open for another.

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBoxKeys {
  current: Buffer;
  previous: Buffer[];
}

/** A 32-byte key from base64, base64url or hex. */
export function parseKey(value: string, name = 'key'): Buffer {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${name}: must be 32 bytes, base64 or hex (openssl rand -base64 32)`);
  return key;
}

/** The key derived from the session secret when no key of its own is set. */
export function deriveKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'groundwork', 'groundwork secret box v1', 32));
}

export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

export function seal(plaintext: string, purpose: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${keyId(key)}:${body.toString('base64url')}`;
}

/** The plaintext; throws when no known key sealed it or the value was tampered with. */
export function open(value: string, purpose: string, keys: SecretBoxKeys): string {
  if (!isSealed(value)) return value;
  const [id, data] = value.slice(PREFIX.length).split(':');
  const key = [keys.current, ...keys.previous].find((k) => keyId(k) === id);
  if (!key || !data) throw new Error(`sealed secret: key ${id} is neither the current key nor a previous one`);
  const body = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** Whether the value needs re-sealing: plaintext, or sealed with a key other than the current one. */
export function needsReseal(value: string, keys: SecretBoxKeys): boolean {
  return !value.startsWith(`${PREFIX}${keyId(keys.current)}:`);
}
