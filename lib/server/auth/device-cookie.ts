import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/server/env';

// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
// signed in to an address gets a cookie saying so, signed by the server, and keeps its way in when
// that address is under attack. Password guesses spread over many IPs lock the address for
// browsers that never signed in to it (the per-address ceiling of lib/server/auth/sign-in-throttle.ts),
// while the owner's own browser passes on the strength of its cookie, with a failure budget of its
// own. The cookie holds a random nonce and an HMAC of the nonce with the address (so it names no
// address, and is worth nothing for another); the nonce keys the device's failure count.
//
// HttpOnly, SameSite=Strict, sent only to the sign-in endpoint (Path), Secure with the
// `__Secure-` prefix in production. Renewed (a new nonce) at every successful sign-in.

export const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 3600;
const COOKIE_PATH = '/api/auth/sign-in';

export function deviceCookieName(production = env.NODE_ENV === 'production'): string {
  return production ? '__Secure-groundwork.sign_in_device' : 'groundwork.sign_in_device';
}

const globalForKey = globalThis as unknown as { __groundworkDeviceKey?: { secret: string; key: Buffer } };

/** A key of its own, derived from BETTER_AUTH_SECRET (rotating that secret forgets every device). */
function key(): Buffer {
  const cached = globalForKey.__groundworkDeviceKey;
  if (cached?.secret === env.BETTER_AUTH_SECRET) return cached.key;
  const derived = Buffer.from(hkdfSync('sha256', env.BETTER_AUTH_SECRET, 'groundwork', 'groundwork sign-in device cookie v1', 32));
  globalForKey.__groundworkDeviceKey = { secret: env.BETTER_AUTH_SECRET, key: derived };
  return derived;
}

function mac(email: string, nonce: string): Buffer {
  return createHmac('sha256', key()).update(`${email}\n${nonce}`).digest();
}

/** The `Set-Cookie` value that marks this browser as one `email` (lowercase) signed in from. */
export function deviceCookieHeader(email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  const value = `${nonce}.${mac(email, nonce).toString('base64url')}`;
  const production = env.NODE_ENV === 'production';
  return [
    `${deviceCookieName(production)}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(production ? ['Secure'] : []),
  ].join('; ');
}

function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The device's nonce when the request carries a device cookie issued to this browser for `email`
 * (lowercase); null without one, or with one for another address, forged or malformed.
 */
export function trustedDevice(req: Request, email: string | null): string | null {
  if (!email) return null;
  const value = cookieValue(req.headers.get('cookie'), deviceCookieName());
  const match = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return null;
  const [, nonce, signature] = match;
  const given = Buffer.from(signature!, 'base64url');
  const expected = mac(email, nonce!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce! : null;
}
