import { and, count, eq, gte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { callOutcomes, calls, companies, contacts, projects, users } from '@/db/schema';
import { companyRefColumns, namedRefColumns, personRefColumns } from './refs';
import { orderBySort } from './sql';

const createdBy = alias(users, 'created_by');

const callSelection = {
  call: calls,
  callOutcome: namedRefColumns(callOutcomes),
  company: companyRefColumns(companies),
  contact: personRefColumns(contacts),
  createdBy: personRefColumns(createdBy),
  project: namedRefColumns(projects),
};

/** Calls with every embedded relation, by joins: one statement whatever the page size. */
function selectCalls(db: Db) {
  return db
    .select(callSelection)
    .from(calls)
    .leftJoin(callOutcomes, eq(callOutcomes.id, calls.callOutcomeId))
    .leftJoin(companies, eq(companies.id, calls.companyId))
    .leftJoin(contacts, eq(contacts.id, calls.contactId))
    .leftJoin(createdBy, eq(createdBy.id, calls.createdById))
    .leftJoin(projects, eq(projects.id, calls.projectId));
}

export type CallRow = Awaited<ReturnType<ReturnType<typeof selectCalls>['execute']>>[number];
export type CallRecord = typeof calls.$inferSelect;

const sortColumns = { created_at: calls.createdAt, recorded_at: calls.recordedAt };
export type CallSortKey = `${'' | '-'}${keyof typeof sortColumns}`;

export interface CallFilters {
  projectId?: number;
  companyId?: number;
  contactId?: number;
  updatedSince?: Date;
  sort?: CallSortKey;
}

function filterWhere(accountId: number, f: CallFilters): SQL | undefined {
  return and(
    eq(calls.accountId, accountId),
    f.projectId !== undefined ? eq(calls.projectId, f.projectId) : undefined,
    f.companyId !== undefined ? eq(calls.companyId, f.companyId) : undefined,
    f.contactId !== undefined ? eq(calls.contactId, f.contactId) : undefined,
    f.updatedSince !== undefined ? gte(calls.updatedAt, f.updatedSince) : undefined,
  );
}

export async function listCalls(
  db: Db,
  accountId: number,
  filters: CallFilters,
  page: { limit: number; offset: number },
) {
  const where = filterWhere(accountId, filters);
  const [items, [total]] = await Promise.all([
    selectCalls(db)
      .where(where)
      .orderBy(...orderBySort(filters.sort ?? '-created_at', sortColumns, calls.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(calls).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findCall(db: Db, accountId: number, id: number): Promise<CallRow | undefined> {
  const [row] = await selectCalls(db).where(and(eq(calls.accountId, accountId), eq(calls.id, id)));
  return row;
}

/** The bare row, locked for the rest of the transaction. */
export async function lockCall(db: Db, accountId: number, id: number): Promise<CallRecord | undefined> {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.accountId, accountId), eq(calls.id, id)))
    .for('update');
  return row;
}

export async function insertCall(db: Db, values: typeof calls.$inferInsert): Promise<number> {
  const [row] = await db.insert(calls).values(values).returning({ id: calls.id });
  return row!.id;
}

export async function updateCallColumns(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<typeof calls.$inferInsert>,
) {
  await db
    .update(calls)
    .set(values)
    .where(and(eq(calls.accountId, accountId), eq(calls.id, id)));
}

export async function deleteCallRow(db: Db, accountId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(calls)
    .where(and(eq(calls.accountId, accountId), eq(calls.id, id)))
    .returning({ id: calls.id });
  return deleted.length > 0;
}
