import type { Db } from '@/db';
import { takeRateTokens } from '@/db/queries/webhook-deliveries';

// Each worker takes rate-limit tokens from the subscription's bucket (in the database, shared by
// every worker) a batch at a time — what a batch of deliveries needs, at least a quarter second's
// worth — and spends them locally. Tokens it holds lapse after a second, so no worker can save
// them up into a burst over the limit.

const BATCH_SECONDS = 0.25;
const HOLD_MS = 1_000;

interface Held {
  tokens: number;
  until: number;
}

export class RateLimiter {
  private held = new Map<number, Held>();

  constructor(private readonly db: Db) {}

  /** How many of `count` deliveries to the subscription may go now, and when the rest may. */
  async take(webhookId: number, ratePerMinute: number, count = 1): Promise<{ granted: number; waitSeconds: number }> {
    const now = Date.now();
    const held = this.held.get(webhookId);
    const local = held && held.until > now ? Math.floor(held.tokens) : 0;
    if (local >= count) {
      held!.tokens -= count;
      return { granted: count, waitSeconds: 0 };
    }
    const want = Math.max(count - local, Math.floor((ratePerMinute / 60) * BATCH_SECONDS), 1);
    const fetched = await takeRateTokens(this.db, webhookId, want);
    const available = local + fetched.granted;
    const granted = Math.min(count, available);
    this.held.set(webhookId, { tokens: available - granted, until: fetched.granted > 0 ? now + HOLD_MS : (held?.until ?? now) });
    const waitSeconds = granted < count ? Math.max(fetched.waitSeconds, (60 / ratePerMinute) * (count - granted) * 0.5, 0.05) : 0;
    return { granted, waitSeconds };
  }
}
