import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, oneOf, parentRef, ref, timestamps, ts } from './columns';
import { IMPORT_RESOURCES, IMPORT_ROW_OUTCOMES, IMPORT_STATUSES, type ImportResource, type ImportRowOutcome, type ImportStatus } from './enums';

// Spreadsheet imports (docs/imports.md). An import keeps its file's rows, so a worker killed
// mid-import resumes from the last committed batch: a row's outcome is written in the same
// transaction as the record it made, so no row is imported twice. Records it created point at it
// (`import_id`), which the spec's `import` reference shows and undo deletes by.

export const imports = pgTable(
  'imports',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    /** Rows from before imports ran here (the spec's named reference alone) read as completed companies. */
    resource: text('resource').$type<ImportResource>().notNull().default('companies'),
    kind: text('kind'),
    status: text('status').$type<ImportStatus>().notNull().default('completed'),
    /** The file's header row, in order. */
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    /** Column → field, as detected and overridden. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull().default({}),
    createMissing: boolean('create_missing').notNull().default(false),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    createdById: ref('created_by_id', () => users.id),
    /** The origin the import was made at: its records' event payloads link there, as the request's would. */
    baseUrl: text('base_url'),
    /** A worker's claim: until then no other worker takes the import (a dead one's claim runs out). */
    leaseUntil: ts('lease_until'),
    leaseToken: text('lease_token'),
    ...timestamps,
  },
  (t) => [
    index('imports_account_id_idx').on(t.accountId, t.id),
    index('imports_created_by_id_idx').on(t.createdById),
    index('imports_runnable_idx')
      .on(t.status)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('imports_status_check', oneOf(t.status, IMPORT_STATUSES)),
    check('imports_resource_check', oneOf(t.resource, IMPORT_RESOURCES)),
  ],
);

export const importRows = pgTable(
  'import_rows',
  {
    id: id(),
    importId: parentRef('import_id', () => imports.id),
    /** The row's line in the file: 2 is the first row under the header. */
    rowNumber: integer('row_number').notNull(),
    /** The cells as read, in the file's column order. */
    cells: jsonb('cells').$type<string[]>().notNull(),
    outcome: text('outcome').$type<ImportRowOutcome>(),
    recordId: bigint('record_id', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('import_rows_import_row_key').on(t.importId, t.rowNumber),
    index('import_rows_pending_idx')
      .on(t.importId, t.rowNumber)
      .where(sql`${t.outcome} is null`),
    check('import_rows_outcome_check', sql`${t.outcome} is null or ${oneOf(t.outcome, IMPORT_ROW_OUTCOMES)}`),
  ],
);
