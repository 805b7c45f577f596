import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { rows } from './sql';

// Job workers' heartbeats (db/schema/job-workers.ts), and freeing the jobs of those gone silent.

/** Notes that these workers, of the process `host:pid`, are alive now. */
export async function beat(db: Db, workerIds: string[], process: string): Promise<void> {
  if (workerIds.length === 0) return;
  await db.execute(sql`
    insert into job_workers (worker_id, process, beat_at)
    select id, ${process}, now() from jsonb_array_elements_text(${JSON.stringify(workerIds)}::jsonb) as id
    on conflict (worker_id) do update set beat_at = excluded.beat_at`);
}

/**
 * Workers silent for `timeoutSeconds`: forgotten, and the jobs and queues they held unlocked
 * (graphile-worker's force_unlock_workers), so the jobs run again on a live worker. Answers their ids.
 */
export async function freeSilentWorkers(db: Db, timeoutSeconds: number): Promise<string[]> {
  const [row] = await rows<{ ids: string[] | null }>(
    db,
    sql`with silent as (
          delete from job_workers where beat_at < now() - make_interval(secs => ${timeoutSeconds}) returning worker_id
        ), freed as (
          select graphile_worker.force_unlock_workers(array_agg(worker_id)) from silent having count(*) > 0
        )
        select (select array_agg(worker_id order by worker_id) from silent) as ids, (select count(*) from freed) as n`,
  );
  return row?.ids ?? [];
}

/** Forgets workers that stopped cleanly (they hold nothing). */
export async function forgetWorkers(db: Db, workerIds: string[]): Promise<void> {
  if (workerIds.length === 0) return;
  await db.execute(sql`delete from job_workers where worker_id in (select jsonb_array_elements_text(${JSON.stringify(workerIds)}::jsonb))`);
}
