import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { embeddedRateLimitStore, postgresRateLimitStore, RATE_LIMIT_TABLE, type RateLimitStore } from '@/lib/api/rate-limit';
import { env } from '@/lib/env';

// Password guessing: failed sign-ins are counted per email address (10 per 15 minutes) and per
// client IP (50 per 15 minutes, for one guesser trying many addresses). Past either, sign-in
// answers 429 with Retry-After before checking anything, whether the address exists or not, and
// with one message for both cases. A successful sign-in clears its address's count, not the IP's.
// The counters are fixed windows in the API rate limiter's table (lib/api/rate-limit.ts), shared by
// every app process. Better Auth's own limit (per IP, in memory) stays in front of this.

export const SIGN_IN_LIMITS = { email: 10, ip: 50, windowSeconds: 15 * 60 } as const;
export const TOO_MANY_ATTEMPTS = 'TOO_MANY_ATTEMPTS';

interface Limiters {
  email: RateLimiterPostgres;
  ip: RateLimiterPostgres;
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
      email: limiter(store, 'sign-in:email', SIGN_IN_LIMITS.email),
      ip: limiter(store, 'sign-in:ip', SIGN_IN_LIMITS.ip),
    };
  }
  return globalForThrottle.__groundworkSignInThrottle;
}

/** Read at each request, so that a test can turn it on for itself. */
function enabled(): boolean {
  return (process.env.SIGN_IN_THROTTLE ?? env.SIGN_IN_THROTTLE) !== 'off';
}

/** The client's address: the first X-Forwarded-For hop (set by Next.js or the proxy in front), else X-Real-IP. */
export function clientIp(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || req.headers.get('x-real-ip')?.trim() || 'unknown';
}

async function emailOf(req: Request): Promise<string | null> {
  try {
    const body: unknown = await req.clone().json();
    const email = (body as { email?: unknown } | null)?.email;
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
async function blockedFor(l: RateLimiterPostgres, key: string, points: number): Promise<number> {
  const res = await l.get(key);
  return res && res.consumedPoints >= points ? res.msBeforeNext : 0;
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
export async function throttleSignIn(req: Request, handler: (req: Request) => Promise<Response>): Promise<Response> {
  if (!enabled()) return handler(req);
  const email = await emailOf(req);
  const ip = clientIp(req);
  let l: Limiters;
  try {
    l = limiters();
    const waits = await Promise.all([
      email ? blockedFor(l.email, email, SIGN_IN_LIMITS.email) : 0,
      blockedFor(l.ip, ip, SIGN_IN_LIMITS.ip),
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
      await Promise.all([email ? countFailure(l.email, email) : null, countFailure(l.ip, ip)]);
    } else if (res.ok && email) {
      await l.email.delete(email);
    }
  } catch (err) {
    console.error('[sign-in-throttle] store error', err);
  }
  return res;
}
