import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db';
import { isConnectionError } from '@/db/connection-errors';

// A transaction's connection dies while its callback awaits something else (a PostgreSQL restart or
// failover terminates the backend). The pool reconnects that same connection for the next caller;
// the callback's later statements must fail, not run on the next caller's connection or hang it
// (scripts/patch-postgres.mjs, patch 3). PostgreSQL only.
describe('a transaction whose connection closed', () => {
  let database: Database;
  let admin: Database;
  const table = `tx_close_${Date.now().toString(36)}`;

  beforeAll(async () => {
    // One connection: the caller after the close gets the very connection object the transaction held.
    database = openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolMax: 1 });
    admin = openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolMax: 1 });
    await admin.db.execute(sql.raw(`create table ${table} (note text not null)`));
  });
  afterAll(async () => {
    await admin?.db.execute(sql.raw(`drop table if exists ${table}`));
    await database?.close();
    await admin?.close();
  });

  it('rejects its later statements and COMMIT, and leaves the reconnected connection to the next caller', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let pidOf!: (pid: number) => void;
    const pid = new Promise<number>((resolve) => (pidOf = resolve));
    let late!: (outcome: unknown) => void;
    const lateOutcome = new Promise<unknown>((resolve) => (late = resolve));

    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`insert into ${table} (note) values ('early')`));
      const rows = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[];
      pidOf(rows[0]!.pid);
      await gate;
      // The connection is gone: this statement must fail, wherever the connection object is now.
      const outcome = await tx.execute(sql.raw(`insert into ${table} (note) values ('late')`)).then(
        () => 'ran',
        (err: unknown) => err,
      );
      late(outcome);
    });
    const settled = transaction.then(
      () => 'committed',
      (err: unknown) => err,
    );

    await admin.db.execute(sql`select pg_terminate_backend(${await pid})`);
    const ended = await settled;
    expect(isConnectionError(ended)).toBe(true);

    // The next caller takes the connection (it reconnects for it) while the callback goes on.
    const next = database.db.execute(sql`select 41 + 1 as answer`);
    release();
    const lateResult = await lateOutcome;
    expect(lateResult).not.toBe('ran');
    expect(isConnectionError(lateResult)).toBe(true);
    expect((await next) as unknown as { answer: number }[]).toEqual([{ answer: 42 }]);

    // Nothing of the transaction was kept, and the pool still serves.
    const notes = (await admin.db.execute(sql.raw(`select note from ${table}`))) as unknown as { note: string }[];
    expect(notes).toEqual([]);
    const again = (await database.db.execute(sql`select 1 as one`)) as unknown as { one: number }[];
    expect(again).toEqual([{ one: 1 }]);
  });
});
