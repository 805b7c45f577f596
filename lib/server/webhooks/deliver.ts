import type { Db } from '@/db';
import { abandonDelivery, postponeDelivery, recordAttempts, type AttemptRecord, type ClaimedDelivery } from '@/db/queries/webhook-deliveries';
import { iso } from '@/lib/server/serializers/common';
import type { RateLimiter } from './rate-limiter';
import { openWebhookSecret } from './secrets';
import { postJson } from './send';
import { retryDelaySeconds, type WebhookSettings } from '@/lib/server/config/webhooks';
import { signatureHeaders } from './signing';

/** Deliveries of one endpoint sent together by one job (and recorded in one statement). */
export const BATCH_SIZE = 20;

export type DeliveryResult = 'succeeded' | 'retrying' | 'failed' | 'postponed' | 'abandoned';

/**
 * The request body, as Buildr documents a delivery: the changed record's `id` and `url` at the
 * top level, with the event's type and time beside them. The message's own id is not in it (a
 * receiver would take it for the record's); it travels as the `webhook-id` header (the event id).
 */
export function deliveryBody(claimed: ClaimedDelivery): string {
  const m = claimed.message;
  return JSON.stringify({ id: m.payload.id, url: m.payload.url, event_type: m.eventType, timestamp: iso(m.timestamp) });
}

/** The endpoint's signing secret; null (logged) when no configured key opens it: that attempt fails, not the batch. */
function openSecret(claimed: ClaimedDelivery): string | null {
  try {
    return openWebhookSecret(claimed.secret);
  } catch (err) {
    console.error(`[webhooks] endpoint ${claimed.webhookUuid}: ${(err as Error).message}`);
    return null;
  }
}

/** One signed POST; its outcome and when to retry per the schedule. */
async function attempt(claimed: ClaimedDelivery, settings: WebhookSettings): Promise<AttemptRecord> {
  const body = deliveryBody(claimed);
  const secret = openSecret(claimed);
  const result =
    secret === null
      ? { status: null, excerpt: null, durationMs: 0, error: 'the signing secret cannot be opened: set the key that sealed it in WEBHOOK_SECRET_KEYS_PREVIOUS' }
      : await postJson(claimed.url, body, signatureHeaders(secret, claimed.message.eventId, body));
  const succeeded = result.status !== null && result.status >= 200 && result.status < 300;
  const delay = succeeded ? null : retryDelaySeconds(settings.retrySchedule, claimed.attemptCount + 1);
  return {
    claimed,
    outcome: {
      responseStatus: result.status,
      succeeded,
      durationMs: result.durationMs,
      responseExcerpt: result.excerpt,
      error: result.error ?? (succeeded ? null : `HTTP ${result.status}`),
    },
    retryAt: delay === null ? null : new Date(Date.now() + delay * 1000),
  };
}

/**
 * Makes one attempt of each leased delivery, in parallel: honours each subscription's rate limit
 * (a delivery over it waits, no attempt counted), POSTs the signed message, then records every
 * attempt and what follows from it (done, a retry per the schedule, failed) in one statement.
 */
export async function deliverBatch(db: Db, batch: ClaimedDelivery[], settings: WebhookSettings, limiter: RateLimiter): Promise<DeliveryResult[]> {
  // What each endpoint's rate limit lets through now: one token request per endpoint per batch.
  const allowed = new Map<number, { granted: number; waitSeconds: number }>();
  const live = new Map<number, ClaimedDelivery[]>();
  for (const d of batch) if (!d.webhookDisabled) live.set(d.webhookId, [...(live.get(d.webhookId) ?? []), d]);
  for (const [webhookId, group] of live) allowed.set(webhookId, await limiter.take(webhookId, group[0]!.rateLimit, group.length));
  const results = await Promise.all(
    batch.map(async (claimed): Promise<AttemptRecord | DeliveryResult> => {
      if (claimed.webhookDisabled) {
        await abandonDelivery(db, claimed.deliveryId);
        return 'abandoned';
      }
      const quota = allowed.get(claimed.webhookId)!;
      if (quota.granted === 0) {
        await postponeDelivery(db, claimed.deliveryId, new Date(Date.now() + quota.waitSeconds * 1000));
        return 'postponed';
      }
      quota.granted -= 1;
      return attempt(claimed, settings);
    }),
  );
  await recordAttempts(
    db,
    results.filter((r): r is AttemptRecord => typeof r !== 'string'),
  );
  return results.map((r) => (typeof r === 'string' ? r : r.outcome.succeeded ? 'succeeded' : r.retryAt ? 'retrying' : 'failed'));
}
