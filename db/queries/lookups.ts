import { asc, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { contractTypes, projectStages, workforceRoles } from '@/db/schema';
import type { StageCategory } from '@/db/schema/enums';
import { namedRefColumns, stageRefColumns } from './refs';
import type { PageWindow } from './sql';
import { listOfAccount } from './tenant';

// The per-account pick lists: the named lookups (one table each, all of one shape), project
// stages and workforce roles. Named lists sort by name on the `(account_id, lower(name))` unique
// index; stages sort by their board position.

/** Every named-lookup table (and `imports`) has this one shape. */
export type NamedLookupTable = typeof contractTypes;

/** The lookup lists' one filter, by its API name. */
export interface LookupFilters {
  updated_since?: Date;
}

/** The Workforce role shape: a named reference plus its abbreviation. */
type RoleColumnName = 'id' | 'createdAt' | 'updatedAt' | 'name' | 'abbreviation';
export const workforceRoleColumns = <T extends Record<RoleColumnName, AnyPgColumn>>(t: T): { [K in RoleColumnName]: T[K] } => ({
  ...namedRefColumns(t),
  abbreviation: t.abbreviation,
});

/** By name whatever its case (the `(account_id, lower(name))` unique index), then id. */
const byName = (table: { id: AnyPgColumn; name: AnyPgColumn }) => [asc(sql`lower(${table.name})`), asc(table.id)];

export async function listNamedLookups(db: Db, table: NamedLookupTable, accountId: number, f: LookupFilters, page: PageWindow) {
  return listOfAccount(db, db.select(namedRefColumns(table)).from(table).$dynamic(), table, accountId, f, [], byName(table), page);
}

/** The new row, or undefined when the account already has one of that name (any case). */
export async function insertNamedLookup(db: Db, table: NamedLookupTable, values: { accountId: number; name: string }) {
  const [row] = await db.insert(table).values(values).onConflictDoNothing().returning(namedRefColumns(table));
  return row;
}

const stageColumns = stageRefColumns(projectStages);

export async function listProjectStages(db: Db, accountId: number, f: LookupFilters, page: PageWindow) {
  const byPosition = [asc(projectStages.position), asc(projectStages.id)];
  return listOfAccount(db, db.select(stageColumns).from(projectStages).$dynamic(), projectStages, accountId, f, [], byPosition, page);
}

/** Without a position the stage goes after the account's last one, computed in the same statement. */
export async function insertProjectStage(
  db: Db,
  values: { accountId: number; name: string; category: StageCategory; position?: number; defaultProbability?: number | null },
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

const roleColumns = workforceRoleColumns(workforceRoles);

export async function listWorkforceRoles(db: Db, accountId: number, f: LookupFilters, page: PageWindow) {
  return listOfAccount(db, db.select(roleColumns).from(workforceRoles).$dynamic(), workforceRoles, accountId, f, [], byName(workforceRoles), page);
}

export async function insertWorkforceRole(db: Db, values: { accountId: number; name: string; abbreviation: string | null }) {
  const [row] = await db.insert(workforceRoles).values(values).onConflictDoNothing().returning(roleColumns);
  return row;
}
