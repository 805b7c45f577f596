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

/**
 * Unique indexes of tenant tables that leave account_id out, and why. Citus enforces a unique
 * index across shards only when it includes the distribution column, so each of these changes
 * with sharding (docs/scaling.md): a global lookup (a secret's hash, a storage key, an id the
 * world sees) before the account is known moves to a lookup table on the coordinator that names
 * the account; a rule within a parent row (a project, a user, a webhook) gains account_id in
 * front, the same rule, since the parent belongs to one account.
 */
const GLOBAL_LOOKUP = 'a global lookup before the account is known: a coordinator lookup table naming the account';
const WITHIN_PARENT = 'a rule within a parent row of one account: gains account_id in front, the same rule';
const UNIQUE_WITHOUT_ACCOUNT_ID: Record<string, string> = {
  api_tokens_token_hash_key: GLOBAL_LOOKUP,
  calendar_feed_tokens_hash_key: GLOBAL_LOOKUP,
  document_uploads_storage_key_idx: GLOBAL_LOOKUP,
  document_versions_storage_key_idx: GLOBAL_LOOKUP,
  document_versions_thumbnail_key_idx: GLOBAL_LOOKUP,
  email_capture_settings_token_unique: GLOBAL_LOOKUP,
  oauth_applications_client_id_key: GLOBAL_LOOKUP,
  oauth_authorization_codes_code_hash_key: GLOBAL_LOOKUP,
  oauth_refresh_tokens_token_hash_key: GLOBAL_LOOKUP,
  users_email_key: GLOBAL_LOOKUP,
  webhook_messages_event_id_key: GLOBAL_LOOKUP,
  webhooks_uuid_key: GLOBAL_LOOKUP,
  bid_results_one_per_company_idx: WITHIN_PARENT,
  bid_results_one_us_idx: WITHIN_PARENT,
  bid_results_one_winner_idx: WITHIN_PARENT,
  calendar_feed_tokens_user_key: WITHIN_PARENT,
  document_versions_document_version_idx: WITHIN_PARENT,
  notifications_user_dedupe_key: WITHIN_PARENT,
  oauth_grants_user_application_key: WITHIN_PARENT,
  project_team_memberships_project_user_key: WITHIN_PARENT,
  projects_lead_id_key: WITHIN_PARENT,
  webhook_deliveries_webhook_message_key: WITHIN_PARENT,
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

  it('every unique index of a tenant table includes account_id, but the named few, each for its reason', async () => {
    const tenant = tables.filter((t) => t.columns.some((c) => c.name === 'account_id')).map((t) => t.name);
    const found = await rows<{ table_name: string; index_name: string }>(
      getDb(),
      sql`select t.relname as table_name, i.relname as index_name
          from pg_index x
          join pg_class i on i.oid = x.indexrelid
          join pg_class t on t.oid = x.indrelid
          join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = 'public' and x.indisunique and not x.indisprimary
            and not exists (select 1 from pg_attribute a where a.attrelid = t.oid and a.attname = 'account_id' and a.attnum = any(x.indkey))`,
    );
    const leaving = found.filter((f) => tenant.includes(f.table_name)).map((f) => f.index_name);
    expect(leaving.sort()).toEqual(Object.keys(UNIQUE_WITHOUT_ACCOUNT_ID).sort());
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
