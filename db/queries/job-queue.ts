import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { rows } from '@/db/queries/sql';

// Jobs on graphile-worker's queue, added in the transaction of their cause when the queue exists
// (PostgreSQL with the worker started once): committed with it, or not at all. Without the queue
// (the embedded database, a first start) the embedded loop, the worker's minute sweeps and the cron
// route find the work in its own table.

interface JobOptions {
  /** One job per key: adding again replaces the waiting one (a new time, a new payload). */
  jobKey: string;
  runAt?: Date;
  maxAttempts?: number;
}

export async function enqueueJob(db: Db, task: string, payload: Record<string, unknown>, options: JobOptions): Promise<void> {
  const [queue] = await rows<{ present: boolean }>(db, sql`select to_regnamespace('graphile_worker') is not null as present`);
  if (!queue?.present) return;
  await db.execute(
    sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, job_key := ${options.jobKey}, run_at := ${(options.runAt ?? new Date()).toISOString()}::timestamptz, max_attempts := ${options.maxAttempts ?? 5})`,
  );
}

/** An import's job, to run now. */
export const enqueueImport = (db: Db, importId: number) => enqueueJob(db, 'process_import', { import_id: importId }, { jobKey: `import:${importId}` });

/** A reminder's job, at its time (a new time replaces the job). */
export const enqueueReminder = (db: Db, reminderId: number, at: Date) =>
  enqueueJob(db, 'fire_reminder', { reminder_id: reminderId }, { jobKey: `reminder:${reminderId}`, runAt: at });

/** A document's reading (its words and thumbnail), after an upload or a new version. */
export const enqueueDocumentReading = (db: Db, documentId: number) =>
  enqueueJob(db, 'process_document', { document_id: documentId }, { jobKey: `document:${documentId}`, maxAttempts: 3 });
