import 'server-only';
import { z } from 'zod';
import { securityEnvSchema } from './config/security';
import { mailEnvSchema } from './config/mail';
import { webhookEnvSchema } from './config/webhooks';
import { storageEnvSchema } from './config/storage';

// The environment, validated once. A bad value stops the process with a message naming it.
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** PostgreSQL connection string. Without it, an embedded PGlite database is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** false behind a transaction-mode pooler (PgBouncer, Neon's pooled URL), which cannot keep prepared statements. */
  DATABASE_PREPARE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * `transaction` behind a transaction-mode pooler (PgBouncer, Supavisor, Neon's `-pooler` URL):
   * no prepared statements and no startup parameters the pooler would refuse.
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  /**
   * With DATABASE_POOLER=transaction: a connection string past the pooler, to the same database,
   * for the job worker (graphile-worker LISTENs, which a transaction-mode pooler cannot hold).
   */
  DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Longest wait (ms) for a free pooled connection before a request gives up with a 503 (0: no limit). */
  DATABASE_POOL_WAIT: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /** Cancels a statement that runs longer (ms; 0: no limit), so no request waits on the database for ever. */
  DATABASE_STATEMENT_TIMEOUT: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /**
   * Read replicas (docs/scaling.md): PostgreSQL connection strings, comma-separated. The API's
   * reads (GET) go to a replica that has caught up with the caller's writes; everything else to
   * DATABASE_URL.
   */
  DATABASE_REPLICA_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const urls = (v ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      for (const url of urls) {
        if (!z.url({ protocol: /^postgres(ql)?$/ }).safeParse(url).success) {
          ctx.addIssue({ code: 'custom', message: 'each entry must be a postgres:// connection string' });
          return z.NEVER;
        }
      }
      return urls;
    }),
  /** A replica further behind the primary than this (ms) is skipped until it catches up. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** Folder of the embedded database, or `memory://` for an in-memory one. */
  PGLITE_DATA_DIR: z.string().min(1).default('.data/pglite'),
  /**
   * Public origin used in absolute links (webhook payload URLs, pagination), by sign-in and OAuth.
   * Required in production; in development and tests the request's own host is used.
   */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Signs session cookies (Better Auth). Required in production; development and tests use a fixed one. */
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
  /** Authorises GET /api/cron/webhooks (Vercel Cron sends it as a Bearer token). */
  CRON_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** `off` turns the API's rate limit off (tests, benchmarks); it is on by default. */
  API_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  /** Requests per window for each API or OAuth token (an OAuth application may set its own). */
  API_RATE_LIMIT_POINTS: z.coerce.number().int().min(1).max(100_000).default(10),
  /** The window, in seconds. */
  API_RATE_LIMIT_DURATION: z.coerce.number().int().min(1).max(86_400).default(10),
  /** `on` limits the dashboard's own session (per user) too. */
  API_RATE_LIMIT_SESSIONS: z.enum(['on', 'off']).default('off'),
  ...mailEnvSchema.shape,
  ...webhookEnvSchema.shape,
  ...securityEnvSchema.shape,
  ...storageEnvSchema.shape,
});

// Never used in production: there the secret must come from the environment.
const DEVELOPMENT_AUTH_SECRET = 'groundwork-development-only-secret-not-for-production';

export type Env = Omit<z.infer<typeof schema>, 'BETTER_AUTH_SECRET'> & { BETTER_AUTH_SECRET: string };

function load(): Env {
  const source = { ...process.env };
  // An empty variable means unset, as in most .env files.
  for (const [key, value] of Object.entries(source)) if (value === '') delete source[key];
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  // Serverless hosts have no writable disk for the embedded database.
  if (process.env.VERCEL && !parsed.data.DATABASE_URL) {
    throw new Error('Invalid environment:\n  DATABASE_URL: required on Vercel (the embedded database needs a writable disk)');
  }
  if (parsed.data.DATABASE_REPLICA_URL.length > 0 && !parsed.data.DATABASE_URL) {
    throw new Error('Invalid environment:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (the primary the replicas follow)');
  }
  // `next build` runs with NODE_ENV=production but signs nothing: only the running server needs it.
  const building = process.env.NEXT_PHASE === 'phase-production-build';
  if (parsed.data.NODE_ENV === 'production' && !building) {
    const missing = [
      !parsed.data.BETTER_AUTH_SECRET && '  BETTER_AUTH_SECRET: required in production (it signs session cookies); generate one with `openssl rand -base64 32`',
      // Without it, absolute links would come from the request's Host header, which any client sets.
      !parsed.data.PUBLIC_BASE_URL &&
        '  PUBLIC_BASE_URL: required in production (the origin users and integrations reach Groundwork at, e.g. https://crm.example.com): links in webhook payloads, Link headers, sign-in and OAuth are built from it',
    ].filter(Boolean);
    if (missing.length > 0) throw new Error(`Invalid environment:\n${missing.join('\n')}`);
  }
  return { ...parsed.data, BETTER_AUTH_SECRET: parsed.data.BETTER_AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET };
}

export const env: Env = load();
