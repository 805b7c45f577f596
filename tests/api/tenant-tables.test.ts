import { describe, expect, it } from 'vitest';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '@/db/schema';
import { rows } from '@/db/queries/sql';
import { getDb } from '@/lib/server/db';

// Issue 32, the road to sharding by account (docs/scaling.md): every table of the schema carries
// `account_id`, the column a distributed PostgreSQL (Citus) would shard on, unless it is one of
// these, each with the reason it has none and what sharding would do with it. A new table either
// carries the column or is added here with its reason, so the schema cannot drift away unnoticed.

const WITHOUT_ACCOUNT_ID: Record<string, string> = {
  accounts: 'the tenant itself: distributed on its own id',
  api_rate_limits: 'a bucket per token or client address, before any account is known: local to the coordinator',
  job_workers: 'the job workers alive and their heartbeats, across accounts: local to the coordinator',
  recent_writes: "a caller's last write, for read-your-writes on the primary (unlogged, never replicated): local to the coordinator",
  auth_accounts: "Better Auth's sign-in credentials, a user's own (users carry account_id): gain account_id to colocate",
  sessions: "Better Auth's sessions, a user's own: gain account_id to colocate",
  verifications: "Better Auth's one-time codes (password reset), keyed by email before sign-in: local to the coordinator",
  comment_mentions: 'a child of comments: gains account_id to colocate',
  company_industries: 'a child of companies: gains account_id to colocate',
  forecast_snapshot_projects: 'a child of forecast snapshots: gains account_id to colocate',
  import_rows: 'a child of imports: gains account_id to colocate',
  project_team_membership_roles: 'a child of project team memberships: gains account_id to colocate',
  storage_trash: "document bytes waiting to be removed from storage, the sweeper's queue: local to the coordinator",
};

/** Tables whose account_id may be null, and why. */
const NULLABLE_ACCOUNT_ID: Record<string, string> = {
  oauth_applications: 'a self-registered AI assistant (RFC 7591, docs/mcp.md) belongs to no account until a user authorizes it: a reference table',
};

/** The schema's tables (the migrations are generated from them), by name, with their columns. */
const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => ({ name: getTableName(table), columns: Object.values(getTableColumns(table)) }));

describe('tenant tables', () => {
  it('every table carries account_id, but the named few, each for its reason', () => {
    const without = tables.filter((t) => !t.columns.some((c) => c.name === 'account_id')).map((t) => t.name);
    expect(without.sort()).toEqual(Object.keys(WITHOUT_ACCOUNT_ID).sort());
  });

  it('account_id is never nullable where it exists, but where the named few say why', () => {
    const nullable = tables.filter((t) => t.columns.some((c) => c.name === 'account_id' && !c.notNull)).map((t) => t.name);
    expect(nullable.sort()).toEqual(Object.keys(NULLABLE_ACCOUNT_ID).sort());
  });

  it('the database has exactly the schema’s tables (nothing made outside the migrations)', async () => {
    const found = await rows<{ table_name: string }>(
      getDb(),
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = new Set(found.map((t) => t.table_name));
    expect(tables.map((t) => t.name).filter((n) => !names.has(n))).toEqual([]);
  });
});
