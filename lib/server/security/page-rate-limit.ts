import { RateLimiterRes } from 'rate-limiter-flexible';
import { env } from '@/lib/server/env';
import { LeakyBucketPostgres } from '@/lib/server/security/leaky-bucket';
import { embeddedRateLimitStore, limiterStoreOptions, postgresRateLimitStore, type RateLimitStore } from './rate-limit-store';
import type { PageRateLimitSettings } from '@/lib/server/config/security';

// Page renders and the OAuth endpoints (/oauth/*), per client address, counted by proxy.ts before
// anything renders: a flood of unauthenticated `GET /sign-in` otherwise costs a server render each
// and slows every account's requests. A leaky bucket (lib/server/security/leaky-bucket.ts) of `points`
// requests per address draining in `duration` seconds, in the rate limiter's PostgreSQL table
// (api_rate_limits), so every app process on one database shares it: one statement per request,
// on a small pool of its own. The API (/api/2023-01) has its own limits (lib/server/http/rate-limit.ts),
// sign-in its throttle. If the store fails, the request goes through (logged).

export type PageLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface PageLimiter {
  store: RateLimitStore;
  buckets: Map<string, LeakyBucketPostgres>;
}

const globalForPages = globalThis as unknown as { __groundworkPageRateLimit?: PageLimiter };

function bucket(points: number, duration: number): LeakyBucketPostgres {
  globalForPages.__groundworkPageRateLimit ??= {
    store: env.DATABASE_URL ? postgresRateLimitStore(env.DATABASE_URL, 2) : embeddedRateLimitStore(),
    buckets: new Map(),
  };
  const { store, buckets } = globalForPages.__groundworkPageRateLimit;
  const keyPrefix = `page:${points}/${duration}`;
  let limiter = buckets.get(keyPrefix);
  if (!limiter) {
    limiter = new LeakyBucketPostgres(limiterStoreOptions(store, keyPrefix, points, duration));
    buckets.set(keyPrefix, limiter);
  }
  return limiter;
}

/** Spends one page request of `address`'s budget. */
export async function spendPageRequest(address: string, settings: PageRateLimitSettings): Promise<PageLimitVerdict> {
  if (!settings.enabled) return { allowed: true };
  try {
    await bucket(settings.points, settings.duration).consume(`ip:${address}`);
    return { allowed: true };
  } catch (err) {
    if (err instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
    console.error('[page-rate-limit] store error; request let through', err);
    return { allowed: true };
  }
}
