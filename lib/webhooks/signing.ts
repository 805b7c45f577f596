import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

// Standard Webhooks signing (https://www.standardwebhooks.com): the `standardwebhooks` package
// computes the signature; receivers verify it with any Standard Webhooks or Svix library.

export const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes, the form Standard Webhooks and Svix use. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** A given secret in that form: whsec_ + base64 of 24 to 64 bytes. */
export function isValidSecret(secret: string): boolean {
  if (!secret.startsWith(SECRET_PREFIX)) return false;
  const body = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return false;
  const bytes = Buffer.from(body, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

/** The three headers of a signed delivery. `msgId` is the event id, the same on every retry. */
export function signatureHeaders(secret: string, msgId: string, body: string, at: Date = new Date()) {
  const signature = new Webhook(secret).sign(msgId, at, body);
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
