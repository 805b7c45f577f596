import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@/db/queries/sql';
import { getDb } from '@/lib/server/db';

// Issue 32, the road to sharding by account (docs/scaling.md): every table of the schema carries
// `account_id`, the column a distributed PostgreSQL (Citus) would shard on, unless it is one of
// these, each with the reason it has none and what sharding would do with it. A new table either
// carries the column or is added here with its reason, so the schema cannot drift away unnoticed.

const WITHOUT_ACCOUNT_ID: Record<string, string> = {
  accounts: 'the tenant itself: distributed on its own id',
  api_rate_limits: 'a bucket per token or client address, before any account is known: local to the coordinator',
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

describe('tenant tables', () => {
  it('every table carries account_id, but the named few, each for its reason', async () => {
    const found = await rows<{ table_name: string }>(
      getDb(),
      sql`select t.table_name from information_schema.tables t
        where t.table_schema = 'public' and t.table_type = 'BASE TABLE' and t.table_name not like '\\_\\_%'
          and not exists (select 1 from information_schema.columns c where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'account_id')
        order by t.table_name`,
    );
    expect(found.map((t) => t.table_name)).toEqual(Object.keys(WITHOUT_ACCOUNT_ID).sort());
  });

  it('account_id is never nullable where it exists, but where the named few say why', async () => {
    const nullable = await rows<{ table_name: string }>(
      getDb(),
      sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'account_id' and is_nullable = 'YES' order by table_name`,
    );
    expect(nullable.map((t) => t.table_name)).toEqual(Object.keys(NULLABLE_ACCOUNT_ID).sort());
  });
});
