import { openDatabase, type Database } from '@/db';

/** A second, unmigrated database of the kind the suite runs on (`poolMax` connections on PostgreSQL). */
export async function freshDatabase({ poolMax = 1 }: { poolMax?: number } = {}): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    // A new PGlite takes seconds to start on a busy machine: longer than the health check waits.
    await database.db.execute('select 1');
    return { database, drop: () => Promise.resolve() };
  }
  const name = `groundwork_fresh_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = openDatabase({ kind: 'postgres', url, poolMax: 1 });
  await admin.db.execute(`create database "${name}"`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: fresh.toString(), poolMax });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.db.execute(`drop database if exists "${name}" with (force)`);
      await admin.close();
    },
  };
}
