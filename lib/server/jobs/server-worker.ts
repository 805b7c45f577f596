import { getDatabase } from '@/lib/server/db';
import { onShutdown } from '@/lib/server/shutdown';
import { webhookSettings } from '@/lib/server/config/webhooks';
import { startJobWorker, type JobWorker } from './worker';

// The job worker inside the app server (instrumentation.ts): `npm run dev` and `npm start` deliver
// webhooks, run imports and take snapshots with nothing else to run. Not on Vercel, where the cron
// route drives the jobs, nor with WEBHOOK_WORKER=off (a separate `npm run worker` does it).

const holder = globalThis as unknown as { __groundworkJobWorker?: Promise<JobWorker | null> };

export function startServerJobWorker(): Promise<JobWorker | null> {
  holder.__groundworkJobWorker ??= (async () => {
    if (!webhookSettings().workerEnabled || process.env.VERCEL) return null;
    const database = getDatabase();
    const worker = await startJobWorker({ database });
    // On SIGTERM it stops taking jobs and finishes the deliveries in flight before the process exits.
    onShutdown('jobs', () => worker.stop());
    return worker;
  })().catch((err: unknown) => {
    console.error('[jobs] the job worker did not start:', err instanceof Error ? err.message : err);
    return null;
  });
  return holder.__groundworkJobWorker;
}
