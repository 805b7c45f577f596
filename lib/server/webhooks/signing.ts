import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { isStandardSecret, STANDARD_SECRET_PREFIX } from '@/lib/shared/validation/webhooks';

// Standard Webhooks signing (https://www.standardwebhooks.com): the `standardwebhooks` package
// computes the signature; receivers verify it with any Standard Webhooks or Svix library (given
// the raw key bytes when the secret is a plain one).

/** `whsec_` + base64 of 32 random bytes, the form Standard Webhooks and Svix use. */
export function generateSecret(): string {
  return STANDARD_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * The HMAC key of a secret: the decoded bytes of one in the Standard Webhooks form
 * (`whsec_<base64>`), the UTF-8 bytes of any other (a plain secret, as Buildr's examples send).
 */
export function signingKey(secret: string): Uint8Array {
  return isStandardSecret(secret) ? Buffer.from(secret.slice(STANDARD_SECRET_PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
}

/** The three headers of a signed delivery. `msgId` is the event id, the same on every retry. */
export function signatureHeaders(secret: string, msgId: string, body: string, at: Date = new Date()) {
  // Raw bytes: the package's own string form reads a raw secret as Latin-1 code units, not UTF-8.
  const signature = new Webhook(signingKey(secret), { format: 'raw' }).sign(msgId, at, body);
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
