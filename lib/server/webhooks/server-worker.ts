import { getDatabase } from '@/lib/server/db';
import { onShutdown } from '@/lib/server/shutdown';
import { webhookSettings } from './settings';
import { startWebhookWorker, type WebhookWorker } from './worker';

// The worker inside the app server (instrumentation.ts): `npm run dev` and `npm start` deliver
// webhooks with nothing else to run. Not on Vercel, where the cron route drives delivery, nor
// with WEBHOOK_WORKER=off (a separate `npm run worker` does it).

const holder = globalThis as unknown as { __groundworkWebhookWorker?: Promise<WebhookWorker | null> };

export function startServerWebhookWorker(): Promise<WebhookWorker | null> {
  holder.__groundworkWebhookWorker ??= (async () => {
    if (!webhookSettings().workerEnabled || process.env.VERCEL) return null;
    const database = getDatabase();
    const worker = await startWebhookWorker({ database });
    // On SIGTERM it stops taking jobs and finishes the deliveries in flight before the process exits.
    onShutdown('webhook deliveries', () => worker.stop());
    return worker;
  })().catch((err: unknown) => {
    console.error('[webhooks] the delivery worker did not start:', err instanceof Error ? err.message : err);
    return null;
  });
  return holder.__groundworkWebhookWorker;
}
