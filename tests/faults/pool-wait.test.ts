import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db';
import { errorResponse } from '@/lib/server/http/errors';

// Issue 7, faults: no request waits for ever for a connection of a pool that is all busy
// (DATABASE_POOL_WAIT). PostgreSQL only: PGlite has no pool.
describe('a pool with every connection busy', () => {
  let database: Database;

  beforeAll(() => {
    database = openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolMax: 1, poolWaitMs: 200 });
  });
  afterAll(() => database?.close());

  it('gives up on a queued query or transaction with POOL_WAIT_TIMEOUT, a 503', async () => {
    const { db } = database;
    // The only connection is held for 2 s by a transaction.
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(2)`);
      return 'held';
    });
    await new Promise((r) => setTimeout(r, 100));

    const query = await db.execute(sql`select 1 as one`).then(
      () => null,
      (err: unknown) => err,
    );
    const transaction = await db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        return 'ran';
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    for (const err of [query, transaction]) {
      expect((err as { code?: string; cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code).toBe('POOL_WAIT_TIMEOUT');
      const res = errorResponse(err, 'rid');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
    }

    // The holder was not disturbed, and the pool serves again once it is free.
    expect(await holder).toBe('held');
    const rows = (await db.execute(sql`select 1 as one`)) as unknown as { one: number }[];
    expect(rows[0]!.one).toBe(1);
  });
});
