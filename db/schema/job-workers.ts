import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * The job workers alive (graphile-worker's, lib/server/jobs/worker.ts): each beats every few
 * seconds. One that stops beating (killed, its machine gone) holds its jobs and queues locked for
 * graphile-worker's 4 hours; the others free them (force_unlock_workers) once it has been silent
 * for JOB_WORKER_TIMEOUT_SECONDS, and its jobs run again.
 */
export const jobWorkers = pgTable('job_workers', {
  /** graphile-worker's id of the worker (one per concurrent job slot of a process). */
  workerId: text('worker_id').primaryKey(),
  /** The process it runs in (`host:pid`), for an operator looking for it. */
  process: text('process').notNull(),
  beatAt: ts('beat_at').notNull(),
});
