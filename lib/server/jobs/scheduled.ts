import type { Db } from '@/db';
import { runDueImports, runImport } from '@/lib/server/imports/service';
import { takeDueWeeklySnapshots } from '@/lib/server/services/forecast';

// The jobs that run on a schedule rather than on an event. Each names itself once: graphile-worker
// runs it from its crontab, the embedded database's loop every `everyMs`, and the cron route
// (serverless hosts) at each call. A new schedule (reminders, digests) is one entry here.

export interface ScheduledJob {
  name: string;
  /** graphile-worker's crontab schedule (minute hour day month weekday). */
  cron: string;
  /** The embedded loop's interval, and how long after the start it first runs (ms). */
  everyMs: number;
  firstAfterMs: number;
  /** `keepGoing` turns false when the worker stops: long work lets its claim go between batches. */
  run(db: Db, keepGoing: () => boolean): Promise<unknown>;
}

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  // Each account's weekly forecast snapshot, checked every hour (catching up after downtime).
  { name: 'forecast_snapshots', cron: '0 * * * *', everyMs: 3_600_000, firstAfterMs: 3_600_000, run: (db) => takeDueWeeklySnapshots(db) },
  // Imports have a job each when the queue exists at their creation; every minute the worker also
  // takes any runnable import whose claim ran out (a worker that died mid-import, or an import made
  // before the queue existed), so an import resumes within a minute or two.
  { name: 'resume_imports', cron: '* * * * *', everyMs: 1_000, firstAfterMs: 0, run: (db, keepGoing) => runDueImports(db, keepGoing) },
];

export const CRONTAB = SCHEDULED_JOBS.map((job) => `${job.cron} ${job.name}`).join('\n');

/** Runs a scheduled job; a failure is logged (the next run tries again), never thrown into the worker. */
export async function runScheduledJob(job: ScheduledJob, db: Db, keepGoing: () => boolean = () => true): Promise<void> {
  await job.run(db, keepGoing).catch((err: unknown) => console.error(`[jobs] ${job.name} failed:`, err));
}

/** One import's job (queued with it), then whatever else is runnable. */
export async function runQueuedImport(db: Db, id: number, keepGoing: () => boolean): Promise<void> {
  await runImport(db, id, keepGoing)
    .then(() => runDueImports(db, keepGoing))
    .catch((err: unknown) => console.error('[jobs] imports failed:', err));
}
