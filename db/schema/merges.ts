import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, oneOf, ref, timestamps, ts } from './columns';
import { MERGE_RESOURCES, type MergeResource } from './enums';

/**
 * A merge of duplicate companies or contacts into one (docs/merge.md): what it did, kept so it can
 * be undone within 24 hours — the sources' rows as they were (`sources`), every reference it moved
 * (`moves`), the rows it deleted to move them (`removed`: a bidder's second result on a project),
 * the target's fields as they were before it took a source's (`targetBefore`), and the counts it
 * answered (`counts`).
 */
export const merges = pgTable(
  'merges',
  {
    id: id(),
    accountId: accountId(),
    resource: text('resource').$type<MergeResource>().notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    sourceIds: jsonb('source_ids').$type<number[]>().notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    sources: jsonb('sources').$type<MergeSourceSnapshot[]>().notNull(),
    moves: jsonb('moves').$type<MergeMove[]>().notNull(),
    removed: jsonb('removed').$type<MergeRemoved[]>().notNull().default([]),
    targetBefore: jsonb('target_before').$type<Record<string, unknown>>().notNull().default({}),
    mergedById: ref('merged_by_id', () => users.id),
    undoneAt: ts('undone_at'),
    undoneById: ref('undone_by_id', () => users.id),
    ...timestamps,
  },
  (t) => [
    index('merges_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index('merges_account_updated_idx').on(t.accountId, t.updatedAt),
    check('merges_resource_check', oneOf(t.resource, MERGE_RESOURCES)),
  ],
);

/** A source as it was: its row (the table's columns by name) and its company's industries. */
export interface MergeSourceSnapshot {
  row: Record<string, unknown>;
  industryIds?: number[];
}

/** One reference moved from a source to the target: `table.column` of row `id` (a polymorphic one names its type too). */
export interface MergeMove {
  table: string;
  column: string;
  /** The row's key: its id, or for rows without one (email links, industries) its other columns. */
  key: Record<string, unknown>;
  from: number;
  /** For import rows: the outcome it had (a source's `created` becomes the target's `updated`). */
  outcome?: string;
}

/** A row deleted because the target already had its like (a second bid on one project; the same email filed twice). */
export interface MergeRemoved {
  table: string;
  row: Record<string, unknown>;
}

/**
 * A record merged into another: its id answers 404 `merged` with the target's id. Removed when the
 * merge is undone.
 */
export const mergedRecords = pgTable(
  'merged_records',
  {
    accountId: accountId(),
    resource: text('resource').$type<MergeResource>().notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    mergedIntoId: bigint('merged_into_id', { mode: 'number' }).notNull(),
    mergeId: bigint('merge_id', { mode: 'number' })
      .notNull()
      .references(() => merges.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.resource, t.recordId] }),
    index('merged_records_merge_idx').on(t.mergeId),
    check('merged_records_resource_check', oneOf(t.resource, MERGE_RESOURCES)),
  ],
);

/**
 * Another name, email or web domain a company or contact is known by — a merged source's — so an
 * import matches it instead of creating the duplicate again.
 */
export const recordAliases = pgTable(
  'record_aliases',
  {
    id: id(),
    accountId: accountId(),
    resource: text('resource').$type<MergeResource>().notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<'name' | 'email' | 'domain'>().notNull(),
    value: text('value').notNull(),
    mergeId: bigint('merge_id', { mode: 'number' })
      .notNull()
      .references(() => merges.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('record_aliases_lookup_idx').on(t.accountId, t.resource, t.kind, sql`lower(${t.value})`),
    index('record_aliases_record_idx').on(t.resource, t.recordId),
    index('record_aliases_merge_idx').on(t.mergeId),
    check('record_aliases_resource_check', oneOf(t.resource, MERGE_RESOURCES)),
    check('record_aliases_kind_check', oneOf(t.kind, ['name', 'email', 'domain'])),
  ],
);
