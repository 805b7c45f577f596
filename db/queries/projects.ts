import { and, asc, count, eq, inArray, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import { inTeam, type TeamOf } from './project-access';
import type { Db } from '@/db';
import { imports, lossReasons, projects, projectStages, users } from '@/db/schema';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { CloseType, ProjectStatus, StageCategory } from '@/db/schema/enums';
import { namedRefColumns, personRefColumns, stageRefColumns } from './refs';
import { projectStatusWhere } from './project-status';
import { countedTotal } from './list-counters';
import { pipelineRelations, referencesOf } from './to-one-relations';
import { ofAccount, oneRow, updatedSince } from './tenant';
import { companyBidOn, companyWon } from './bid-results';
import { likePattern, orderBySort, pageFromNearestEnd, type PageWindow, type SortKey, timestampSorts } from './sql';

const decidedBy = alias(users, 'go_no_go_decided_by');

/** A project's relations: those it shares with leads, and its import, loss reason, go / no-go decider and stage. */
export const projectRelations = {
  ...pipelineRelations,
  import: { field: null, column: 'importId', table: imports, columns: namedRefColumns(imports) },
  lossReason: { field: 'loss_reason_id', column: 'lossReasonId', table: lossReasons, columns: namedRefColumns(lossReasons) },
  goNoGoDecidedBy: { field: null, column: 'goNoGoDecidedById', table: users, as: decidedBy, columns: personRefColumns(decidedBy) },
  projectStage: {
    field: 'project_stage_id',
    column: 'projectStageId',
    table: projectStages,
    columns: stageRefColumns(projectStages),
  },
} as const;

/** The `<relation>_id` fields of a project, and the tables they name a record of. */
export const projectReferences = referencesOf(projectRelations);

/**
 * What a statement answers a project as (the serializer's SQL): its JSON, and the lateral row
 * (`learned`, joined on true) that the JSON reads beside the project's own columns.
 */
export interface ProjectAnswer<T> {
  json: SQL<T>;
  lateral: SQL;
}

/** A project read for a write: its bare columns (what an update compares) and its answer. */
export interface ProjectRow<T> {
  project: ProjectRecord;
  answer: T;
}
export type ProjectRecord = typeof projects.$inferSelect;

/** Projects, each as `answer` builds it: one statement whatever the page size. */
function selectProjects<F extends SelectedFields>(db: Db, answer: ProjectAnswer<unknown>, fields: F) {
  return db
    .select(fields)
    .from(projects)
    .leftJoinLateral(answer.lateral, sql`true`);
}

const sortColumns = {
  ...timestampSorts(projects),
  name: projects.name,
  amount: projects.amountInCents,
  bid_due_date: projects.bidDueDate,
  start_date: projects.startDate,
};
export type ProjectSortKey = SortKey<typeof sortColumns>;

/** The list query's filters (lib/shared/validation/projects.ts, by their API names), and today's date. */
export interface ProjectFilters {
  project_stage_id?: number;
  project_status?: ProjectStatus;
  close_type?: CloseType;
  company_id?: number;
  market_sector_id?: number;
  delivery_method_id?: number;
  tender_type_id?: number;
  contract_type_id?: number;
  division_id?: number;
  import_id?: number;
  assigned_to_id?: number;
  q?: string;
  /** YYYY-MM-DD, inclusive. */
  bid_due_from?: string;
  bid_due_to?: string;
  /** YYYY-MM-DD: closed projects that entered their closed stage on or after this day (from its midnight UTC). */
  closed_since?: string;
  competitor_id?: number;
  awarded_to_id?: number;
  updated_since?: Date;
  sort?: ProjectSortKey;
  /** Today's date (UTC, YYYY-MM-DD), against which project_status is derived. */
  today: string;
  /** Only the projects of this user's teams (project access `team`). */
  teamOf?: TeamOf;
  /** Custom-field filters, as SQL (lib/server/services/custom-field-values.ts). */
  custom?: SQL[];
}

function filterWhere(accountId: number, f: ProjectFilters): SQL | undefined {
  return and(
    eq(projects.accountId, accountId),
    f.project_stage_id !== undefined ? eq(projects.projectStageId, f.project_stage_id) : undefined,
    f.project_status !== undefined ? projectStatusWhere(projects, f.project_status, f.today) : undefined,
    f.close_type !== undefined ? eq(projects.closeType, f.close_type) : undefined,
    f.company_id !== undefined ? eq(projects.companyId, f.company_id) : undefined,
    f.market_sector_id !== undefined ? eq(projects.marketSectorId, f.market_sector_id) : undefined,
    f.delivery_method_id !== undefined ? eq(projects.deliveryMethodId, f.delivery_method_id) : undefined,
    f.tender_type_id !== undefined ? eq(projects.tenderTypeId, f.tender_type_id) : undefined,
    f.contract_type_id !== undefined ? eq(projects.contractTypeId, f.contract_type_id) : undefined,
    f.division_id !== undefined ? eq(projects.divisionId, f.division_id) : undefined,
    f.import_id !== undefined ? eq(projects.importId, f.import_id) : undefined,
    f.assigned_to_id !== undefined ? eq(projects.assignedToId, f.assigned_to_id) : undefined,
    f.q !== undefined ? ilike(projects.name, likePattern(f.q)) : undefined,
    f.bid_due_from !== undefined ? gte(projects.bidDueDate, f.bid_due_from) : undefined,
    f.bid_due_to !== undefined ? lte(projects.bidDueDate, f.bid_due_to) : undefined,
    f.closed_since !== undefined ? gte(projects.closedAt, new Date(`${f.closed_since}T00:00:00Z`)) : undefined,
    f.competitor_id !== undefined ? companyBidOn(projects.id, f.competitor_id) : undefined,
    f.awarded_to_id !== undefined ? companyWon(projects.id, f.awarded_to_id) : undefined,
    updatedSince(projects.updatedAt, f.updated_since),
    inTeam(projects.id, f.teamOf),
    ...(f.custom ?? []),
  );
}

/**
 * Whether each filter narrows the list. Every filter is named, so a new one does not compile until
 * it says: a narrowing filter missed here would answer its pages with the unfiltered total.
 */
const NARROWS: Record<keyof ProjectFilters, boolean> = {
  import_id: true,
  project_stage_id: true,
  project_status: true,
  close_type: true,
  company_id: true,
  assigned_to_id: true,
  q: true,
  market_sector_id: true,
  delivery_method_id: true,
  tender_type_id: true,
  contract_type_id: true,
  division_id: true,
  bid_due_from: true,
  bid_due_to: true,
  closed_since: true,
  competitor_id: true,
  awarded_to_id: true,
  updated_since: true,
  teamOf: true,
  custom: true,
  sort: false,
  today: false,
};

/** The list as it opens: no filter (any sort). Its total is counted as projects are written. */
function unfiltered(f: ProjectFilters): boolean {
  return (Object.keys(NARROWS) as (keyof ProjectFilters)[]).every((k) => !NARROWS[k] || f[k] === undefined);
}

/** A page of projects, by deferred join as for leads (db/queries/leads.ts): the page's ids, then their answers. */
async function projectsPage<T>(db: Db, answer: ProjectAnswer<T>, accountId: number, where: SQL | undefined, order: SQL[], page: PageWindow): Promise<T[]> {
  const pageIds = db
    .select({ id: projects.id })
    .from(projects)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const rows = await selectProjects(db, answer, { answer: answer.json })
    .where(and(eq(projects.accountId, accountId), sql`${projects.id} = any(array(${pageIds}))`))
    .orderBy(...order);
  return rows.map((r) => r.answer);
}

/** A page of projects, each as `answer` builds it, and the total. */
export async function listProjects<T>(db: Db, answer: ProjectAnswer<T>, accountId: number, filters: ProjectFilters, page: PageWindow) {
  const where = filterWhere(accountId, filters);
  const sort = filters.sort ?? '-created_at';
  if (unfiltered(filters)) {
    // The exact total from the counters, then the page read from its nearest end: flat at any size.
    const total = await countedTotal(db, accountId, 'projects');
    const window = pageFromNearestEnd(total, page);
    if (window.limit === 0) return { items: [], total };
    const items = await projectsPage(db, answer, accountId, where, orderBySort(sort, sortColumns, projects.id, window.reversed), window);
    return { items: window.reversed ? items.reverse() : items, total };
  }
  const [items, [total]] = await Promise.all([
    projectsPage(db, answer, accountId, where, orderBySort(sort, sortColumns, projects.id), page),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** One project (if the caller sees it), its columns and its answer; `lock`: its row locked for the rest of the transaction. */
export function findProject<T>(
  db: Db,
  answer: ProjectAnswer<T>,
  accountId: number,
  id: number,
  lock = false,
  teamOf?: TeamOf,
): Promise<ProjectRow<T> | undefined> {
  const query = selectProjects(db, answer, { project: projects, answer: answer.json });
  return oneRow(query.where(and(ofAccount(projects, accountId, id), inTeam(projects.id, teamOf))), projects, lock);
}

/** One project as `answer` builds it (if the caller sees it): what its GET answers. */
export async function projectAnswer<T>(db: Db, answer: ProjectAnswer<T>, accountId: number, id: number, teamOf?: TeamOf): Promise<T | undefined> {
  const [row] = await selectProjects(db, answer, { answer: answer.json }).where(and(ofAccount(projects, accountId, id), inTeam(projects.id, teamOf)));
  return row?.answer;
}

/** Projects by id, each as `answer` builds it, with their ids, in no particular order (the caller orders them). */
export async function findProjects<T>(
  db: Db,
  answer: ProjectAnswer<T>,
  accountId: number,
  ids: number[],
  teamOf?: TeamOf,
): Promise<{ id: number; answer: T }[]> {
  if (ids.length === 0) return [];
  return selectProjects(db, answer, { id: projects.id, answer: answer.json }).where(
    and(eq(projects.accountId, accountId), inArray(projects.id, ids), inTeam(projects.id, teamOf)),
  );
}

/** The project's dates, its row share-locked: a concurrent update of the project waits for this transaction. */
export async function lockProjectDates(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select({ startDate: projects.startDate, endDate: projects.endDate })
    .from(projects)
    .where(ofAccount(projects, accountId, id))
    .for('share');
  return row;
}

export async function findProjectByLead(db: Db, accountId: number, leadId: number) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.accountId, accountId), eq(projects.leadId, leadId)));
  return row;
}

export async function findStage(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select({ id: projectStages.id, category: projectStages.category })
    .from(projectStages)
    .where(ofAccount(projectStages, accountId, id));
  return row;
}

/** The account's first stage of a category: new projects start in the first open one; a no-go closes into the first lost one. */
export async function firstStageOf(db: Db, accountId: number, category: StageCategory) {
  const [row] = await db
    .select({ id: projectStages.id, category: projectStages.category })
    .from(projectStages)
    .where(and(eq(projectStages.accountId, accountId), eq(projectStages.category, category)))
    .orderBy(asc(projectStages.position), asc(projectStages.id))
    .limit(1);
  return row;
}
