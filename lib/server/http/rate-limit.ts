import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Principal } from '@/lib/server/auth/tokens';
import { env } from '@/lib/server/env';
import { embeddedRateLimitStore, limiterStoreOptions, postgresRateLimitStore, type RateLimitStore } from '@/lib/server/security/rate-limit-store';
import { LeakyBucketPostgres } from '@/lib/server/security/leaky-bucket';
import { ServiceError } from '@/lib/server/services/errors';

// Requests per token (API and OAuth tokens alike), per user for the browser's session when turned
// on, and per client IP for requests without a valid credential and the public routes (health, the
// OpenAPI document, unknown paths): a leaky bucket of `points` requests draining at `points / duration` per second
// (lib/server/security/leaky-bucket.ts). The buckets live in the api_rate_limits table, so every app process
// on one PostgreSQL shares them; the embedded database keeps them in the same table.

export interface RateLimitSettings {
  enabled: boolean;
  points: number;
  duration: number;
  /** Limit the dashboard's own session too. */
  sessions: boolean;
  /** The budget of each client IP for requests without a (valid) credential. */
  anonymous?: { points: number; duration: number };
}

/** 60 requests a minute per client IP without a credential, unless configured otherwise. */
export const ANONYMOUS_DEFAULT = { points: 60, duration: 60 } as const;

export class ApiRateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    readonly settings: RateLimitSettings,
    private readonly store: RateLimitStore,
  ) {}

  /** One limiter per budget: an application's own budget gets buckets of its own. */
  private limiter(points: number, duration: number): RateLimiterAbstract {
    const keyPrefix = `api:${points}/${duration}`;
    let limiter = this.limiters.get(keyPrefix);
    if (!limiter) {
      limiter = new LeakyBucketPostgres(limiterStoreOptions(this.store, keyPrefix, points, duration));
      this.limiters.set(keyPrefix, limiter);
    }
    return limiter;
  }

  /**
   * Spends one request of the caller's budget: the headers for the response, or a 429 ServiceError.
   * Not limited (no headers): limits off, a session while sessions are exempt. If the store fails,
   * the request goes through (logged): an outage of the limiter must not take the API down.
   */
  async consume(principal: Principal): Promise<Record<string, string>> {
    const { enabled, sessions } = this.settings;
    if (!enabled || (principal.authMethod === 'session' && !sessions)) return {};
    const budget = principal.rateLimit ?? this.settings;
    const tokenKey = principal.tokenId !== undefined;
    return this.spend(budget, tokenKey ? `token:${principal.tokenId}` : `user:${principal.userId}`, tokenKey ? 'token' : 'user');
  }

  /** Spends one request of a client address's budget, for a request without a valid credential. */
  async consumeAnonymous(address: string): Promise<Record<string, string>> {
    if (!this.settings.enabled) return {};
    return this.spend(this.settings.anonymous ?? ANONYMOUS_DEFAULT, `ip:${address}`, 'client address');
  }

  private async spend(budget: { points: number; duration: number }, key: string, what: string): Promise<Record<string, string>> {
    const { points, duration } = budget;
    let res: RateLimiterRes;
    try {
      res = await this.limiter(points, duration).consume(key);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) {
        console.error('[rate-limit] store error; request let through', err);
        return {};
      }
      const wait = String(Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      throw new ServiceError(
        'rate_limit_exceeded',
        `Too many requests: ${points} per ${duration} seconds for this ${what}. Retry in ${wait} seconds.`,
        { limit: points, window_seconds: duration, retry_after_seconds: Number(wait) },
        { 'X-RateLimit-Limit': String(points), 'X-RateLimit-Remaining': '0', 'X-Rate-Limited-For': wait, 'Retry-After': wait },
      );
    }
    return { 'X-RateLimit-Limit': String(points), 'X-RateLimit-Remaining': String(res.remainingPoints) };
  }
}

export function rateLimitSettingsFromEnv(): RateLimitSettings {
  return {
    enabled: env.API_RATE_LIMIT === 'on',
    points: env.API_RATE_LIMIT_POINTS,
    duration: env.API_RATE_LIMIT_DURATION,
    sessions: env.API_RATE_LIMIT_SESSIONS === 'on',
    anonymous: { points: env.API_RATE_LIMIT_ANONYMOUS_POINTS, duration: env.API_RATE_LIMIT_ANONYMOUS_DURATION },
  };
}

const globalForLimiter = globalThis as unknown as { __groundworkRateLimiter?: ApiRateLimiter };

/** The process's limiter, from the environment (a pool of its own when DATABASE_URL is set). */
export function getApiRateLimiter(): ApiRateLimiter {
  if (!globalForLimiter.__groundworkRateLimiter) {
    const settings = rateLimitSettingsFromEnv();
    const store = env.DATABASE_URL ? postgresRateLimitStore(env.DATABASE_URL) : embeddedRateLimitStore();
    globalForLimiter.__groundworkRateLimiter = new ApiRateLimiter(settings, store);
  }
  return globalForLimiter.__groundworkRateLimiter;
}

/** Replaces the process's limiter (tests configure their own); returns the previous one. */
export function setApiRateLimiter(limiter: ApiRateLimiter | undefined): ApiRateLimiter | undefined {
  const previous = globalForLimiter.__groundworkRateLimiter;
  globalForLimiter.__groundworkRateLimiter = limiter;
  return previous;
}
