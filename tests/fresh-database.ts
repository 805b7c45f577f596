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
  // Behind a transaction-mode pooler (the suite's pooler run) nothing is prepared.
  const prepare = process.env.DATABASE_POOLER !== 'transaction';
  const admin = openDatabase({ kind: 'postgres', url, poolMax: 1, prepare });
  await admin.db.execute(`create database "${name}"`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: fresh.toString(), poolMax, prepare });
  return {
    database,
    drop: async () => {
      await database.close();
      // Connections of others (a stopped job runner's pool closing on a loaded machine) are let
      // finish first: forced off, their clients would throw "terminating connection" into the
      // test process. Forced after 30 s all the same.
      // (A pooler keeps its server connections open: nothing to wait for there.)
      for (let waited = prepare ? 0 : 30_000; waited < 30_000; waited += 100) {
        const [row] = (await admin.db.execute(`select count(*)::int as n from pg_stat_activity where datname = '${name}'`)) as unknown as { n: number }[];
        if (!row || row.n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await admin.db.execute(`drop database if exists "${name}" with (force)`);
      await admin.close();
    },
  };
}
