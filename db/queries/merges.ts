import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { mergedRecords, merges, recordAliases, users } from '@/db/schema';
import type { MergeResource } from '@/db/schema/enums';
import { personRefColumns } from './refs';
import { rows, type PageWindow } from './sql';
import { ofAccount } from './tenant';

// What a merge of duplicates reads and writes beyond the records' own services (docs/merge.md):
// the references it moves, the rows it keeps for undo, tombstones and aliases. Tables and columns
// are ours (constants of the merge service), never input: written as identifiers.

/** A column of another table that names the merged records: plain (`contacts.company_id`) or typed (`comments.commentable_id` where `commentable_type = 'company'`). */
export interface ReferenceColumn {
  table: string;
  column: string;
  /** For a polymorphic reference: the type column and the value that names this resource. */
  type?: { column: string; value: string };
  /** The table has updated_at, bumped with the move. */
  touch: boolean;
}

const id = (name: string) => sql.identifier(name);

/** Rows of `ref.table` (of the account) that name one of `from`: their ids and which. */
export async function referencesTo(db: Db, ref: ReferenceColumn, accountId: number, from: number[]): Promise<{ id: number; from: number }[]> {
  const typed = ref.type ? sql`and ${id(ref.type.column)} = ${ref.type.value}` : sql``;
  const found = await rows<{ id: string; from: string }>(
    db,
    sql`select id, ${id(ref.column)} as from from ${id(ref.table)}
      where account_id = ${accountId} ${typed} and ${id(ref.column)} = any(${toArray(from)}) order by id for update`,
  );
  return found.map((r) => ({ id: Number(r.id), from: Number(r.from) }));
}

/** Sets `ref.column` of the rows `ids` to `to` (their updated_at bumped where the table has one). */
export async function pointAt(db: Db, ref: ReferenceColumn, ids: number[], to: number): Promise<void> {
  if (ids.length === 0) return;
  const touch = ref.touch ? sql`, updated_at = clock_timestamp()` : sql``;
  await db.execute(sql`update ${id(ref.table)} set ${id(ref.column)} = ${to} ${touch} where id = any(${toArray(ids)})`);
}

/** Each of `moves` back to its source, where it still names `target` (what changed since stays). */
export async function pointBack(db: Db, ref: ReferenceColumn, moves: { id: number; from: number }[], target: number): Promise<number[]> {
  if (moves.length === 0) return [];
  const touch = ref.touch ? sql`, updated_at = clock_timestamp()` : sql``;
  const moved = await rows<{ id: string }>(
    db,
    sql`update ${id(ref.table)} t set ${id(ref.column)} = m.from ${touch}
      from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as m(id bigint, "from" bigint)
      where t.id = m.id and t.${id(ref.column)} = ${target} returning t.id`,
  );
  return moved.map((r) => Number(r.id));
}

const toArray = (ids: number[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`;

/** Rows of a table as JSON objects (their columns by name), to keep and put back exactly. */
export async function snapshotRows(db: Db, table: string, ids: number[]): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ row: Record<string, unknown> }>(
    db,
    sql`select to_jsonb(t) as row from ${id(table)} t where id = any(${toArray(ids)}) order by id`,
  );
  return found.map((r) => r.row);
}

/** Puts kept rows back as they were, ids included (identity columns are ours to give back); `generated` columns PostgreSQL computes again. */
export async function restoreRows(db: Db, table: string, snapshots: Record<string, unknown>[], generated: string[] = []): Promise<void> {
  if (snapshots.length === 0) return;
  const columns = sql.join(
    Object.keys(snapshots[0]!)
      .filter((c) => !generated.includes(c))
      .map((c) => id(c)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${id(table)} (${columns}) overriding system value
      select ${columns} from jsonb_populate_recordset(null::${id(table)}, ${JSON.stringify(snapshots)}::jsonb)`,
  );
}

/** Deletes rows of a table by id. */
export async function deleteByIds(db: Db, table: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`delete from ${id(table)} where id = any(${toArray(ids)})`);
}

// ---- rows keyed otherwise: email links, a company's industries, import rows ----

/** Email links of the account filed on one of `from` (as `type`): moved to `to` unless `to` has that email already (then removed, kept). */
export async function moveEmailLinks(
  db: Db,
  accountId: number,
  type: string,
  from: number[],
  to: number,
): Promise<{ moved: { emailId: number; from: number }[]; removed: Record<string, unknown>[] }> {
  const links = await rows<{ row: Record<string, unknown> & { email_id: string; record_id: string } }>(
    db,
    sql`select to_jsonb(l) as row from email_links l where account_id = ${accountId} and record_type = ${type} and record_id = any(${toArray(from)}) order by email_id, record_id for update`,
  );
  const held = new Set(
    (
      await rows<{ email_id: string }>(
        db,
        sql`select email_id from email_links where account_id = ${accountId} and record_type = ${type} and record_id = ${to}`,
      )
    ).map((r) => Number(r.email_id)),
  );
  const moved: { emailId: number; from: number }[] = [];
  const removed: Record<string, unknown>[] = [];
  for (const { row } of links) {
    const emailId = Number(row.email_id);
    if (held.has(emailId)) removed.push(row);
    else {
      held.add(emailId);
      moved.push({ emailId, from: Number(row.record_id) });
    }
  }
  // One statement each, whatever the number of links: the links removed, then the links moved.
  const gone = removed.map((r) => ({ email_id: Number(r.email_id), record_id: Number(r.record_id) }));
  if (gone.length)
    await db.execute(sql`delete from email_links l using jsonb_to_recordset(${JSON.stringify(gone)}::jsonb) as g(email_id bigint, record_id bigint)
      where l.email_id = g.email_id and l.record_type = ${type} and l.record_id = g.record_id`);
  await relink(
    db,
    type,
    moved.map((m) => ({ email_id: m.emailId, from: m.from, to })),
  );
  return { moved, removed };
}

/** Email links moved back, where they still name `to`. */
export async function moveEmailLinksBack(db: Db, type: string, moved: { emailId: number; from: number }[], to: number): Promise<void> {
  await relink(
    db,
    type,
    moved.map((m) => ({ email_id: m.emailId, from: to, to: m.from })),
  );
}

/** Email links of `type` re-filed from one record to another, in one statement. */
async function relink(db: Db, type: string, links: { email_id: number; from: number; to: number }[]): Promise<void> {
  if (links.length === 0) return;
  await db.execute(sql`update email_links l set record_id = m.to from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as m(email_id bigint, "from" bigint, "to" bigint)
    where l.email_id = m.email_id and l.record_type = ${type} and l.record_id = m.from`);
}

/** Puts removed email links back. */
export async function restoreEmailLinks(db: Db, links: Record<string, unknown>[]): Promise<void> {
  if (links.length === 0) return;
  await db.execute(
    sql`insert into email_links select * from jsonb_populate_recordset(null::email_links, ${JSON.stringify(links)}::jsonb) on conflict do nothing`,
  );
}

/** The industries of companies, by company. */
export async function industriesOf(db: Db, companyIds: number[]): Promise<Map<number, number[]>> {
  const found = await rows<{ company_id: string; industry_id: string }>(
    db,
    sql`select company_id, industry_id from company_industries where company_id = any(${toArray(companyIds)}) order by industry_id`,
  );
  const out = new Map<number, number[]>(companyIds.map((c) => [c, []]));
  for (const r of found) out.get(Number(r.company_id))!.push(Number(r.industry_id));
  return out;
}

export async function addIndustries(db: Db, companyId: number, industryIds: number[]): Promise<void> {
  if (industryIds.length === 0) return;
  await db.execute(
    sql`insert into company_industries (company_id, industry_id) select ${companyId}, x from unnest(${toArray(industryIds)}) x on conflict do nothing`,
  );
}

export async function removeIndustries(db: Db, companyId: number, industryIds: number[]): Promise<void> {
  if (industryIds.length === 0) return;
  await db.execute(sql`delete from company_industries where company_id = ${companyId} and industry_id = any(${toArray(industryIds)})`);
}

/** Import rows of the account's imports of `resource` that name one of `from`: moved to `to`, a creation becoming an update (its undo never deletes `to`). */
export async function moveImportRows(
  db: Db,
  accountId: number,
  resource: MergeResource,
  from: number[],
  to: number,
): Promise<{ id: number; from: number; outcome: string | null }[]> {
  const found = await rows<{ id: string; record_id: string; outcome: string | null }>(
    db,
    sql`select r.id, r.record_id, r.outcome from import_rows r join imports i on i.id = r.import_id
      where i.account_id = ${accountId} and i.resource = ${resource} and r.record_id = any(${toArray(from)}) order by r.id for update of r`,
  );
  const moved = found.map((r) => ({ id: Number(r.id), from: Number(r.record_id), outcome: r.outcome }));
  if (moved.length)
    await db.execute(
      sql`update import_rows set record_id = ${to}, outcome = case when outcome = 'created' then 'updated' else outcome end where id = any(${toArray(moved.map((m) => m.id))})`,
    );
  return moved;
}

export async function moveImportRowsBack(db: Db, moved: { id: number; from: number; outcome: string | null }[], to: number): Promise<void> {
  if (moved.length === 0) return;
  await db.execute(sql`update import_rows r set record_id = m.from, outcome = m.outcome
    from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as m(id bigint, "from" bigint, outcome text)
    where r.id = m.id and r.record_id = ${to}`);
}

// ---- tombstones and aliases ----

/** The record a merged one went into, if it was merged (and not undone). */
export async function mergedInto(db: Db, accountId: number, resource: MergeResource, recordId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ into: mergedRecords.mergedIntoId })
    .from(mergedRecords)
    .where(and(eq(mergedRecords.accountId, accountId), eq(mergedRecords.resource, resource), eq(mergedRecords.recordId, recordId)));
  return row?.into;
}

/** A record's aliases, oldest first: its merged sources' names, emails and domains. */
export const aliasesOf = (resource: MergeResource, recordId: SQL | unknown) =>
  sql<
    string[]
  >`coalesce((select json_agg(a.value order by a.id) from ${recordAliases} a where a.resource = ${resource} and a.record_id = ${recordId}), '[]'::json)`;

/**
 * The records of `resource` known by one of `values` (lower-cased) as an alias of `kind`: value →
 * the record's id and its own value of that kind (its name, or email) as it is now.
 */
export async function recordsByAlias(
  db: Db,
  accountId: number,
  resource: MergeResource,
  kind: 'name' | 'email',
  values: string[],
): Promise<Map<string, { id: number; own: string | null }>> {
  const out = new Map<string, { id: number; own: string | null }>();
  if (values.length === 0) return out;
  const own = resource === 'companies' ? sql`(select name from companies where id = a.record_id)` : sql`(select email from contacts where id = a.record_id)`;
  const found = await rows<{ value: string; record_id: string; own: string | null }>(
    db,
    sql`select lower(a.value) as value, a.record_id, ${own} as own from ${recordAliases} a
      where a.account_id = ${accountId} and a.resource = ${resource} and a.kind = ${kind}
        and lower(a.value) = any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))) order by a.id`,
  );
  for (const r of found) if (!out.has(r.value)) out.set(r.value, { id: Number(r.record_id), own: r.own });
  return out;
}

// ---- the merges themselves ----

const mergedBy = personRefColumns(users);

export function selectMerges(db: Db) {
  return db.select({ merge: merges, mergedBy }).from(merges).leftJoin(users, eq(users.id, merges.mergedById));
}

export type MergeRow = Awaited<ReturnType<ReturnType<typeof selectMerges>['execute']>>[number];

export async function findMerge(db: Db, accountId: number, mergeId: number, lock = false): Promise<MergeRow | undefined> {
  const query = selectMerges(db).where(ofAccount(merges, accountId, mergeId));
  const [row] = lock ? await query.for('update', { of: merges }) : await query;
  return row;
}

export async function listMerges(db: Db, accountId: number, filters: { resource?: MergeResource }, page: PageWindow) {
  const where = and(eq(merges.accountId, accountId), filters.resource ? eq(merges.resource, filters.resource) : undefined);
  const [items, [total]] = await Promise.all([
    selectMerges(db).where(where).orderBy(desc(merges.createdAt), desc(merges.id)).limit(page.limit).offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(merges)
      .where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

/** The bids of companies: each with its project and bidder. */
export async function bidsOf(db: Db, accountId: number, companyIds: number[]): Promise<{ id: number; projectId: number; companyId: number }[]> {
  const found = await rows<{ id: string; project_id: string; company_id: string }>(
    db,
    sql`select id, project_id, company_id from bid_results where account_id = ${accountId} and company_id = any(${toArray(companyIds)}) order by id for update`,
  );
  return found.map((r) => ({ id: Number(r.id), projectId: Number(r.project_id), companyId: Number(r.company_id) }));
}
