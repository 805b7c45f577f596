import { z } from 'zod';

/**
 * 600 page requests a minute per client address: bursts of 600, then ten a second. A dashboard
 * page is one request, and its links' prefetches a few more; an office behind one address stays
 * far below, a flood of renders does not.
 */
export const PAGE_RATE_LIMIT_DEFAULT = { points: 600, duration: 60 } as const;

// Security settings from the environment. Read at each use (so that a test can change them, and
// proxy.ts reads them per request); lib/server/env.ts validates them at start.

export const securityEnvSchema = z.object({
  /** Origins allowed to call the API from a browser, comma-separated (`https://app.example.com`); none by default. */
  CORS_ALLOWED_ORIGINS: z
    .string()
    .refine((v) => parseOrigins(v) !== null, 'must be comma-separated origins such as https://app.example.com (no path)')
    .optional(),
  /**
   * `true`: a reverse proxy in front sets X-Forwarded-For/-Host/-Proto, and they are believed
   * (lib/server/security/client-address.ts). Otherwise they are ignored: any client can send them.
   */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Requests per window from one client IP without a (valid) credential, and to /api/health. */
  API_RATE_LIMIT_ANONYMOUS_POINTS: z.coerce.number().int().min(1).max(100_000).default(60),
  /** That window, in seconds. */
  API_RATE_LIMIT_ANONYMOUS_DURATION: z.coerce.number().int().min(1).max(86_400).default(60),
  /** `off` turns the per-address limit on page renders and /oauth/* off (proxy.ts); on by default. */
  PAGE_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  /** Page and OAuth requests one client address may send at once: the bucket's size. */
  PAGE_RATE_LIMIT_POINTS: z.coerce.number().int().min(1).max(1_000_000).default(PAGE_RATE_LIMIT_DEFAULT.points),
  /** Seconds that bucket takes to drain completely (it leaks `points / duration` requests a second). */
  PAGE_RATE_LIMIT_DURATION: z.coerce.number().int().min(1).max(86_400).default(PAGE_RATE_LIMIT_DEFAULT.duration),
  /** `off` turns the sign-in throttle off (the test suite, e2e); on by default. */
  SIGN_IN_THROTTLE: z.enum(['on', 'off']).default('on'),
  /** 32 bytes, base64 or hex: seals webhook endpoint secrets at rest. Derived from BETTER_AUTH_SECRET when unset. */
  WEBHOOK_SECRET_KEY: z.string().refine(isKey, 'must be 32 bytes, base64 or hex (openssl rand -base64 32)').optional(),
  /** Earlier WEBHOOK_SECRET_KEY values, comma-separated, still accepted to open secrets until `npm run db:migrate` re-seals them. */
  WEBHOOK_SECRET_KEYS_PREVIOUS: z
    .string()
    .refine((v) => v.split(',').every((k) => !k.trim() || isKey(k)), 'must be comma-separated keys of 32 bytes, base64 or hex')
    .optional(),
});

function isKey(value: string): boolean {
  const text = value.trim();
  return /^[0-9a-f]{64}$/i.test(text) || (/^[A-Za-z0-9+/_-]+=*$/.test(text) && Buffer.from(text, 'base64').length === 32);
}

/** `https://a.example, http://localhost:3000` → their origins; null when one is not an origin. */
export function parseOrigins(value: string | undefined): string[] | null {
  if (!value) return [];
  const out: string[] = [];
  for (const part of value.split(',')) {
    const item = part.trim();
    if (!item) continue;
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return null;
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) return null;
    out.push(url.origin);
  }
  return out;
}

export function allowedOrigins(): string[] {
  return parseOrigins(process.env.CORS_ALLOWED_ORIGINS) ?? [];
}

export interface PageRateLimitSettings {
  enabled: boolean;
  points: number;
  duration: number;
}

const pageSettings = securityEnvSchema.pick({ PAGE_RATE_LIMIT: true, PAGE_RATE_LIMIT_POINTS: true, PAGE_RATE_LIMIT_DURATION: true });

let cachedPageSettings: { key: string; settings: PageRateLimitSettings } | undefined;

/** The page limit as configured now (read at each request, so that a test can change it; validated at start). */
export function pageRateLimitSettings(source: Record<string, string | undefined> = process.env): PageRateLimitSettings {
  const given = {
    PAGE_RATE_LIMIT: source.PAGE_RATE_LIMIT,
    PAGE_RATE_LIMIT_POINTS: source.PAGE_RATE_LIMIT_POINTS,
    PAGE_RATE_LIMIT_DURATION: source.PAGE_RATE_LIMIT_DURATION,
  };
  const key = JSON.stringify(given);
  if (cachedPageSettings?.key !== key) {
    // An empty variable means unset, as in lib/server/env.ts.
    const parsed = pageSettings.safeParse(Object.fromEntries(Object.entries(given).filter(([, value]) => value)));
    const values = parsed.success ? parsed.data : pageSettings.parse({});
    cachedPageSettings = {
      key,
      settings: { enabled: values.PAGE_RATE_LIMIT === 'on', points: values.PAGE_RATE_LIMIT_POINTS, duration: values.PAGE_RATE_LIMIT_DURATION },
    };
  }
  return cachedPageSettings.settings;
}
