import type { JobHelpers } from 'graphile-worker';
import type { Db } from '@/db';
import { claimDeliveries, leasedUntil, releaseDeliveries, removeDeliveryJobs } from '@/db/queries/webhook-deliveries';
import { BATCH_SIZE, deliverBatch } from './deliver';
import type { RateLimiter } from './rate-limiter';
import type { WebhookSettings } from '@/lib/server/config/webhooks';

// The `deliver_webhook` job. A job per delivery comes from the trigger on webhook_deliveries (same
// transaction as the change); each subscription's jobs share a named queue, which graphile-worker
// runs one job at a time: a job sends its delivery together with the endpoint's other due ones (a
// batch, recorded in one statement) and takes their now idle jobs off the queue.

export function deliverWebhookTask(db: Db, settings: () => WebhookSettings, limiter: RateLimiter) {
  return async (payload: unknown, helpers: JobHelpers): Promise<void> => {
    const deliveryId = Number((payload as { delivery_id?: unknown }).delivery_id);
    if (!Number.isSafeInteger(deliveryId)) return;
    const batch = await claimDeliveries(db, { deliveryId, limit: BATCH_SIZE, leaseSeconds: settings().leaseSeconds });
    if (batch.some((d) => d.deliveryId === deliveryId)) {
      // The others' jobs go first: recording a retry or a postponement enqueues a fresh job,
      // which must stay. (A crash in between leaves them leased without a job: the next
      // worker start enqueues every pending delivery.)
      try {
        await removeDeliveryJobs(
          db,
          batch.filter((d) => d.deliveryId !== deliveryId).map((d) => d.deliveryId),
        );
        await deliverBatch(db, batch, settings(), limiter);
      } catch (err) {
        // The job fails and the queue retries it; the leases must not make it wait a minute.
        await releaseDeliveries(
          db,
          batch.map((d) => d.deliveryId),
        ).catch(() => {});
        throw err;
      }
      return;
    }
    // Done, not yet due (a newer job exists), or leased: by a live worker, which will finish
    // it, or by one that died. Come back when the lease runs out, in case it died.
    const leased = await leasedUntil(db, deliveryId);
    if (leased) {
      await helpers.addJob(
        'deliver_webhook',
        { delivery_id: deliveryId },
        { jobKey: `webhook_delivery:${deliveryId}`, queueName: `webhook:${leased.webhookId}`, runAt: leased.until },
      );
    }
  };
}

/** Sends every due delivery in batches until none is left (the cron route's way, and the embedded loop's catch-up). */
export async function deliverDueBatches(db: Db, settings: () => WebhookSettings, limiter: RateLimiter): Promise<void> {
  for (;;) {
    const batch = await claimDeliveries(db, { limit: BATCH_SIZE, leaseSeconds: settings().leaseSeconds });
    if (batch.length === 0) return;
    await deliverBatch(db, batch, settings(), limiter);
  }
}
