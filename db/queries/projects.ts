import { and, asc, count, eq, gt, gte, ilike, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import {
  companies,
  contacts,
  contractTypes,
  deliveryMethods,
  divisions,
  imports,
  leadSources,
  lossReasons,
  marketSectors,
  projects,
  projectStages,
  tenderTypes,
  users,
} from '@/db/schema';
import type { CloseType, ProjectStatus } from '@/db/schema/enums';
import { companyRefColumns, namedRefColumns, personRefColumns, stageRefColumns } from './refs';
import { countedTotal } from './list-counters';
import { ofAccount, oneRow } from './tenant';
import { likePattern, orderBySort, pageFromNearestEnd } from './sql';

const assignedTo = alias(users, 'assigned_to');
const createdBy = alias(users, 'created_by');

const projectSelection = {
  project: projects,
  assignedTo: personRefColumns(assignedTo),
  createdBy: personRefColumns(createdBy),
  company: companyRefColumns(companies),
  contact: personRefColumns(contacts),
  contractType: namedRefColumns(contractTypes),
  deliveryMethod: namedRefColumns(deliveryMethods),
  division: namedRefColumns(divisions),
  import: namedRefColumns(imports),
  leadSource: namedRefColumns(leadSources),
  lossReason: namedRefColumns(lossReasons),
  marketSector: namedRefColumns(marketSectors),
  tenderType: namedRefColumns(tenderTypes),
  projectStage: stageRefColumns(projectStages),
};

/** Projects with every embedded relation, by joins: one statement whatever the page size. */
function selectProjects(db: Db) {
  return db
    .select(projectSelection)
    .from(projects)
    .leftJoin(assignedTo, eq(assignedTo.id, projects.assignedToId))
    .leftJoin(createdBy, eq(createdBy.id, projects.createdById))
    .leftJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(contacts, eq(contacts.id, projects.contactId))
    .leftJoin(contractTypes, eq(contractTypes.id, projects.contractTypeId))
    .leftJoin(deliveryMethods, eq(deliveryMethods.id, projects.deliveryMethodId))
    .leftJoin(divisions, eq(divisions.id, projects.divisionId))
    .leftJoin(imports, eq(imports.id, projects.importId))
    .leftJoin(leadSources, eq(leadSources.id, projects.leadSourceId))
    .leftJoin(lossReasons, eq(lossReasons.id, projects.lossReasonId))
    .leftJoin(marketSectors, eq(marketSectors.id, projects.marketSectorId))
    .leftJoin(tenderTypes, eq(tenderTypes.id, projects.tenderTypeId))
    .leftJoin(projectStages, eq(projectStages.id, projects.projectStageId));
}

export type ProjectRow = Awaited<ReturnType<ReturnType<typeof selectProjects>['execute']>>[number];
export type ProjectRecord = typeof projects.$inferSelect;

const sortColumns = {
  created_at: projects.createdAt,
  updated_at: projects.updatedAt,
  name: projects.name,
  amount: projects.amountInCents,
  bid_due_date: projects.bidDueDate,
  start_date: projects.startDate,
};
export type ProjectSortKey = `${'' | '-'}${keyof typeof sortColumns}`;

export interface ProjectFilters {
  projectStageId?: number;
  projectStatus?: ProjectStatus;
  closeType?: CloseType;
  companyId?: number;
  assignedToId?: number;
  q?: string;
  bidDueFrom?: string;
  bidDueTo?: string;
  /** Closed projects that entered their closed stage at or after this time. */
  closedSince?: Date;
  updatedSince?: Date;
  /** Today's date (UTC, YYYY-MM-DD), against which project_status is derived. */
  today: string;
  sort?: ProjectSortKey;
}

/** project_status as SQL; the same rules as `projectStatus` in lib/domain/projects.ts. */
function statusWhere(status: ProjectStatus, today: string): SQL | undefined {
  const won = eq(projects.closeType, 'won');
  const notComplete = or(isNull(projects.endDate), gte(projects.endDate, today));
  switch (status) {
    case 'pursuit':
      return isNull(projects.closeType);
    case 'lost':
      return eq(projects.closeType, 'lost');
    case 'complete':
      return and(won, lt(projects.endDate, today));
    case 'upcoming':
      return and(won, notComplete, or(isNull(projects.startDate), gt(projects.startDate, today)));
    case 'active':
      return and(won, notComplete, lte(projects.startDate, today));
  }
}

function filterWhere(accountId: number, f: ProjectFilters): SQL | undefined {
  return and(
    eq(projects.accountId, accountId),
    f.projectStageId !== undefined ? eq(projects.projectStageId, f.projectStageId) : undefined,
    f.projectStatus !== undefined ? statusWhere(f.projectStatus, f.today) : undefined,
    f.closeType !== undefined ? eq(projects.closeType, f.closeType) : undefined,
    f.companyId !== undefined ? eq(projects.companyId, f.companyId) : undefined,
    f.assignedToId !== undefined ? eq(projects.assignedToId, f.assignedToId) : undefined,
    f.q !== undefined ? ilike(projects.name, likePattern(f.q)) : undefined,
    f.bidDueFrom !== undefined ? gte(projects.bidDueDate, f.bidDueFrom) : undefined,
    f.bidDueTo !== undefined ? lte(projects.bidDueDate, f.bidDueTo) : undefined,
    f.closedSince !== undefined ? and(isNotNull(projects.closeType), gte(projects.stageEnteredAt, f.closedSince)) : undefined,
    f.updatedSince !== undefined ? gte(projects.updatedAt, f.updatedSince) : undefined,
  );
}

/** The list as it opens: no filter (any sort). Its total is counted as projects are written. */
function unfiltered(f: ProjectFilters): boolean {
  return [f.projectStageId, f.projectStatus, f.closeType, f.companyId, f.assignedToId, f.q, f.bidDueFrom, f.bidDueTo, f.closedSince, f.updatedSince].every(
    (v) => v === undefined,
  );
}

/** A page of projects with every embed, by deferred join as for leads (db/queries/leads.ts; thirteen joins). */
function projectsPage(db: Db, accountId: number, where: SQL | undefined, order: SQL[], page: { limit: number; offset: number }) {
  const pageIds = db.select({ id: projects.id }).from(projects).where(where).orderBy(...order).limit(page.limit).offset(page.offset);
  return selectProjects(db).where(and(eq(projects.accountId, accountId), sql`${projects.id} = any(array(${pageIds}))`)).orderBy(...order);
}

export async function listProjects(
  db: Db,
  accountId: number,
  filters: ProjectFilters,
  page: { limit: number; offset: number },
) {
  const where = filterWhere(accountId, filters);
  const sort = filters.sort ?? '-created_at';
  if (unfiltered(filters)) {
    // The exact total from the counters, then the page read from its nearest end: flat at any size.
    const total = await countedTotal(db, accountId, 'projects');
    const window = pageFromNearestEnd(total, page);
    if (window.limit === 0) return { items: [], total };
    const items = await projectsPage(db, accountId, where, orderBySort(sort, sortColumns, projects.id, window.reversed), window);
    return { items: window.reversed ? items.reverse() : items, total };
  }
  const [items, [total]] = await Promise.all([
    projectsPage(db, accountId, where, orderBySort(sort, sortColumns, projects.id), page),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** One project with every embed; `lock`: its row locked for the rest of the transaction. */
export function findProject(db: Db, accountId: number, id: number, lock = false): Promise<ProjectRow | undefined> {
  return oneRow(selectProjects(db).where(ofAccount(projects, accountId, id)), projects, lock);
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

/** The stage new projects start in: the account's first open stage. */
export async function firstOpenStage(db: Db, accountId: number) {
  const [row] = await db
    .select({ id: projectStages.id, category: projectStages.category })
    .from(projectStages)
    .where(and(eq(projectStages.accountId, accountId), eq(projectStages.category, 'open')))
    .orderBy(asc(projectStages.position), asc(projectStages.id))
    .limit(1);
  return row;
}
