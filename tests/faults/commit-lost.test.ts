import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionError } from '@/db/connection-errors';
import { openDatabase, txidQueryCount, type Database } from '@/db';
import { insertWebhookMessages } from '@/db/queries/webhook-messages';
import { createTestAccount } from '../fixtures';

// Issue 7, faults: the connection dies while COMMIT is in flight, so the client cannot tell whether
// the transaction committed. db/index.ts asks a new connection (`txid_status`) and answers the
// truth: the transaction's result when it committed, the connection error (a 503) when it did not.
// PostgreSQL only (vitest.config.ts leaves tests/faults out on PGlite): PGlite has no connection to lose.
/** Sockets whose COMMIT, once armed, is sent but whose answer never arrives. */
const wire = {
  armed: null as null | ((socket: net.Socket) => void),
  fired: 0,
};

function interceptingSocket(url: URL): () => net.Socket {
  return () => {
    const socket = net.connect(Number(url.port || 5432), url.hostname);
    let deaf = false;
    const write = socket.write.bind(socket) as (chunk: unknown, ...rest: unknown[]) => boolean;
    socket.write = ((chunk: unknown, ...rest: unknown[]) => {
      const ok = write(chunk, ...rest);
      const onCommit = wire.armed;
      if (onCommit && Buffer.isBuffer(chunk) && /\bcommit\b/i.test(chunk.toString('latin1'))) {
        wire.armed = null;
        wire.fired += 1;
        deaf = true;
        onCommit(socket);
      }
      return ok;
    }) as typeof socket.write;
    const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
    socket.emit = ((event: string | symbol, ...args: unknown[]) => (deaf && event === 'data' ? true : emit(event, ...args))) as typeof socket.emit;
    return socket;
  };
}

/** The connection breaks, as a network failure would (the client sees ECONNRESET). */
function reset(socket: net.Socket) {
  socket.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
}

describe('a COMMIT whose answer is lost with its connection', () => {
  let database: Database;
  let admin: Database;

  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL!);
    admin = openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 1 });
    // A deferred constraint trigger runs at COMMIT: `slow-` rows make COMMIT take 3 s, long enough
    // to terminate the backend before the commit is durable.
    await admin.db.execute(sql`create table if not exists commit_probe (id serial primary key, tag text not null)`);
    await admin.db.execute(
      sql.raw(`create or replace function commit_probe_slow() returns trigger language plpgsql as $$
      begin if new.tag like 'slow-%' then perform pg_sleep(3); end if; return null; end $$`),
    );
    await admin.db.execute(sql`drop trigger if exists commit_probe_slow on commit_probe`);
    await admin.db.execute(
      sql.raw(`create constraint trigger commit_probe_slow after insert on commit_probe
      deferrable initially deferred for each row execute function commit_probe_slow()`),
    );
    database = openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2, socket: interceptingSocket(url) });
  });

  afterAll(async () => {
    await database?.close();
    await admin?.close();
  });

  const stored = async (tag: string) =>
    ((await admin.db.execute(sql`select count(*)::int as n from commit_probe where tag = ${tag}`)) as unknown as { n: number }[])[0]!.n;

  it('answers the result when the transaction committed', async () => {
    const tag = `fast-${Date.now()}`;
    // The commit is durable within milliseconds; the client hears nothing and then loses the socket.
    wire.armed = (socket) => setTimeout(() => reset(socket), 300);
    const fired = wire.fired;
    const result = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into commit_probe (tag) values (${tag})`);
      return 'created';
    });
    expect(wire.fired).toBe(fired + 1);
    expect(result).toBe('created');
    expect(await stored(tag)).toBe(1);
  });

  it('knows the id of a transaction that recorded events from their insert, and answers its result', async () => {
    const account = await createTestAccount('Commit lost GC');
    const tag = `fast-events-${Date.now()}`;
    wire.armed = (socket) => setTimeout(() => reset(socket), 300);
    const [fired, asked] = [wire.fired, txidQueryCount()];
    const result = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into commit_probe (tag) values (${tag})`);
      await insertWebhookMessages(tx, { accountId: account.accountId, actorId: account.userId }, [
        { eventType: 'lead.create', payload: { id: '1', url: 'http://localhost/api/2023-01/leads/1' } },
      ]);
      return 'created';
    });
    expect(wire.fired).toBe(fired + 1);
    // No statement of its own asked the id: the events' insert answered it, and the lost COMMIT was resolved with it.
    expect(txidQueryCount()).toBe(asked);
    expect(result).toBe('created');
    expect(await stored(tag)).toBe(1);
    // A transaction without events still asks (on the other pool: a connection that has sent COMMIT
    // once sends it prepared, without the text the interception above looks for).
    await admin.db.transaction((tx) => tx.execute(sql`select 1`));
    expect(txidQueryCount()).toBe(asked + 1);
  });

  it('throws the connection error when the transaction did not commit', async () => {
    const tag = `slow-${Date.now()}`;
    let backend = 0;
    // COMMIT is waiting on the slow trigger: terminate the backend, then the client loses the socket.
    wire.armed = (socket) =>
      setTimeout(async () => {
        await admin.db.execute(sql`select pg_terminate_backend(${backend})`);
        reset(socket);
      }, 300);
    const fired = wire.fired;
    const outcome = await database.db
      .transaction(async (tx) => {
        const rows = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[];
        backend = rows[0]!.pid;
        await tx.execute(sql`insert into commit_probe (tag) values (${tag})`);
        return 'created';
      })
      .then(
        (value) => ({ value, error: null }),
        (error: unknown) => ({ value: null, error }),
      );
    expect(wire.fired).toBe(fired + 1);
    expect(outcome.value).toBeNull();
    expect(isConnectionError(outcome.error)).toBe(true);
    expect(await stored(tag)).toBe(0);
  });

  it('still commits and rolls back as usual when nothing is lost', async () => {
    const tag = `fast-plain-${Date.now()}`;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into commit_probe (tag) values (${tag})`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into commit_probe (tag) values (${tag + '-rolled-back'})`);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await stored(tag)).toBe(1);
    expect(await stored(`${tag}-rolled-back`)).toBe(0);
  });
});
