import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import postgres from 'postgres';
import { openDatabase, type Database } from '@/db';
import { createAccount } from '@/db/queries/accounts';
import { createApiToken } from '@/lib/server/auth/tokens';
import { createTestAccount } from '../fixtures';
import { spawnApp } from '../spawn-app';

// Issue 32, read replicas (docs/scaling.md): two app processes over a primary and a real streaming
// replica of it, made by scripts/ci/scale-servers.sh (cluster `scale` on port 5434 and its
// pg_basebackup copy `replica` on 5435, which replays WAL 300 ms late so that its lag shows).
// The configured replicas are that one and one that is down (nothing listens on its port).

const PRIMARY = 'postgres://postgres@127.0.0.1:5434';
const REPLICA = 'postgres://postgres@127.0.0.1:5435';
const DEAD = 'postgres://postgres@127.0.0.1:1';
const name = `groundwork_replica_${process.pid}_${Date.now().toString(36)}`;

let database: Database;
let admin: postgres.Sql;
let replicaAdmin: postgres.Sql;
let writer: string; // a token that writes
let reader: string; // another token of the account, that only reads
const apps: { base: string; stop: () => void }[] = [];

type Lead = { id: string; description: string | null };
type Answer = { status: number; headers: Headers; body: { lead: Lead; leads: Lead[]; error: string; details: Record<string, unknown> } };
const call = async (base: string, token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
  const res = await fetch(`${base}/api/2023-01${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as Answer['body'] };
};

beforeAll(async () => {
  admin = postgres(`${PRIMARY}/postgres`, { max: 1, onnotice: () => {} });
  replicaAdmin = postgres(`${REPLICA}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  database = openDatabase({ kind: 'postgres', url: `${PRIMARY}/${name}`, poolMax: 2 });
  await database.migrate();
  const { accountId, userIds } = await createAccount(database.db, {
    name: 'Replica GC',
    users: [{ firstName: 'Rae', lastName: 'Replica', email: `rae.${name}@example.com` }],
  });
  writer = await createApiToken(database.db, { accountId, userId: userIds[0]! });
  reader = await createApiToken(database.db, { accountId, userId: userIds[0]! }, { scope: 'read' });
  // The replica has the database and the account once it has replayed that far.
  const onReplica = postgres(`${REPLICA}/${name}`, { max: 1, onnotice: () => {}, connect_timeout: 2 });
  for (let i = 0; ; i += 1) {
    const found = await onReplica`select count(*)::int as n from api_tokens`.then((r) => r[0]!.n as number).catch(() => 0);
    if (found === 2) break;
    if (i > 100) throw new Error('the replica did not catch up');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await onReplica.end();
  const env = { DATABASE_URL: `${PRIMARY}/${name}`, DATABASE_REPLICA_URL: `${REPLICA}/${name}, ${DEAD}/${name}`, API_RATE_LIMIT: 'off' };
  apps.push(...(await Promise.all([spawnApp(env), spawnApp(env), spawnApp({ ...env, DATABASE_REPLICA_MAX_LAG_MS: '1000' })])));
}, 120_000);

afterAll(async () => {
  for (const app of apps) app.stop();
  await replicaAdmin?.unsafe('select pg_wal_replay_resume()').catch(() => {});
  await database?.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await admin?.unsafe(`drop database if exists "${name}" with (force)`);
  await admin?.end();
  await replicaAdmin?.end();
});

describe('read replicas', () => {
  it('the health check shows each replica: the streaming one with its lag, the one that is down', async () => {
    const res = await fetch(`${apps[0]!.base}/api/health`);
    expect(res.status).toBe(200);
    const health = (await res.json()) as { status: string; replicas: { name: string; status: string; lag_ms: number | null; replay_lsn: string | null }[] };
    expect(health.status).toBe('ok');
    expect(health.replicas).toHaveLength(2);
    const [live, dead] = health.replicas;
    expect(live).toMatchObject({ name: `127.0.0.1:5435/${name}`, status: 'ok' });
    expect(live!.lag_ms).toBeGreaterThanOrEqual(0);
    expect(live!.replay_lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect(dead).toMatchObject({ name: `127.0.0.1:1/${name}`, status: 'down', lag_ms: null, replay_lsn: null });
  });

  it('with the LSN of each write sent back, 0 stale reads in 1,000 write-then-read pairs over two instances; another caller reads from the replica, which lags', async () => {
    const created = await call(apps[0]!.base, writer, 'POST', '/leads', { lead: { name: 'Replicated lead' } });
    expect(created.status).toBe(201);
    const id = created.body.lead.id;
    let lsn = created.headers.get('x-groundwork-lsn')!;
    expect(lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    let etag = created.headers.get('etag')!;
    let stale = 0;
    let fromReplica = 0;
    let otherStale = 0;
    let otherFromReplica = 0;
    for (let n = 1; n <= 1000; n += 1) {
      const [write, read] = n % 2 ? [apps[0]!, apps[1]!] : [apps[1]!, apps[0]!];
      const patched = await call(
        write.base,
        writer,
        'PATCH',
        `/leads/${id}`,
        { lead: { description: `v${n}` } },
        { 'if-match': etag, 'x-groundwork-min-lsn': lsn },
      );
      expect(patched.status).toBe(200);
      etag = patched.headers.get('etag')!;
      lsn = patched.headers.get('x-groundwork-lsn')!;
      // The record, or the list, alternately: both read where the write is.
      const got =
        n % 3 === 0
          ? await call(read.base, writer, 'GET', `/leads?per_page=5`, undefined, { 'x-groundwork-min-lsn': lsn })
          : await call(read.base, writer, 'GET', `/leads/${id}`, undefined, { 'x-groundwork-min-lsn': lsn });
      expect(got.status).toBe(200);
      const seen = n % 3 === 0 ? got.body.leads.find((l) => l.id === id)!.description : got.body.lead.description;
      if (seen !== `v${n}`) stale += 1;
      if (got.headers.get('x-groundwork-read-from') === 'replica') fromReplica += 1;
      // Every tenth pair, another token of the account (no writes of its own, no LSN) reads at once.
      if (n % 10 === 0) {
        const other = await call(read.base, reader, 'GET', `/leads/${id}`);
        if (other.headers.get('x-groundwork-read-from') === 'replica') otherFromReplica += 1;
        if (other.body.lead.description !== `v${n}`) otherStale += 1;
      }
    }
    expect(stale).toBe(0);
    // Once the replica has replayed that far (300 ms, and its position asked again), the same read goes to it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const caughtUp = await call(apps[0]!.base, writer, 'GET', `/leads/${id}`, undefined, { 'x-groundwork-min-lsn': lsn });
    expect(caughtUp.headers.get('x-groundwork-read-from')).toBe('replica');
    expect(caughtUp.body.lead.description).toBe('v1000');
    // The replica served the other caller, and 300 ms late it showed older values: the lag was there to see.
    expect(otherFromReplica).toBeGreaterThan(0);
    expect(otherStale).toBeGreaterThan(0);
    console.log(`1,000 pairs: ${stale} stale; ${fromReplica} reads from the replica, the rest from the primary; other caller: ${otherStale} of 100 stale`);
  }, 240_000);

  it('a caller that wrote in the last 10 s reads from the primary without the header; then from the replica again', async () => {
    const created = await call(apps[1]!.base, writer, 'POST', '/leads', { lead: { name: 'Recent writer' } });
    expect(created.status).toBe(201);
    const id = created.body.lead.id;
    const soon = await call(apps[0]!.base, writer, 'GET', `/leads/${id}`);
    expect(soon.status).toBe(200);
    expect(soon.headers.get('x-groundwork-read-from')).toBe('primary');
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    const later = await call(apps[0]!.base, writer, 'GET', `/leads/${id}`);
    expect(later.status).toBe(200);
    expect(later.headers.get('x-groundwork-read-from')).toBe('replica');
  }, 30_000);

  it('a replica further behind than DATABASE_REPLICA_MAX_LAG_MS is skipped and the health check says so; a bad Min-LSN is a 400', async () => {
    const slow = apps[2]!; // DATABASE_REPLICA_MAX_LAG_MS=1000
    // Within its lag, the replica answers. Just after a write it has received and not yet replayed
    // (300 ms late), it is as far behind as its last replayed transaction is old, which the writes
    // of the test before can make more than a second: it answers again once it has replayed them.
    await expect
      .poll(async () => (await call(slow.base, reader, 'GET', '/leads')).headers.get('x-groundwork-read-from'), { timeout: 10_000, interval: 250 })
      .toBe('replica');
    await replicaAdmin.unsafe('select pg_wal_replay_pause()');
    try {
      // Writes the replica receives but does not replay: it falls behind, a second and more.
      const deadline = Date.now() + 20_000;
      let status = '';
      while (Date.now() < deadline && status !== 'lagging') {
        await call(apps[0]!.base, writer, 'POST', '/leads', { lead: { name: `Lag ${Date.now()}` } });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const health = (await (await fetch(`${slow.base}/api/health`)).json()) as { replicas: { status: string }[] };
        status = health.replicas[0]!.status;
      }
      expect(status).toBe('lagging');
      const during = await call(slow.base, reader, 'GET', '/leads');
      expect(during.status).toBe(200);
      expect(during.headers.get('x-groundwork-read-from')).toBe('primary');
    } finally {
      await replicaAdmin.unsafe('select pg_wal_replay_resume()');
    }
    const bad = await call(slow.base, reader, 'GET', '/leads', undefined, { 'x-groundwork-min-lsn': 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid_header', details: { header: 'X-Groundwork-Min-LSN' } });
  }, 60_000);
});

describe('without replicas configured', () => {
  it('nothing changes: writes answer no LSN, reads say nothing of where they read', async () => {
    const t = await createTestAccount('No replicas GC');
    const created = await t.api.post('/leads', { lead: { name: 'Plain' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-groundwork-lsn')).toBeNull();
    const got = await t.api.get(`/leads/${created.body.lead.id}`);
    expect(got.headers.get('x-groundwork-read-from')).toBeNull();
    expect(inject('databaseUrl')).toBeTruthy();
  });
});
