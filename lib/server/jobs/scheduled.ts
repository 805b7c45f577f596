import type { Db } from '@/db';
import { runDueImports, runImport } from '@/lib/server/imports/service';
import { takeDueWeeklySnapshots } from '@/lib/server/services/forecast';
import { fireDueReminders } from '@/lib/server/services/reminders';
import { makeDigests, makeDueNotifications } from '@/lib/server/mail/digest';
import { sendDueMail } from '@/lib/server/mail/outbox';
import { sweepStorage } from '@/lib/server/storage/sweep';
import { processDocuments } from '@/lib/server/documents/process';
import { deleteUnusedRegisteredClients } from '@/db/queries/oauth-applications';
import { REGISTERED_CLIENT_DAYS } from '@/lib/server/oauth/register';

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
  // Reminders have a job each at their time; every minute (every few seconds in the embedded
  // database) the due ones left over — a worker down at the time, a reminder made before the queue
  // existed — are notified too. Claims make each one notification, whoever runs first.
  { name: 'due_reminders', cron: '* * * * *', everyMs: 5_000, firstAfterMs: 0, run: (db) => fireDueReminders(db) },
  // Mail has a job queued with it; every minute whatever is due anyway (a retry's time come, a
  // worker down when it was queued) is sent too.
  { name: 'send_mail', cron: '* * * * *', everyMs: 5_000, firstAfterMs: 0, run: (db, keepGoing) => sendDueMail(db, keepGoing) },
  // The day's task_due and bid_due notifications, checked every hour (each made once per day).
  { name: 'due_notifications', cron: '5 * * * *', everyMs: 600_000, firstAfterMs: 120_000, run: (db) => makeDueNotifications(db) },
  // Digests: every quarter hour, the users it has become 07:00 for (one a day each).
  { name: 'send_digests', cron: '*/15 * * * *', everyMs: 300_000, firstAfterMs: 180_000, run: (db) => makeDigests(db) },
  // Documents have a job each at their upload; every minute (every few seconds in the embedded
  // database) any left unread — a worker down, a claim run out — is read too.
  { name: 'process_documents', cron: '* * * * *', everyMs: 2_000, firstAfterMs: 0, run: (db, keepGoing) => processDocuments(db, undefined, keepGoing) },
  // Documents' bytes that no row names: a delete's left over, and uploads whose rows never came (a day old).
  { name: 'sweep_storage', cron: '20 * * * *', everyMs: 3_600_000, firstAfterMs: 600_000, run: (db) => sweepStorage(db) },
  // AI assistants that registered themselves (POST /oauth/register) and that no one authorized in 30 days.
  {
    name: 'sweep_registered_clients',
    cron: '40 3 * * *',
    everyMs: 86_400_000,
    firstAfterMs: 900_000,
    run: (db) => deleteUnusedRegisteredClients(db, REGISTERED_CLIENT_DAYS),
  },
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
