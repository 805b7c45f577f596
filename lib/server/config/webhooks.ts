import { z } from 'zod';

// Webhook settings from the environment. Read at each use (not once at import like lib/server/env.ts)
// so that tests and a running demo can change them; lib/server/env.ts validates them at start.

export const DEFAULT_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];

export const webhookEnvSchema = z.object({
  /** `true` lets subscriptions target private, loopback and link-local addresses (development, tests). */
  WEBHOOKS_ALLOW_PRIVATE_URLS: z.enum(['true', 'false']).default('false'),
  /** Seconds to wait before each retry, comma-separated; its length is the number of retries. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'must be comma-separated seconds, e.g. 5,300,1800')
    .optional(),
  /** `off` keeps the delivery worker out of this process (run `npm run worker` elsewhere). */
  WEBHOOK_WORKER: z.enum(['on', 'off']).default('on'),
  /** Jobs in flight at once per worker (each a batch of up to 20 deliveries to one endpoint). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * Seconds a worker holds the deliveries it took: a worker that died holding them is taken over
   * after this. Longer than a delivery's 15 s request budget.
   */
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(20).max(3_600).default(60),
  /**
   * Seconds without a heartbeat after which a job worker counts as dead (killed, its machine gone):
   * another worker frees the jobs it held, which run again.
   */
  JOB_WORKER_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3_600).default(30),
});

export interface WebhookSettings {
  allowPrivateUrls: boolean;
  retrySchedule: number[];
  workerEnabled: boolean;
  concurrency: number;
  leaseSeconds: number;
  workerTimeoutSeconds: number;
}

export function webhookSettings(source: NodeJS.ProcessEnv = process.env): WebhookSettings {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = webhookEnvSchema.parse(clean);
  return {
    allowPrivateUrls: parsed.WEBHOOKS_ALLOW_PRIVATE_URLS === 'true',
    retrySchedule: parsed.WEBHOOK_RETRY_SCHEDULE ? parsed.WEBHOOK_RETRY_SCHEDULE.split(',').map((s) => Number(s.trim())) : DEFAULT_RETRY_SCHEDULE,
    workerEnabled: parsed.WEBHOOK_WORKER === 'on',
    concurrency: parsed.WEBHOOK_CONCURRENCY,
    leaseSeconds: parsed.WEBHOOK_LEASE_SECONDS,
    workerTimeoutSeconds: parsed.JOB_WORKER_TIMEOUT_SECONDS,
  };
}

/**
 * Seconds until the retry after failed attempt number `attempt` (1-based), with ±20 % jitter so
 * that endpoints coming back are not hit by every retry at once; null when retries are exhausted.
 */
export function retryDelaySeconds(schedule: number[], attempt: number, random: () => number = Math.random): number | null {
  const base = schedule[attempt - 1];
  if (base === undefined) return null;
  return base * (0.8 + 0.4 * random());
}
