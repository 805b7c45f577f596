import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { companies, contacts, customFields, leads, projects } from '@/db/schema';
import type { CustomFieldResource } from '@/db/schema/enums';
import { type PageWindow, rows } from './sql';
import { listOfAccount, ofAccount, oneRow } from './tenant';

export type CustomFieldRow = typeof customFields.$inferSelect;

export interface CustomFieldFilters {
  resource?: CustomFieldResource;
  archived?: boolean;
  updated_since?: Date;
}

/** An account's fields, by resource then position (the order forms and tables show them in). */
export async function listCustomFields(db: Db, accountId: number, f: CustomFieldFilters, page: PageWindow) {
  const conditions = [
    f.resource !== undefined ? eq(customFields.resource, f.resource) : undefined,
    f.archived !== undefined ? eq(customFields.archived, f.archived) : undefined,
  ];
  const order = [asc(customFields.resource), asc(customFields.position), asc(customFields.id)];
  return listOfAccount(db, db.select().from(customFields).$dynamic(), customFields, accountId, f, conditions, order, page);
}

/** Every field of one resource, archived ones included: what a record's values are checked against. */
export function fieldsOf(db: Db, accountId: number, resource: CustomFieldResource): Promise<CustomFieldRow[]> {
  return db
    .select()
    .from(customFields)
    .where(and(eq(customFields.accountId, accountId), eq(customFields.resource, resource)))
    .orderBy(asc(customFields.position), asc(customFields.id));
}

export function findCustomField(db: Db, accountId: number, id: number, lock = false): Promise<CustomFieldRow | undefined> {
  return oneRow(
    db
      .select()
      .from(customFields)
      .where(ofAccount(customFields, accountId, id)),
    customFields,
    lock,
  );
}

/** The position after the resource's last field. */
export async function nextPosition(db: Db, accountId: number, resource: CustomFieldResource): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${customFields.position}) + 1, 0)`.mapWith(Number) })
    .from(customFields)
    .where(and(eq(customFields.accountId, accountId), eq(customFields.resource, resource)));
  return row?.next ?? 0;
}

/** The table holding each resource's values (in its `custom_fields` column). */
const VALUE_TABLES = { projects, leads, companies, contacts } satisfies Record<CustomFieldResource, unknown>;

/** Removes a field's values from every record of the account holding one, in one statement: their ids. */
export async function clearFieldValues(db: Db, accountId: number, resource: CustomFieldResource, key: string): Promise<number[]> {
  const table = VALUE_TABLES[resource];
  const changed = await rows<{ id: number | string }>(
    db,
    sql`update ${table} set custom_fields = custom_fields - ${key}::text, updated_at = clock_timestamp()
        where account_id = ${accountId} and custom_fields ? ${key}::text returning id`,
  );
  return changed.map((r) => Number(r.id));
}

/** Users of the account among `ids` (the values of `user` fields). */
export async function usersOfAccount(db: Db, accountId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: number | string }>(
    db,
    sql`select id from users where account_id = ${accountId} and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(found.map((r) => Number(r.id)));
}
