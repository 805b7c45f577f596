import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { embeddedRateLimitStore, postgresRateLimitStore, RATE_LIMIT_TABLE, type RateLimitStore } from '@/lib/server/security/rate-limit-store';
import { env } from '@/lib/server/env';

// Password guessing, counted in failed sign-ins per 15 minutes:
// - per email address and client IP together (10): one guesser against one account;
// - per client IP (50): one guesser trying many addresses;
// - per email address (100, far above the pair's limit): many guessers against one account.
// A pair's count alone locks out only that guesser, so a stranger's wrong passwords cannot lock the
// owner out from where they sign in; the address's own ceiling still stops a distributed attack.
// Past any of them, sign-in answers 429 with Retry-After before checking anything, whether the
// address exists or not, and with one message for both. A successful sign-in clears its pair.
// The client IP is the TCP peer's, or the proxy chain's with TRUST_PROXY=true
// (lib/server/security/client-address.ts). The counters are fixed windows in the API rate limiter's
// table (lib/server/http/rate-limit.ts), shared by every app process; Better Auth's own limit (per IP, in
// memory) stays in front of this.

export const SIGN_IN_LIMITS = { pair: 10, ip: 50, email: 100, windowSeconds: 15 * 60 } as const;
export const TOO_MANY_ATTEMPTS = 'TOO_MANY_ATTEMPTS';

interface Limiters {
  pair: RateLimiterPostgres;
  ip: RateLimiterPostgres;
  email: RateLimiterPostgres;
}

function limiter(store: RateLimitStore, keyPrefix: string, points: number): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: store.kind === 'postgres' ? store.pool : store.client,
    storeType: store.kind === 'postgres' ? 'pool' : 'client',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: true,
    keyPrefix,
    points,
    duration: SIGN_IN_LIMITS.windowSeconds,
  });
}

const globalForThrottle = globalThis as unknown as { __groundworkSignInThrottle?: Limiters };

function limiters(): Limiters {
  if (!globalForThrottle.__groundworkSignInThrottle) {
    const store = env.DATABASE_URL ? postgresRateLimitStore(env.DATABASE_URL, 2) : embeddedRateLimitStore();
    globalForThrottle.__groundworkSignInThrottle = {
      pair: limiter(store, 'sign-in:email+ip', SIGN_IN_LIMITS.pair),
      ip: limiter(store, 'sign-in:ip', SIGN_IN_LIMITS.ip),
      email: limiter(store, 'sign-in:email', SIGN_IN_LIMITS.email),
    };
  }
  return globalForThrottle.__groundworkSignInThrottle;
}

/** Read at each request, so that a test can turn it on for itself. */
function enabled(): boolean {
  return (process.env.SIGN_IN_THROTTLE ?? env.SIGN_IN_THROTTLE) !== 'off';
}

/** The email of a sign-in body, JSON or form-encoded (Better Auth accepts both), lowercased. */
export async function signInEmail(req: Request): Promise<string | null> {
  const type = req.headers.get('content-type') ?? '';
  try {
    let email: unknown;
    if (/^application\/x-www-form-urlencoded/i.test(type)) email = new URLSearchParams(await req.clone().text()).get('email');
    else email = ((await req.clone().json()) as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : null;
  } catch {
    return null;
  }
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

async function countFailure(l: RateLimiterPostgres, key: string): Promise<void> {
  try {
    await l.consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
  }
}

/**
 * Runs a sign-in request (`handler`, Better Auth's) under the throttle. If the store fails, the
 * sign-in goes through (logged): an outage of the counters must not lock everyone out.
 */
export async function throttleSignIn(
  req: Request,
  attempt: { email: string | null; ip: string },
  handler: (req: Request) => Promise<Response>,
): Promise<Response> {
  if (!enabled()) return handler(req);
  const { email, ip } = attempt;
  const pairKey = email ? `${email} ${ip}` : null;
  let l: Limiters;
  try {
    l = limiters();
    const waits = await Promise.all([
      pairKey ? blockedFor(l.pair, pairKey) : 0,
      email ? blockedFor(l.email, email) : 0,
      blockedFor(l.ip, ip),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0) return tooMany(wait);
  } catch (err) {
    console.error('[sign-in-throttle] store error; sign-in let through', err);
    return handler(req);
  }
  const res = await handler(req);
  try {
    if (res.status === 401) {
      await Promise.all([
        pairKey ? countFailure(l.pair, pairKey) : null,
        email ? countFailure(l.email, email) : null,
        countFailure(l.ip, ip),
      ]);
    } else if (res.ok && pairKey) {
      await l.pair.delete(pairKey);
    }
  } catch (err) {
    console.error('[sign-in-throttle] store error', err);
  }
  return res;
}
