import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { hostname } from 'node:os';
import { Logger, run, runMigrations, runOnce, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import { beat, forgetWorkers, freeSilentWorkers } from '@/db/queries/job-workers';
import { openDatabase, type Database, type Db } from '@/db';
import { claimDeliveries, enqueuePendingDeliveries, nextDueAt, releaseDeliveries } from '@/db/queries/webhook-deliveries';
import { BATCH_SIZE, deliverBatch } from '@/lib/server/webhooks/deliver';
import { deliverDueBatches, deliverWebhookTask } from '@/lib/server/webhooks/delivery-job';
import { RateLimiter } from '@/lib/server/webhooks/rate-limiter';
import { setPrivateAddressPolicy } from '@/lib/server/webhooks/send';
import { webhookSettings, type WebhookSettings } from '@/lib/server/config/webhooks';
import { fireDueReminders } from '@/lib/server/services/reminders';
import { processDocuments } from '@/lib/server/documents/process';
import { CRONTAB, runQueuedImport, runScheduledJob, SCHEDULED_JOBS } from './scheduled';

// The job worker: webhook deliveries, queued imports and the scheduled jobs (./scheduled.ts). On
// PostgreSQL it is a graphile-worker pool: jobs are claimed with row locks (FOR UPDATE SKIP
// LOCKED) so instances run side by side, LISTEN/NOTIFY wakes workers, and the crontab runs each
// scheduled job once per due time across them. PGlite cannot host graphile-worker (it needs a pool
// of real connections and LISTEN between sessions), so the embedded database is served by an
// in-process loop over the same tables, with the same leases, batches and delivery code.

export interface JobWorker {
  kind: 'graphile-worker' | 'embedded-loop';
  /** Stops taking work and waits for the jobs in flight. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  database: Database;
  settings?: Partial<WebhookSettings>;
  /** How often to look for retries that became due, in ms (graphile-worker: 1000, embedded loop: 250). */
  pollIntervalMs?: number;
}

/** How often each graphile-worker process says its workers are alive (db/schema/job-workers.ts). */
const HEARTBEAT_MS = 5_000;

const quietLogger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.error(`[jobs] ${message}`);
});

/**
 * Installs or updates graphile-worker's schema, one process at a time. Two workers (or app
 * instances) starting together on a new database would otherwise both run its `create schema if
 * not exists`, which PostgreSQL does not make safe against a concurrent twin: the second fails
 * with a unique violation (pg_namespace), and its process exits.
 */
export async function migrateQueue(db: Db, options: Parameters<typeof runMigrations>[0]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('graphile_worker:migrate', 0))`);
    await runMigrations(options);
  });
}

function resolveSettings(options: WorkerOptions): () => WebhookSettings {
  return () => ({ ...webhookSettings(), ...options.settings });
}

function taskList(db: Db, settings: () => WebhookSettings, keepGoing: () => boolean = () => true): TaskList {
  const tasks: TaskList = {
    deliver_webhook: deliverWebhookTask(db, settings, new RateLimiter(db)),
    process_import: async (payload) => {
      const id = Number((payload as { import_id?: unknown }).import_id);
      if (Number.isSafeInteger(id)) await runQueuedImport(db, id, keepGoing);
    },
    process_document: async (payload) => {
      const id = Number((payload as { document_id?: unknown }).document_id);
      if (Number.isSafeInteger(id)) await processDocuments(db, id, keepGoing);
    },
    fire_reminder: async (payload) => {
      const id = Number((payload as { reminder_id?: unknown }).reminder_id);
      if (Number.isSafeInteger(id)) await fireDueReminders(db, id);
    },
  };
  for (const job of SCHEDULED_JOBS) tasks[job.name] = () => runScheduledJob(job, db, keepGoing);
  return tasks;
}

async function startGraphile(options: WorkerOptions, settings: () => WebhookSettings): Promise<JobWorker> {
  const { url, directUrl, prepare } = options.database;
  if (!url) throw new Error('The job worker needs the PostgreSQL connection string.');
  // Past a transaction-mode pooler when a direct connection is given: graphile-worker LISTENs for
  // new jobs and prepares its statements, which need a session of their own. Without one it polls
  // (pollInterval) and prepares nothing.
  const connectionString = directUrl ?? url;
  const pooled = !directUrl && prepare === false;
  const { concurrency } = settings();
  // Connections of its own, so jobs neither wait for nor hold up the app's requests.
  const own = openDatabase({ kind: 'postgres', url: connectionString, poolMax: concurrency + 1, prepare: !pooled });
  // Stopping: an import in progress lets its claim go after its current batch.
  let stopping = false;
  // Each worker of the pool beats (db/schema/job-workers.ts); a worker process killed outright
  // holds its jobs and queues locked until another frees them once it has been silent long enough.
  const events: WorkerEvents = new EventEmitter();
  const alive = new Set<string>();
  events.on('worker:create', ({ worker }) => alive.add(worker.workerId));
  events.on('worker:stop', ({ worker }) => alive.delete(worker.workerId));
  const heartbeat = async () => {
    await beat(own.db, [...alive], `${hostname()}:${process.pid}`);
    const freed = await freeSilentWorkers(own.db, settings().workerTimeoutSeconds);
    if (freed.length > 0) console.error(`[jobs] freed the jobs of ${freed.length} silent worker(s): ${freed.join(', ')}`);
  };
  await migrateQueue(own.db, { connectionString, noPreparedStatements: pooled, logger: quietLogger });
  const runner: Runner = await run({
    connectionString,
    concurrency,
    maxPoolSize: concurrency + 2,
    noHandleSignals: true,
    noPreparedStatements: pooled,
    pollInterval: options.pollIntervalMs ?? 1000,
    logger: quietLogger,
    taskList: taskList(own.db, settings, () => !stopping),
    crontab: CRONTAB,
    events,
  });
  // The queue's schema exists now: give a job to whatever is pending (first start, crash).
  await enqueuePendingDeliveries(own.db);
  const beating = setInterval(
    () => void heartbeat().catch((err: unknown) => console.error('[jobs] heartbeat failed:', err instanceof Error ? err.message : err)),
    HEARTBEAT_MS,
  );
  beating.unref();
  await heartbeat().catch(() => {});
  return {
    kind: 'graphile-worker',
    stop: async () => {
      stopping = true;
      clearInterval(beating);
      const ids = [...alive];
      await runner.stop();
      await forgetWorkers(own.db, ids).catch(() => {});
      await own.close();
    },
  };
}

function startEmbeddedLoop(options: WorkerOptions, settings: () => WebhookSettings): JobWorker {
  const { db } = options.database;
  const limiter = new RateLimiter(db);
  const idleMs = options.pollIntervalMs ?? 250;
  let running = true;
  let wake: (() => void) | null = null;
  const inFlight = new Set<Promise<unknown>>();

  // Each scheduled job runs beside the deliveries, one run of it at a time (an import's batches
  // take turns with requests); the first run comes `firstAfterMs` after the start, as
  // graphile-worker's crontab would run it.
  const started = Date.now();
  const schedule = SCHEDULED_JOBS.map((job) => ({ job, dueAt: started + job.firstAfterMs, running: null as Promise<void> | null }));
  const loop = async () => {
    while (running) {
      for (const entry of schedule) {
        if (entry.running || Date.now() < entry.dueAt) continue;
        entry.dueAt = Date.now() + entry.job.everyMs;
        entry.running = runScheduledJob(entry.job, db, () => running).finally(() => (entry.running = null));
      }
      const free = settings().concurrency - inFlight.size;
      const batch = free > 0 ? await claimDeliveries(db, { limit: BATCH_SIZE, leaseSeconds: settings().leaseSeconds }).catch(() => []) : [];
      if (batch.length > 0) {
        const p = deliverBatch(db, batch, settings(), limiter)
          .catch(async (err: unknown) => {
            console.error('[webhooks] a batch failed to record:', err);
            await releaseDeliveries(
              db,
              batch.map((d) => d.deliveryId),
            ).catch(() => {});
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
      await Promise.all([...inFlight, ...schedule.map((entry) => entry.running)]);
    },
  };
}

export async function startJobWorker(options: WorkerOptions): Promise<JobWorker> {
  const settings = resolveSettings(options);
  setPrivateAddressPolicy(() => settings().allowPrivateUrls);
  return options.database.kind === 'postgres' ? startGraphile(options, settings) : startEmbeddedLoop(options, settings);
}

/**
 * Runs what is due now and returns (the cron route on serverless hosts, where no process stays
 * up). On PostgreSQL graphile-worker's runOnce runs the due jobs; then, as in the embedded
 * database, every scheduled job runs and due deliveries are sent in batches until none is left.
 */
export async function runDueJobs(options: WorkerOptions): Promise<void> {
  const settings = resolveSettings(options);
  setPrivateAddressPolicy(() => settings().allowPrivateUrls);
  const { db } = options.database;
  if (options.database.kind === 'postgres') {
    const { url, directUrl, prepare } = options.database;
    if (!url) throw new Error('The job worker needs the PostgreSQL connection string.');
    const common = { connectionString: directUrl ?? url, noHandleSignals: true, noPreparedStatements: !directUrl && prepare === false, logger: quietLogger };
    await migrateQueue(db, common);
    await enqueuePendingDeliveries(db);
    await runOnce({ ...common, taskList: taskList(db, settings) });
    // Then whatever is still due (a job the queue holds back after a failed run, or one a dead
    // worker left locked): its job finds it sent, at the next run.
  }
  // The cron route is the only schedule a serverless host has: every scheduled job runs at each call.
  for (const job of SCHEDULED_JOBS) await runScheduledJob(job, db);
  await deliverDueBatches(db, settings, new RateLimiter(db));
}
