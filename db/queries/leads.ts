import { and, count, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { commentMentions, comments, imports, leads, users } from '@/db/schema';
import { namedRefColumns, personRefColumns } from './refs';
import { countedTotal } from './list-counters';
import { pipelineRelations, referencesOf } from './to-one-relations';
import { ofAccount, oneRow, updatedSince } from './tenant';
import { likePattern, orderBySort, pageFromNearestEnd, type PageWindow, type SortKey, timestampSorts } from './sql';

const archivedBy = alias(users, 'archived_by');

/** A lead's relations: those it shares with projects, who archived it, and the import that made it. */
export const leadRelations = {
  ...pipelineRelations,
  archivedBy: { field: 'archived_by_id', column: 'archivedById', table: users, as: archivedBy, columns: personRefColumns(archivedBy) },
  import: { field: null, column: 'importId', table: imports, columns: namedRefColumns(imports) },
} as const;

/** The `<relation>_id` fields of a lead, and the tables they name a record of. */
export const leadReferences = referencesOf(leadRelations);

/** A lead read for a write: its bare columns (what an update compares) and its answer. */
export interface LeadRow<T> {
  lead: LeadRecord;
  answer: T;
}
export type LeadRecord = typeof leads.$inferSelect;

const sortColumns = {
  ...timestampSorts(leads),
  name: leads.name,
  value_in_cents: leads.valueInCents,
  estimated_start_date: leads.estimatedStartDate,
};
export type LeadSortKey = SortKey<typeof sortColumns>;

/** The list query's filters (lib/shared/validation/leads.ts, by their API names), and the time `snoozed` is judged at. */
export interface LeadFilters {
  assigned_to_id?: number;
  /** true: assigned to nobody; false: to someone. */
  unassigned?: boolean;
  company_id?: number;
  import_id?: number;
  /** Leads whose comments mention this user (the inbox's "Mentioned" view). */
  mentioned_user_id?: number;
  archived: boolean;
  snoozed?: boolean;
  priority?: boolean;
  q?: string;
  updated_since?: Date;
  sort: LeadSortKey;
  now: Date;
  /** Custom-field filters, as SQL (lib/server/services/custom-field-values.ts). */
  custom?: SQL[];
}

function filterWhere(accountId: number, f: LeadFilters): SQL | undefined {
  return and(
    eq(leads.accountId, accountId),
    f.archived ? isNotNull(leads.archivedAt) : isNull(leads.archivedAt),
    f.assigned_to_id !== undefined ? eq(leads.assignedToId, f.assigned_to_id) : undefined,
    f.unassigned === true ? isNull(leads.assignedToId) : f.unassigned === false ? isNotNull(leads.assignedToId) : undefined,
    f.company_id !== undefined ? eq(leads.companyId, f.company_id) : undefined,
    f.import_id !== undefined ? eq(leads.importId, f.import_id) : undefined,
    f.mentioned_user_id !== undefined
      ? sql`exists (select 1 from ${commentMentions} m join ${comments} c on c.id = m.comment_id
          where m.user_id = ${f.mentioned_user_id} and c.commentable_type = 'lead' and c.commentable_id = ${leads.id} and c.account_id = ${accountId})`
      : undefined,
    f.priority !== undefined ? eq(leads.priority, f.priority) : undefined,
    f.snoozed === true ? gt(leads.snoozeUntil, f.now) : undefined,
    f.snoozed === false ? or(isNull(leads.snoozeUntil), lte(leads.snoozeUntil, f.now)) : undefined,
    f.q !== undefined ? ilike(leads.name, likePattern(f.q)) : undefined,
    updatedSince(leads.updatedAt, f.updated_since),
    ...(f.custom ?? []),
  );
}

/**
 * Whether each filter narrows the list. Every filter is named, so a new one does not compile until
 * it says: a narrowing filter missed here would answer its pages with the unfiltered total.
 */
const NARROWS: Record<keyof LeadFilters, boolean> = {
  assigned_to_id: true,
  unassigned: true,
  company_id: true,
  import_id: true,
  mentioned_user_id: true,
  snoozed: true,
  priority: true,
  q: true,
  updated_since: true,
  archived: false, // on its own below: false, the default, is the counted list
  custom: true,
  sort: false,
  now: false,
};

/** The list as it opens: active leads, no filter (any sort). Its total is counted as leads are written. */
function unfiltered(f: LeadFilters): boolean {
  return !f.archived && (Object.keys(NARROWS) as (keyof LeadFilters)[]).every((k) => !NARROWS[k] || f[k] === undefined);
}

/**
 * A page of leads with every embed. Deferred join: the page's ids first, walking the narrow
 * (account_id, created_at, id) index past OFFSET rows, then the embeds for those ids only.
 * `= any(array(…))` (not `in (…)`) makes it a filter on the leads scan itself: with twelve joins,
 * more than join_collapse_limit, PostgreSQL keeps the written join order and would otherwise join
 * every lead before the semi-join.
 */
async function leadsPage<T>(db: Db, answer: SQL<T>, accountId: number, where: SQL | undefined, order: SQL[], page: PageWindow): Promise<T[]> {
  const pageIds = db
    .select({ id: leads.id })
    .from(leads)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const rows = await db
    .select({ answer })
    .from(leads)
    .where(and(eq(leads.accountId, accountId), sql`${leads.id} = any(array(${pageIds}))`))
    .orderBy(...order);
  return rows.map((r) => r.answer);
}

/** A page of leads, each as `answer` builds it (the serializer's SQL), and the total. */
export async function listLeads<T>(db: Db, answer: SQL<T>, accountId: number, filters: LeadFilters, page: PageWindow) {
  const where = filterWhere(accountId, filters);
  if (unfiltered(filters)) {
    // The exact total from the counters, then the page read from its nearest end: flat at any size.
    const total = await countedTotal(db, accountId, 'leads');
    const window = pageFromNearestEnd(total, page);
    if (window.limit === 0) return { items: [], total };
    const items = await leadsPage(db, answer, accountId, where, orderBySort(filters.sort, sortColumns, leads.id, window.reversed), window);
    return { items: window.reversed ? items.reverse() : items, total };
  }
  const [items, [total]] = await Promise.all([
    leadsPage(db, answer, accountId, where, orderBySort(filters.sort, sortColumns, leads.id), page),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** One lead, its columns and its answer; `lock`: its row locked for the rest of the transaction. */
export function findLead<T>(db: Db, answer: SQL<T>, accountId: number, id: number, lock = false): Promise<LeadRow<T> | undefined> {
  return oneRow(
    db
      .select({ lead: leads, answer })
      .from(leads)
      .where(ofAccount(leads, accountId, id)),
    leads,
    lock,
  );
}

/** One lead as `answer` builds it: what its GET answers. */
export async function leadAnswer<T>(db: Db, answer: SQL<T>, accountId: number, id: number): Promise<T | undefined> {
  const [row] = await db
    .select({ answer })
    .from(leads)
    .where(ofAccount(leads, accountId, id));
  return row?.answer;
}
