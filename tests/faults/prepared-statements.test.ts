import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db';

// Issue 13, plan once: every statement is prepared on its connection the first time it is sent and
// its plan reused (db/index.ts), inside transactions too — a write's statements run on the
// connection postgres.js hands the transaction, which once escaped it. PostgreSQL only.
describe('prepared statements', () => {
  let database: Database;

  beforeAll(() => {
    database = openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolMax: 1 });
  });
  afterAll(() => database?.close());

  /** A statement with a parameter (postgres.js sends one without any by the simple protocol, never prepared). */
  const probe = (where: string, tag: string) => sql`select ${1}::int as ${sql.raw(`${where}_${tag}`)}`;

  const prepared = async (db: Database['db']) =>
    ((await db.execute(sql`select statement from pg_prepared_statements`)) as unknown as { statement: string }[]).map((r) => r.statement);

  it('are prepared outside a transaction, inside one, and inside a savepoint', async () => {
    const tag = `p${Date.now().toString(36)}`;
    const { db } = database;
    await db.execute(probe('outside', tag));
    await db.transaction(async (tx) => {
      await tx.execute(probe('inside', tag));
      await tx.transaction(async (sp) => {
        await sp.execute(probe('savepoint', tag));
      });
      const statements = await prepared(tx);
      for (const where of ['outside', 'inside', 'savepoint']) {
        expect(statements, where).toContain(`select $1::int as ${where}_${tag}`);
      }
    });
  });

  it('are not prepared behind a transaction-mode pooler', async () => {
    const pooled = openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolMax: 1, prepare: false });
    try {
      const tag = `q${Date.now().toString(36)}`;
      await pooled.db.transaction(async (tx) => {
        await tx.execute(probe('inside', tag));
        expect((await prepared(tx)).some((s) => s.includes(tag))).toBe(false);
      });
    } finally {
      await pooled.close();
    }
  });
});
