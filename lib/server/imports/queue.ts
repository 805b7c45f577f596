import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { rows } from '@/db/queries/sql';

// An import's job on graphile-worker's queue, added in the import's own transaction when the queue
// exists (PostgreSQL with the worker started once); otherwise the embedded loop, the worker's
// minute check and the cron route find queued imports in the table itself.

export async function enqueueImport(db: Db, importId: number): Promise<void> {
  const [queue] = await rows<{ present: boolean }>(db, sql`select to_regnamespace('graphile_worker') is not null as present`);
  if (!queue?.present) return;
  await db.execute(
    sql`select graphile_worker.add_job('process_import', json_build_object('import_id', ${importId}::bigint), job_key := 'import:' || ${importId}::bigint, max_attempts := 5)`,
  );
}
