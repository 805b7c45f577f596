import { env } from '@/lib/server/env';
import { startJobWorker } from '@/lib/server/jobs/worker';
import { describeDatabase, run } from './cli';

// npm run worker — the webhook delivery worker alone, for deployments that run it apart from the
// app (set WEBHOOK_WORKER=off on the app then). Several can run side by side on PostgreSQL.
// Stops gracefully on SIGINT/SIGTERM: in-flight deliveries finish first.
await run(async (database) => {
  // Reached through a running dev server (scripts/cli.ts), which delivers webhooks itself.
  if (!env.DATABASE_URL && database.kind === 'postgres') throw new Error('npm run dev is running and delivers the webhooks of its embedded database itself.');
  if (database.kind === 'pglite') {
    console.warn('The embedded database opens in one process at a time: stop the app first, or set DATABASE_URL.');
  }
  const worker = await startJobWorker({ database });
  console.log(`Job worker (${worker.kind}) delivering webhooks and running imports from ${describeDatabase()}. Ctrl-C stops it.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  console.log('Stopping: finishing the deliveries in flight…');
  await worker.stop();
});
