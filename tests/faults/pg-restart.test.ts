import { describe, expect, it } from 'vitest';
import { ensureFaultsCluster, faultsDatabase, restartFaultsCluster, startApp } from './cluster';

// Issue 7, faults: 20 writers for 20 s against the app while PostgreSQL restarts once. PostgreSQL
// only (PGlite has no server to restart); it restarts a cluster of its own (./cluster.ts).
const WRITERS = 20;
const RUN_MS = 20_000;
const RESTART_AT_MS = 6_000;
/** A request that takes longer has hung (the issue allows 10 s); it is aborted at 15 s and counted. */
const HANG_MS = 10_000;

interface Outcome {
  kind: 'create' | 'update';
  writer: number;
  marker: string;
  status: number;
  ms: number;
  at: number;
  body: { error?: string; message?: string; request_id?: string } | null;
  retryAfter: string | null;
}

describe('PostgreSQL restarts under 20 concurrent writers', () => {
  it('answers 503 with Retry-After during the outage, never hangs, resumes, and loses or invents no write', async () => {
    const version = ensureFaultsCluster();
    const target = await faultsDatabase('restart');
    const app = await startApp({ DATABASE_URL: target.url, DATABASE_POOL_MAX: '10' });
    const tag = `f${Date.now().toString(36)}`;
    try {
      const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
      // Each writer alternates: create a contact, rename its own lead.
      const leadIds: string[] = [];
      for (let w = 0; w < WRITERS; w++) {
        const res = await fetch(`${app.base}/api/2023-01/leads`, { method: 'POST', headers, body: JSON.stringify({ lead: { name: `${tag}-lead-${w}` } }) });
        expect(res.status).toBe(201);
        leadIds.push(((await res.json()) as { lead: { id: string } }).lead.id);
      }

      const outcomes: Outcome[] = [];
      const started = Date.now();
      let restartedAt = Infinity;
      const restart = (async () => {
        await new Promise((r) => setTimeout(r, RESTART_AT_MS));
        await restartFaultsCluster(version);
        restartedAt = Date.now() - started;
      })();

      const writer = async (w: number) => {
        for (let n = 0; Date.now() - started < RUN_MS; n++) {
          const kind = n % 2 === 0 ? 'create' : 'update';
          const marker = `${tag}-w${w}-${n}`;
          const t0 = Date.now();
          let status = 0;
          let body: Outcome['body'] = null;
          let retryAfter: string | null = null;
          try {
            const res = await fetch(kind === 'create' ? `${app.base}/api/2023-01/contacts` : `${app.base}/api/2023-01/leads/${leadIds[w]}`, {
              method: kind === 'create' ? 'POST' : 'PATCH',
              headers,
              body: JSON.stringify(kind === 'create' ? { contact: { first_name: marker } } : { lead: { name: marker } }),
              signal: AbortSignal.timeout(15_000),
            });
            status = res.status;
            retryAfter = res.headers.get('retry-after');
            body = (await res.json()) as Outcome['body'];
          } catch (err) {
            status = -1; // aborted (hung) or refused
            body = { message: String((err as Error).cause ?? err) };
          }
          outcomes.push({ kind, writer: w, marker, status, ms: Date.now() - t0, at: t0 - started, body, retryAfter });
          // Clients back off as told; without it 20 writers would spin on 503s.
          if (status === 503) await new Promise((r) => setTimeout(r, 200));
        }
      };
      await Promise.all([restart, ...Array.from({ length: WRITERS }, (_, w) => writer(w))]);

      // Every answer is a success or the documented 503; nothing hung.
      const unexpected = outcomes.filter((o) => ![200, 201, 503].includes(o.status));
      expect(unexpected.map((o) => `${o.status} ${o.kind} ${o.at}+${o.ms}ms ${JSON.stringify(o.body)}`)).toEqual([]);
      expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(HANG_MS);
      const outage = outcomes.filter((o) => o.status === 503);
      expect(outage.length).toBeGreaterThan(0);
      for (const o of outage) {
        expect(o.body).toMatchObject({ error: 'service_unavailable', message: expect.any(String), request_id: expect.any(String) });
        expect(Number(o.retryAfter)).toBeGreaterThan(0);
      }
      // Service resumed without restarting the app: every writer succeeded after the restart.
      expect(restartedAt).toBeLessThan(RUN_MS);
      for (let w = 0; w < WRITERS; w++) {
        expect(outcomes.some((o) => o.writer === w && o.at > restartedAt && o.status < 300)).toBe(true);
      }

      // The database holds exactly the writes that were answered 2xx.
      const sql = target.database.db;
      const created = (await sql.execute(`select first_name from contacts where first_name like '${tag}-%'`)) as unknown as { first_name: string }[];
      const stored = new Set(created.map((r) => r.first_name));
      const creates = outcomes.filter((o) => o.kind === 'create');
      expect(creates.filter((o) => o.status < 300 && !stored.has(o.marker)).map((o) => o.marker)).toEqual([]);
      expect(creates.filter((o) => o.status >= 300 && stored.has(o.marker)).map((o) => o.marker)).toEqual([]);
      // Each lead was renamed by its writer only, in order: its name is the last answered 2xx.
      const leads = (await sql.execute(`select id, name from leads where account_id = ${target.accountId}`)) as unknown as { id: string; name: string }[];
      const names = new Map(leads.map((l) => [String(l.id), l.name]));
      for (let w = 0; w < WRITERS; w++) {
        const lastOk = outcomes.filter((o) => o.writer === w && o.kind === 'update' && o.status < 300).at(-1);
        expect(names.get(leadIds[w]!)).toBe(lastOk ? lastOk.marker : `${tag}-lead-${w}`);
      }
      console.log(
        `[faults] ${outcomes.length} writes: ${outcomes.filter((o) => o.status < 300).length} 2xx, ${outage.length} 503; ` +
          `slowest ${Math.max(...outcomes.map((o) => o.ms))} ms; restart done at ${restartedAt} ms`,
      );
    } finally {
      app.stop();
      await target.drop();
    }
  }, 90_000);
});
