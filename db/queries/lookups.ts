import { asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { calls, companyIndustries, contractTypes, leads, projects, projectStages, workforceAssignments, workforceEmployees, workforceRoles } from '@/db/schema';
import type { StageCategory } from '@/db/schema/enums';
import { namedRefColumns, stageRefColumns } from './refs';
import { rows, type PageWindow } from './sql';
import { listOfAccount } from './tenant';

// The per-account pick lists: the named lookups (one table each, all of one shape), project
// stages and workforce roles. Named lists sort by name on the `(account_id, lower(name))` unique
// index; stages sort by their board position.

/** Every named-lookup table (and `imports`) has this one shape. */
export type NamedLookupTable = typeof contractTypes;

/** The lookup lists' filters, by their API names. */
export interface LookupFilters {
  updated_since?: Date;
  archived?: boolean;
}

const archivedFilter = (column: AnyPgColumn, archived: boolean | undefined) =>
  archived === undefined ? undefined : archived ? isNotNull(column) : isNull(column);

/** The Workforce role shape: a named reference plus its abbreviation. */
type RoleColumnName = 'id' | 'createdAt' | 'updatedAt' | 'name' | 'abbreviation';
export const workforceRoleColumns = <T extends Record<RoleColumnName, AnyPgColumn>>(t: T): { [K in RoleColumnName]: T[K] } => ({
  ...namedRefColumns(t),
  abbreviation: t.abbreviation,
});

/** By name whatever its case (the `(account_id, lower(name))` unique index), then id. */
const byName = (table: { id: AnyPgColumn; name: AnyPgColumn }) => [asc(sql`lower(${table.name})`), asc(table.id)];

export async function listNamedLookups(db: Db, key: UsedLookupKey, table: NamedLookupTable, accountId: number, f: LookupFilters, page: PageWindow) {
  const columns = { ...namedRefColumns(table), archivedAt: table.archivedAt, usageCount: usageCount(key, table) };
  return listOfAccount(db, db.select(columns).from(table).$dynamic(), table, accountId, f, [archivedFilter(table.archivedAt, f.archived)], byName(table), page);
}

/** The new row, or undefined when the account already has one of that name (any case). */
export async function insertNamedLookup(db: Db, table: NamedLookupTable, values: { accountId: number; name: string }) {
  const [row] = await db
    .insert(table)
    .values(values)
    .onConflictDoNothing()
    .returning({ ...namedRefColumns(table), archivedAt: table.archivedAt });
  return row;
}

const stageColumns = { ...stageRefColumns(projectStages), color: projectStages.color };

export async function listProjectStages(db: Db, accountId: number, f: LookupFilters, page: PageWindow) {
  const byPosition = [asc(projectStages.position), asc(projectStages.id)];
  const columns = { ...stageColumns, usageCount: usageCount('project_stages', projectStages) };
  return listOfAccount(db, db.select(columns).from(projectStages).$dynamic(), projectStages, accountId, f, [], byPosition, page);
}

/** Without a position the stage goes after the account's last one, computed in the same statement. */
export async function insertProjectStage(
  db: Db,
  values: { accountId: number; name: string; category: StageCategory; position?: number; defaultProbability?: number | null; color?: string | null },
) {
  const t = projectStages;
  const position = values.position ?? sql`(select coalesce(max(${t.position}) + 1, 0) from ${t} where ${t.accountId} = ${values.accountId})`;
  const [row] = await db
    .insert(projectStages)
    .values({ ...values, position })
    .onConflictDoNothing()
    .returning(stageColumns);
  return row;
}

const roleColumns = { ...workforceRoleColumns(workforceRoles), archivedAt: workforceRoles.archivedAt };

export async function listWorkforceRoles(db: Db, accountId: number, f: LookupFilters, page: PageWindow) {
  const archived = archivedFilter(workforceRoles.archivedAt, f.archived);
  const columns = { ...roleColumns, usageCount: usageCount('workforce_roles', workforceRoles) };
  return listOfAccount(db, db.select(columns).from(workforceRoles).$dynamic(), workforceRoles, accountId, f, [archived], byName(workforceRoles), page);
}

export async function insertWorkforceRole(db: Db, values: { accountId: number; name: string; abbreviation: string | null }) {
  const [row] = await db.insert(workforceRoles).values(values).onConflictDoNothing().returning(roleColumns);
  return row;
}

// Where each list's values are used, for the counts Settings shows and for merges: the columns that
// hold a value's id. `account` is false for a join table, whose rows are the account's through
// their company.
interface LookupUse {
  table: PgTable;
  column: AnyPgColumn;
  updatedAt: AnyPgColumn | null;
}
const use = (table: PgTable & { updatedAt?: AnyPgColumn }, column: AnyPgColumn): LookupUse => ({ table, column, updatedAt: table.updatedAt ?? null });

export const LOOKUP_USES = {
  contract_types: [use(leads, leads.contractTypeId), use(projects, projects.contractTypeId)],
  delivery_methods: [use(leads, leads.deliveryMethodId), use(projects, projects.deliveryMethodId)],
  divisions: [use(leads, leads.divisionId), use(projects, projects.divisionId), use(workforceEmployees, workforceEmployees.divisionId)],
  lead_sources: [use(leads, leads.leadSourceId), use(projects, projects.leadSourceId)],
  market_sectors: [use(leads, leads.marketSectorId), use(projects, projects.marketSectorId)],
  tender_types: [use(leads, leads.tenderTypeId), use(projects, projects.tenderTypeId)],
  loss_reasons: [use(projects, projects.lossReasonId)],
  call_outcomes: [use(calls, calls.callOutcomeId)],
  industries: [use(companyIndustries, companyIndustries.industryId)],
  project_stages: [use(projects, projects.projectStageId)],
  workforce_roles: [use(workforceEmployees, workforceEmployees.roleId), use(workforceAssignments, workforceAssignments.roleId)],
} satisfies Record<string, LookupUse[]>;
export type UsedLookupKey = keyof typeof LOOKUP_USES;

/** How many records hold the list's value, as a column of the list's select (one index lookup per use of it). */
function usageCount(key: UsedLookupKey, table: { id: AnyPgColumn }): SQL<number> {
  const counts = LOOKUP_USES[key].map(({ table: user, column }) => sql`(select count(*) from ${user} where ${column} = ${table.id})`);
  return sql<number>`(${sql.join(counts, sql` + `)})::int`.mapWith(Number);
}

/** How many records hold each of the values, in one statement (values no record holds are absent). */
export async function lookupUsage(db: Db, key: UsedLookupKey, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const list = sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const counts = LOOKUP_USES[key].map(
    ({ table, column }) => sql`select ${column} as id, count(*)::int as n from ${table} where ${column} in ${list} group by ${column}`,
  );
  const used = await rows<{ id: string | number; n: number }>(
    db,
    sql`select id, sum(n)::int as n from (${sql.join(counts, sql` union all `)}) used group by id`,
  );
  return new Map(used.map((r) => [Number(r.id), Number(r.n)]));
}

/**
 * Moves every record holding `from` to `into` (the caller has checked both are the account's, of
 * the same list, and locked them); the records' `updated_at` moves, so an `updated_since` sync
 * fetches them again. A company holding both industries keeps one.
 */
export async function repointLookup(db: Db, key: UsedLookupKey, from: number, into: number): Promise<void> {
  if (key === 'industries') {
    await db.execute(sql`delete from company_industries ci where ci.industry_id = ${from}
      and exists (select 1 from company_industries other where other.company_id = ci.company_id and other.industry_id = ${into})`);
  }
  for (const { table, column, updatedAt } of LOOKUP_USES[key]) {
    const set: SQL[] = [sql`${sql.identifier(column.name)} = ${into}`];
    if (updatedAt) set.push(sql`${sql.identifier(updatedAt.name)} = now()`);
    await db.execute(sql`update ${table} set ${sql.join(set, sql`, `)} where ${eq(column, from)}`);
  }
}

/** Renumbers the account's stages 0, 1, … in the order given (every stage's id, checked by the caller). */
export async function orderProjectStages(db: Db, accountId: number, ids: number[]): Promise<void> {
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::bigint, ${position}::int)`),
    sql`, `,
  );
  await db.execute(sql`update ${projectStages} s set position = o.position, updated_at = now()
    from (values ${values}) as o(id, position) where s.id = o.id and s.account_id = ${accountId} and s.position is distinct from o.position`);
}
