import { Logger, run, runMigrations, runOnce, type Runner, type TaskList } from 'graphile-worker';
import { openDatabase, type Database, type Db } from '@/db';
import {
  claimDeliveries,
  enqueuePendingDeliveries,
  leasedUntil,
  nextDueAt,
  releaseDeliveries,
  removeDeliveryJobs,
} from '@/db/queries/webhook-deliveries';
import { takeDueWeeklySnapshots } from '@/lib/server/services/forecast';
import { runDueImports, runImport } from '@/lib/server/imports/service';
import { BATCH_SIZE, deliverBatch, LEASE_SECONDS } from './deliver';
import { RateLimiter } from './rate-limiter';
import { setPrivateAddressPolicy } from './send';
import { webhookSettings, type WebhookSettings } from './settings';

// The delivery worker. On PostgreSQL it is a graphile-worker pool: a job per delivery comes from
// the trigger on webhook_deliveries (same transaction as the change), jobs are claimed with row
// locks (FOR UPDATE SKIP LOCKED) so instances run side by side, and LISTEN/NOTIFY wakes workers.
// Each subscription's jobs share a named queue, which graphile-worker runs one job at a time: a
// job sends its delivery together with the endpoint's other due ones (a batch, recorded in one
// statement) and takes their now idle jobs off the queue. Endpoints are served in parallel. PGlite cannot host graphile-worker (it needs a
// pool of real connections and LISTEN between sessions), so the embedded database is served by an
// in-process loop over the same table, with the same leases, batches and delivery code.

export interface WebhookWorker {
  kind: 'graphile-worker' | 'embedded-loop';
  /** Stops taking work and waits for the deliveries in flight. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  database: Database;
  settings?: Partial<WebhookSettings>;
  /** How often to look for retries that became due, in ms (graphile-worker: 1000, embedded loop: 250). */
  pollIntervalMs?: number;
}

const quietLogger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.error(`[webhooks] ${message}`);
});

function resolveSettings(options: WorkerOptions): () => WebhookSettings {
  return () => ({ ...webhookSettings(), ...options.settings });
}

/** The worker's other schedule: each account's weekly forecast snapshot, checked every hour (catching up after downtime). */
const SNAPSHOT_CHECK_MS = 3_600_000;
// Imports: each has a job when the queue exists at its creation; every minute the worker also
// takes any runnable import whose claim ran out (a worker that died mid-import, or an import made
// before the queue existed), so an import resumes within a minute or two.
const CRONTAB = ['0 * * * * forecast_snapshots', '* * * * * resume_imports'].join('\n');
/** How often the embedded loop looks for a runnable import. */
const IMPORT_CHECK_MS = 1000;

async function runImports(db: Db, id?: number, keepGoing: () => boolean = () => true): Promise<void> {
  await (id === undefined ? runDueImports(db, keepGoing) : runImport(db, id, keepGoing).then(() => runDueImports(db, keepGoing))).catch((err: unknown) =>
    console.error('[worker] imports failed:', err),
  );
}

async function takeSnapshots(db: Db): Promise<void> {
  await takeDueWeeklySnapshots(db).catch((err: unknown) => console.error('[worker] forecast snapshots failed:', err));
}

function taskList(db: Db, settings: () => WebhookSettings, keepGoing: () => boolean = () => true): TaskList {
  const limiter = new RateLimiter(db);
  return {
    forecast_snapshots: () => takeSnapshots(db),
    process_import: async (payload) => {
      const id = Number((payload as { import_id?: unknown }).import_id);
      if (Number.isSafeInteger(id)) await runImports(db, id, keepGoing);
    },
    resume_imports: () => runImports(db, undefined, keepGoing),
    deliver_webhook: async (payload, helpers) => {
      const deliveryId = Number((payload as { delivery_id?: unknown }).delivery_id);
      if (!Number.isSafeInteger(deliveryId)) return;
      const batch = await claimDeliveries(db, { deliveryId, limit: BATCH_SIZE, leaseSeconds: LEASE_SECONDS });
      if (batch.some((d) => d.deliveryId === deliveryId)) {
        // The others' jobs go first: recording a retry or a postponement enqueues a fresh job,
        // which must stay. (A crash in between leaves them leased without a job: the next
        // worker start enqueues every pending delivery.)
        try {
          await removeDeliveryJobs(db, batch.filter((d) => d.deliveryId !== deliveryId).map((d) => d.deliveryId));
          await deliverBatch(db, batch, settings(), limiter);
        } catch (err) {
          // The job fails and the queue retries it; the leases must not make it wait a minute.
          await releaseDeliveries(db, batch.map((d) => d.deliveryId)).catch(() => {});
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
    },
  };
}

async function startGraphile(options: WorkerOptions, settings: () => WebhookSettings): Promise<WebhookWorker> {
  const connectionString = options.database.url;
  if (!connectionString) throw new Error('The webhook worker needs the PostgreSQL connection string.');
  const { concurrency } = settings();
  // Connections of its own, so deliveries neither wait for nor hold up the app's requests.
  const own = openDatabase({ kind: 'postgres', url: connectionString, poolMax: concurrency + 1 });
  // Stopping: an import in progress lets its claim go after its current batch.
  let stopping = false;
  const runner: Runner = await run({
    connectionString,
    concurrency,
    maxPoolSize: concurrency + 2,
    noHandleSignals: true,
    pollInterval: options.pollIntervalMs ?? 1000,
    logger: quietLogger,
    taskList: taskList(own.db, settings, () => !stopping),
    crontab: CRONTAB,
  });
  // The queue's schema exists now: give a job to whatever is pending (first start, crash).
  await enqueuePendingDeliveries(own.db);
  return {
    kind: 'graphile-worker',
    stop: async () => {
      stopping = true;
      await runner.stop();
      await own.close();
    },
  };
}

function startEmbeddedLoop(options: WorkerOptions, settings: () => WebhookSettings): WebhookWorker {
  const { db } = options.database;
  const limiter = new RateLimiter(db);
  const idleMs = options.pollIntervalMs ?? 250;
  let running = true;
  let wake: (() => void) | null = null;
  const inFlight = new Set<Promise<unknown>>();

  // The first check an hour after the start, as graphile-worker's crontab would run it.
  let snapshotsCheckedAt = Date.now();
  // One import runner at a time, beside the deliveries (an import's batches take turns with requests).
  let importsCheckedAt = 0;
  let importing: Promise<void> | null = null;
  const loop = async () => {
    while (running) {
      if (Date.now() - snapshotsCheckedAt >= SNAPSHOT_CHECK_MS) {
        snapshotsCheckedAt = Date.now();
        await takeSnapshots(db);
      }
      if (!importing && Date.now() - importsCheckedAt >= IMPORT_CHECK_MS) {
        importsCheckedAt = Date.now();
        importing = runImports(db, undefined, () => running).finally(() => (importing = null));
      }
      const free = settings().concurrency - inFlight.size;
      const batch =
        free > 0 ? await claimDeliveries(db, { limit: BATCH_SIZE, leaseSeconds: LEASE_SECONDS }).catch(() => []) : [];
      if (batch.length > 0) {
        const p = deliverBatch(db, batch, settings(), limiter)
          .catch(async (err: unknown) => {
            console.error('[webhooks] a batch failed to record:', err);
            await releaseDeliveries(db, batch.map((d) => d.deliveryId)).catch(() => {});
          })
          .finally(() => {
            inFlight.delete(p);
            wake?.();
          });
        inFlight.add(p);
        continue;
      }
      const due = inFlight.size === 0 ? await nextDueAt(db).catch(() => null) : null;
      const sleep = due ? Math.min(idleMs, Math.max(0, due.getTime() - Date.now())) : idleMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, sleep);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  };
  const done = loop();
  return {
    kind: 'embedded-loop',
    stop: async () => {
      running = false;
      wake?.();
      await done;
      await Promise.all([...inFlight, importing]);
    },
  };
}

export async function startWebhookWorker(options: WorkerOptions): Promise<WebhookWorker> {
  const settings = resolveSettings(options);
  setPrivateAddressPolicy(() => settings().allowPrivateUrls);
  return options.database.kind === 'postgres' ? startGraphile(options, settings) : startEmbeddedLoop(options, settings);
}

/**
 * Delivers what is due now and returns (the cron route on serverless hosts, where no process
 * stays up). On PostgreSQL graphile-worker's runOnce runs the due jobs; then, as in the embedded
 * database, due deliveries are sent in batches until none is left.
 */
export async function runDueWebhookDeliveries(options: WorkerOptions): Promise<void> {
  const settings = resolveSettings(options);
  setPrivateAddressPolicy(() => settings().allowPrivateUrls);
  if (options.database.kind === 'postgres') {
    const connectionString = options.database.url;
    if (!connectionString) throw new Error('The webhook worker needs the PostgreSQL connection string.');
    const common = { connectionString, noHandleSignals: true, logger: quietLogger };
    await runMigrations(common);
    await enqueuePendingDeliveries(options.database.db);
    await runOnce({ ...common, taskList: taskList(options.database.db, settings) });
    // Then whatever is still due (a job the queue holds back after a failed run, or one a dead
    // worker left locked): its job finds it sent, at the next run.
  }
  const { db } = options.database;
  // The cron route is the only schedule a serverless host has: the weekly snapshots and imports too.
  await takeSnapshots(db);
  await runImports(db);
  const limiter = new RateLimiter(db);
  for (;;) {
    const batch = await claimDeliveries(db, { limit: BATCH_SIZE, leaseSeconds: LEASE_SECONDS });
    if (batch.length === 0) return;
    await deliverBatch(db, batch, settings(), limiter);
  }
}
