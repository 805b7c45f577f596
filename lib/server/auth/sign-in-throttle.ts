import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { embeddedRateLimitStore, limiterStoreOptions, postgresRateLimitStore, type RateLimitStore } from '@/lib/server/security/rate-limit-store';
import { env } from '@/lib/server/env';

// Password guessing, counted in failed sign-ins per 15 minutes:
// - per email address and client IP together (10): one guesser against one account;
// - per client IP (50): one guesser trying many addresses;
// - per email address (100, far above the pair's limit): many guessers against one account;
// - per device (10): a browser holding a device cookie for the address (lib/server/auth/device-cookie.ts).
// A pair's count alone locks out only that guesser, so a stranger's wrong passwords cannot lock the
// owner out from where they sign in; the address's own ceiling stops a guess spread over many IPs.
// That ceiling would refuse the owner everywhere too (anyone who knows the address can reach it),
// so it holds for untrusted browsers only, as OWASP's device cookies have it: a browser that signed
// in to this address before shows its signed cookie and is judged by its own count alone (neither
// the pair, the IP nor the address), its failures counted there; past its own limit it is one
// more untrusted browser. Past a limit, sign-in answers 429 with Retry-After before checking
// anything, whether the address exists or not, and with one message for both. A successful
// sign-in clears its pair and its device's count (lib/server/auth/sign-in.ts then renews the cookie).
// The client IP is the TCP peer's, or the proxy chain's with TRUST_PROXY=true
// (lib/server/security/client-address.ts). The counters are fixed windows in the API rate limiter's
// table (lib/server/http/rate-limit.ts), shared by every app process; Better Auth's own limit (per IP, in
// memory) stays in front of this.

export const SIGN_IN_LIMITS = { pair: 10, ip: 50, email: 100, device: 10, windowSeconds: 15 * 60 } as const;
export const TOO_MANY_ATTEMPTS = 'TOO_MANY_ATTEMPTS';

/** A lock that an account's security log records (`sign_in.throttled`): the IP's own is no account's. */
export type ThrottleLock = 'address' | 'address_and_ip' | 'device';

interface Limiters {
  pair: RateLimiterPostgres;
  ip: RateLimiterPostgres;
  email: RateLimiterPostgres;
  device: RateLimiterPostgres;
}

function limiter(store: RateLimitStore, keyPrefix: string, points: number): RateLimiterPostgres {
  return new RateLimiterPostgres(limiterStoreOptions(store, keyPrefix, points, SIGN_IN_LIMITS.windowSeconds));
}

const globalForThrottle = globalThis as unknown as { __groundworkSignInThrottle?: Limiters };

function limiters(): Limiters {
  if (!globalForThrottle.__groundworkSignInThrottle) {
    const store = env.DATABASE_URL ? postgresRateLimitStore(env.DATABASE_URL, 2) : embeddedRateLimitStore();
    globalForThrottle.__groundworkSignInThrottle = {
      pair: limiter(store, 'sign-in:email+ip', SIGN_IN_LIMITS.pair),
      ip: limiter(store, 'sign-in:ip', SIGN_IN_LIMITS.ip),
      email: limiter(store, 'sign-in:email', SIGN_IN_LIMITS.email),
      device: limiter(store, 'sign-in:device', SIGN_IN_LIMITS.device),
    };
  }
  return globalForThrottle.__groundworkSignInThrottle;
}

/** Read at each request, so that a test can turn it on for itself. */
function enabled(): boolean {
  return (process.env.SIGN_IN_THROTTLE ?? env.SIGN_IN_THROTTLE) !== 'off';
}

function tooMany(msBeforeNext: number): Response {
  const wait = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return Response.json(
    { code: TOO_MANY_ATTEMPTS, message: 'Too many sign-in attempts. Try again later.' },
    { status: 429, headers: { 'Retry-After': String(wait) } },
  );
}

/** Milliseconds until the key may try again; 0 when it may now. */
async function blockedFor(l: RateLimiterPostgres, key: string): Promise<number> {
  const res = await l.get(key);
  return res && res.consumedPoints >= l.points ? res.msBeforeNext : 0;
}

/** Counts a failure; true when it is the one that reached the limit (the lock starts). */
async function countFailure(l: RateLimiterPostgres, key: string): Promise<boolean> {
  try {
    return (await l.consume(key)).consumedPoints === l.points;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    return err.consumedPoints === l.points;
  }
}

export interface SignInAttempt {
  /** The address Better Auth checks (lib/server/auth/sign-in-body.ts), lowercase. */
  email: string | null;
  ip: string;
  /** The nonce of a device cookie this browser holds for `email` (lib/server/auth/device-cookie.ts). */
  device: string | null;
}

export interface ThrottledSignIn {
  response: Response;
  /** The locks this attempt's failure started, for the security log. */
  locked: ThrottleLock[];
}

/**
 * Runs a sign-in request (`handler`, Better Auth's) under the throttle. If the store fails, the
 * sign-in goes through (logged): an outage of the counters must not lock everyone out.
 */
export async function throttleSignIn(req: Request, attempt: SignInAttempt, handler: (req: Request) => Promise<Response>): Promise<ThrottledSignIn> {
  if (!enabled()) return { response: await handler(req), locked: [] };
  const { email, ip, device } = attempt;
  const pairKey = email ? `${email} ${ip}` : null;
  let l: Limiters;
  let trusted = false;
  try {
    l = limiters();
    trusted = device !== null && (await blockedFor(l.device, device)) === 0;
    if (!trusted) {
      const waits = await Promise.all([pairKey ? blockedFor(l.pair, pairKey) : 0, email ? blockedFor(l.email, email) : 0, blockedFor(l.ip, ip)]);
      const wait = Math.max(...waits);
      if (wait > 0) return { response: tooMany(wait), locked: [] };
    }
  } catch (err) {
    console.error('[sign-in-throttle] store error; sign-in let through', err);
    return { response: await handler(req), locked: [] };
  }
  const response = await handler(req);
  const locked: ThrottleLock[] = [];
  try {
    if (response.status === 401) {
      if (trusted) {
        if (await countFailure(l.device, device!)) locked.push('device');
      } else {
        const [pair, address] = await Promise.all([
          pairKey ? countFailure(l.pair, pairKey) : false,
          email ? countFailure(l.email, email) : false,
          countFailure(l.ip, ip),
        ]);
        if (pair) locked.push('address_and_ip');
        if (address) locked.push('address');
      }
    } else if (response.ok) {
      await Promise.all([pairKey ? l.pair.delete(pairKey) : null, trusted ? l.device.delete(device!) : null]);
    }
  } catch (err) {
    console.error('[sign-in-throttle] store error', err);
  }
  return { response, locked };
}
