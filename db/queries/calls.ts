import { and, eq, type SQL } from 'drizzle-orm';
import { inTeamOrNoProject, type TeamOf } from './project-access';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { callOutcomes, calls, companies, contacts, projects, users } from '@/db/schema';
import { companyRefColumns, namedRefColumns, personRefColumns } from './refs';
import { orderBySort, type PageWindow, pageWithTotal, type SortKey } from './sql';
import { ofAccount, oneRow, updatedSince, idsOfAccount } from './tenant';

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

const sortColumns = { created_at: calls.createdAt, recorded_at: calls.recordedAt };
export type CallSortKey = SortKey<typeof sortColumns>;

/** The list query's filters (lib/shared/validation/calls.ts), by their API names. */
export interface CallFilters {
  project_id?: number;
  company_id?: number;
  contact_id?: number;
  updated_since?: Date;
  sort?: CallSortKey;
  /** Only what belongs to this user's teams' projects (project access `team`). */
  teamOf?: TeamOf;
}

function filterWhere(accountId: number, f: CallFilters): SQL | undefined {
  return and(
    eq(calls.accountId, accountId),
    f.project_id !== undefined ? eq(calls.projectId, f.project_id) : undefined,
    f.company_id !== undefined ? eq(calls.companyId, f.company_id) : undefined,
    f.contact_id !== undefined ? eq(calls.contactId, f.contact_id) : undefined,
    updatedSince(calls.updatedAt, f.updated_since),
    inTeamOrNoProject(calls.projectId, f.teamOf),
  );
}

export async function listCalls(db: Db, accountId: number, filters: CallFilters, page: PageWindow) {
  const where = filterWhere(accountId, filters);
  return pageWithTotal(db, selectCalls(db).$dynamic(), calls, where, orderBySort(filters.sort ?? '-created_at', sortColumns, calls.id), page);
}

/** One record with its embeds; `lock`: its row locked for the rest of the transaction. */
export function findCall(db: Db, accountId: number, id: number, lock = false, teamOf?: TeamOf): Promise<CallRow | undefined> {
  return oneRow(selectCalls(db).where(and(ofAccount(calls, accountId, id), inTeamOrNoProject(calls.projectId, teamOf))), calls, lock);
}

/** Calls of the account by id, with their embeds, in one statement (a timeline page's). */
export function callsByIds(db: Db, accountId: number, ids: number[]): Promise<CallRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectCalls(db).where(idsOfAccount(calls, accountId, ids));
}
