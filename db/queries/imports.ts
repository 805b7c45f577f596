import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { companies, importRows, imports, projectStages, users } from '@/db/schema';
import type { ImportRowOutcome } from '@/db/schema/enums';
import { personRefColumns } from './refs';
import { oneRow, updatedSince, idsOfAccount } from './tenant';
import { type PageWindow, pageWithTotal } from './sql';

// Imports and their rows (docs/imports.md): the import with its creator, its pending rows a batch
// at a time, each batch's outcomes in one statement, and the worker's lease.

const createdBy = alias(users, 'created_by');

function selectImports(db: Db) {
  return db
    .select({ import: imports, createdBy: personRefColumns(createdBy) })
    .from(imports)
    .leftJoin(createdBy, eq(createdBy.id, imports.createdById));
}

export type ImportRow = Awaited<ReturnType<ReturnType<typeof selectImports>['execute']>>[number];

export function findImport(db: Db, accountId: number, id: number, lock = false): Promise<ImportRow | undefined> {
  return oneRow(selectImports(db).where(and(eq(imports.accountId, accountId), eq(imports.id, id))), imports, lock);
}

/** `readable`: the resources whose imports the caller may see (their permission areas). */
export async function listImports(
  db: Db,
  accountId: number,
  f: { resource?: string; status?: string; updated_since?: Date; readable: readonly string[] },
  page: PageWindow,
) {
  const where = and(
    eq(imports.accountId, accountId),
    inArray(imports.resource, f.readable as never[]),
    f.resource !== undefined ? eq(imports.resource, f.resource as never) : undefined,
    f.status !== undefined ? eq(imports.status, f.status as never) : undefined,
    updatedSince(imports.updatedAt, f.updated_since),
  );
  return pageWithTotal(db, selectImports(db).$dynamic(), imports, where, [desc(imports.id)], page);
}

/** Rows of the file, numbered from `firstRowNumber` (2 is the line under the header), in statements of 1,000 rows. */
export async function insertImportRows(db: Db, importId: number, cells: string[][], firstRowNumber = 2): Promise<void> {
  for (let at = 0; at < cells.length; at += 1000) {
    await db.insert(importRows).values(cells.slice(at, at + 1000).map((c, i) => ({ importId, rowNumber: firstRowNumber + at + i, cells: c })));
  }
}

/** How long a batch's statements may run, its wait for the lock included (the lease is two minutes). */
const BATCH_STATEMENT_TIMEOUT = '60s';

/**
 * Waits, in the transaction, until no other batch of the account's imports of `resource` runs. A
 * batch is a background job, not a request: its statements (this wait among them, behind another
 * batch on a loaded server) may take up to a minute, not the requests' few seconds.
 */
export async function lockImportsOf(db: Db, accountId: number, resource: string): Promise<void> {
  await db.execute(sql.raw(`set local statement_timeout = '${BATCH_STATEMENT_TIMEOUT}'`));
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`imports:${accountId}:${resource}`}, 0))`);
}

/**
 * Claims an import for `seconds` (the given one, or the oldest runnable): queued or running, and
 * no live claim. A worker that died leaves a claim that runs out; the next one resumes.
 */
export async function claimImport(db: Db, token: string, seconds: number, id?: number): Promise<{ id: number; accountId: number } | undefined> {
  const runnable = and(
    inArray(imports.status, ['queued', 'running']),
    or(isNull(imports.leaseUntil), lt(imports.leaseUntil, sql`now()`)),
    id !== undefined ? eq(imports.id, id) : undefined,
  );
  const next = db.select({ id: imports.id }).from(imports).where(runnable).orderBy(asc(imports.id)).limit(1).for('update', { skipLocked: true });
  const [row] = await db
    .update(imports)
    .set({ leaseToken: token, leaseUntil: sql`now() + make_interval(secs => ${seconds})`, status: 'running' })
    .where(inArray(imports.id, next))
    .returning({ id: imports.id, accountId: imports.accountId });
  return row;
}

/** The import locked for its batch, if the claim is still this worker's (renewed for `seconds`). */
export async function renewClaim(db: Db, id: number, token: string, seconds: number): Promise<boolean> {
  const renewed = await db
    .update(imports)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(imports.id, id), eq(imports.leaseToken, token), eq(imports.status, 'running')))
    .returning({ id: imports.id });
  return renewed.length > 0;
}

export function pendingRows(db: Db, importId: number, limit: number) {
  return db
    .select({ id: importRows.id, rowNumber: importRows.rowNumber, cells: importRows.cells })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), isNull(importRows.outcome)))
    .orderBy(asc(importRows.rowNumber))
    .limit(limit);
}

export interface RowOutcome {
  id: number;
  outcome: ImportRowOutcome;
  recordId: number | null;
  error: string | null;
}

/** Every row's outcome of a batch, and the import's counts, in two statements. */
export async function recordOutcomes(db: Db, importId: number, outcomes: RowOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db.execute(sql`
    update import_rows r set outcome = o.outcome, record_id = o.record_id, error = o.error
    from jsonb_to_recordset(${JSON.stringify(outcomes.map((o) => ({ id: o.id, outcome: o.outcome, record_id: o.recordId, error: o.error })))}::jsonb)
      as o(id bigint, outcome text, record_id bigint, error text)
    where r.id = o.id`);
  const n = (what: ImportRowOutcome) => outcomes.filter((o) => o.outcome === what).length;
  await db
    .update(imports)
    .set({
      processedRows: sql`${imports.processedRows} + ${outcomes.length}`,
      createdCount: sql`${imports.createdCount} + ${n('created')}`,
      updatedCount: sql`${imports.updatedCount} + ${n('updated')}`,
      errorCount: sql`${imports.errorCount} + ${n('failed')}`,
    })
    .where(eq(imports.id, importId));
}

/** Lets a claim go at once (a worker stopping between batches). */
export async function releaseClaim(db: Db, id: number, token: string): Promise<void> {
  await db
    .update(imports)
    .set({ leaseUntil: null, leaseToken: null })
    .where(and(eq(imports.id, id), eq(imports.leaseToken, token)));
}

export async function finishImport(db: Db, id: number, token: string, status: 'completed' | 'failed'): Promise<void> {
  await db
    .update(imports)
    .set({ status, leaseUntil: null, leaseToken: null })
    .where(and(eq(imports.id, id), eq(imports.leaseToken, token)));
}

export function setImportStatus(db: Db, id: number, status: 'undone') {
  return db.update(imports).set({ status, leaseUntil: null, leaseToken: null }).where(eq(imports.id, id));
}

/** The rows that failed, in file order, for the error file. */
export function failedRows(db: Db, importId: number) {
  return db
    .select({ rowNumber: importRows.rowNumber, cells: importRows.cells, error: importRows.error })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), eq(importRows.outcome, 'failed')))
    .orderBy(asc(importRows.rowNumber));
}

/** The first `limit` failed rows, for the import's answer. */
export function firstErrors(db: Db, importId: number, limit: number) {
  return failedRows(db, importId).limit(limit);
}

/** Ids of `table`'s records of the account whose `key` (lower-cased) is one of `values`: key → id (the lowest id wins). */
export async function idsByKey(
  db: Db,
  table: { id: AnyPgColumn; accountId: AnyPgColumn },
  key: AnyPgColumn,
  accountId: number,
  values: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (values.length === 0) return out;
  const lowered = sql`lower(${key})`;
  const found = (await db
    .select({ key: sql<string>`${lowered}`, id: table.id })
    .from(table as never)
    // One parameter however many keys (an `in` list takes one per key, and PostgreSQL at most 65,535).
    .where(and(eq(table.accountId, accountId), sql`${lowered} = any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)))`))
    .orderBy(asc(table.id))) as { key: string; id: number }[];
  for (const r of found) if (!out.has(r.key)) out.set(r.key, Number(r.id));
  return out;
}

/** A name as an import matches it: trimmed, runs of spaces as one, lower case ("  Cherry  Creek " = "cherry creek"). */
export const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The account's records of `table` whose name, normalised as `normalName` does, is one of
 * `names`: normalised name → their ids and names as stored (several when names repeat), in one statement.
 */
export async function idsByName(
  db: Db,
  table: { id: AnyPgColumn; accountId: AnyPgColumn },
  column: AnyPgColumn,
  accountId: number,
  names: string[],
): Promise<Map<string, { id: number; name: string }[]>> {
  const out = new Map<string, { id: number; name: string }[]>();
  if (names.length === 0) return out;
  const normal = sql`lower(btrim(regexp_replace(${column}, '[[:space:]]+', ' ', 'g')))`;
  const found = (await db
    .select({ normal: sql<string>`${normal}`, id: table.id, name: column })
    .from(table as never)
    .where(and(eq(table.accountId, accountId), sql`${normal} = any(array(select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)))`))
    .orderBy(asc(table.id))) as { normal: string; id: number; name: string }[];
  for (const r of found) out.set(r.normal, [...(out.get(r.normal) ?? []), { id: Number(r.id), name: r.name }]);
  return out;
}

/** How alike two names must be (pg_trgm's similarity, 0 to 1) for a dry run to flag a new row beside an existing record. */
export const LOOK_ALIKE_SIMILARITY = 0.6;

/**
 * For each of `names` (rows that would create a record), the account's most alike record of
 * `table` by trigram similarity, when at least LOOK_ALIKE_SIMILARITY: one statement, the name's
 * trigram index answering each `%`.
 */
export async function lookAlikes(
  db: Db,
  table: { id: AnyPgColumn; accountId: AnyPgColumn },
  column: AnyPgColumn,
  accountId: number,
  names: string[],
): Promise<Map<string, { id: number; name: string; similarity: number }>> {
  const out = new Map<string, { id: number; name: string; similarity: number }>();
  if (names.length === 0) return out;
  const best = sql<{ id: number; name: string; similarity: number } | null>`(
    select json_build_object('id', ${table.id}, 'name', ${column}, 'similarity', round(similarity(${column}, n.name)::numeric, 2))
    from ${table as never}
    where ${table.accountId} = ${accountId} and ${column} % n.name and similarity(${column}, n.name) >= ${LOOK_ALIKE_SIMILARITY}
    order by similarity(${column}, n.name) desc, ${table.id}
    limit 1)`;
  const rows = await db.select({ wanted: sql<string>`n.name`, best }).from(sql`jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) as n(name)`);
  for (const r of rows) if (r.best) out.set(r.wanted, { id: Number(r.best.id), name: r.best.name, similarity: Number(r.best.similarity) });
  return out;
}

/** Records of `table` of the account among `ids` (an id column in a file must name one). */
export async function existingIds(db: Db, table: { id: AnyPgColumn; accountId: AnyPgColumn }, accountId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = (await db
    .select({ id: table.id })
    .from(table as never)
    .where(idsOfAccount(table, accountId, ids))) as { id: number }[];
  return new Set(found.map((r) => Number(r.id)));
}

/** The ids of the records an import created (its rows' outcomes say which). */
export async function createdRecordIds(db: Db, importId: number): Promise<number[]> {
  const found = await db
    .select({ id: importRows.recordId })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), eq(importRows.outcome, 'created')))
    .orderBy(asc(importRows.recordId));
  return found.map((r) => Number(r.id));
}

/** Companies an import of another resource created for names it did not find (create_missing). */
export async function companiesOfImport(db: Db, accountId: number, importId: number): Promise<number[]> {
  const found = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.accountId, accountId), eq(companies.importId, importId)))
    .orderBy(asc(companies.id));
  return found.map((r) => r.id);
}

/** The account's stages in board order, for a projects import's kinds. */
export function accountStages(db: Db, accountId: number) {
  return db
    .select({ id: projectStages.id, category: projectStages.category })
    .from(projectStages)
    .where(eq(projectStages.accountId, accountId))
    .orderBy(asc(projectStages.position), asc(projectStages.id));
}
