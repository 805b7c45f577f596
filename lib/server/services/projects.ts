import type { Db } from '@/db';
import type { CustomFieldFilter } from '@/lib/shared/validation/custom-fields';
import { customFieldConditions } from './custom-field-values';
import { joinCreatedProject } from './project-team-memberships';
import {
  findProject,
  projectAnswer,
  findStage,
  firstStageOf,
  listProjects as queryProjects,
  projectReferences,
  type ProjectRecord,
  type ProjectRow,
} from '@/db/queries/projects';
import { deleteReferencing } from '@/db/queries/references';
import { detachTasksFromProject } from '@/db/queries/tasks';
import { bidResults, calls, projects, projectTeamMemberships, taskLists, workforceAssignments } from '@/db/schema';
import { CLOSE_TYPES, RESULT_CLOSE_TYPES, type CloseType, type StageCategory } from '@/db/schema/enums';
import { manualPercentagesProblem, monthsSpanned } from '@/lib/shared/domain/forecast';
import { todayUtc } from '@/lib/shared/domain/projects';
import { addressColumnsFrom } from '@/lib/server/serializers/common';
import { projectJson } from '@/lib/server/serializers/projects';
import type { ProjectCreate, ProjectListQuery, ProjectResponse, ProjectUpdate } from '@/lib/shared/validation/projects';
import { deleteEvents, resourcePath, toColumns, type EventRecord } from './common';
import { moveAssignmentsWithProject } from './workforce-planning';
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind } from './records';
import { invalidField } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import { teamOf, type CallerContext } from '@/lib/server/services/context';

export const projectKind: RecordKind<ProjectRow<ProjectResponse>, ProjectResponse> = {
  customFields: 'projects',
  resource: 'project',
  table: projects,
  references: projectReferences,
  read: (db, accountId, id, lock, teamOf) => findProject(db, projectJson(accountId, teamOf), accountId, id, lock, teamOf),
  get: (db, accountId, id, teamOf) => projectAnswer(db, projectJson(accountId, teamOf), accountId, id, teamOf),
  columns: (row) => row.project,
  serialize: (row) => row.answer,
};

export async function listProjects(db: Db, ctx: CallerContext, query: ProjectListQuery, filters: CustomFieldFilter[] = []): Promise<Page<ProjectResponse>> {
  const custom = await customFieldConditions(db, ctx, 'projects', filters, projects.customFields);
  const filtered = { ...query, today: todayUtc(new Date()), teamOf: teamOf(ctx), custom };
  const result = await queryProjects(db, projectJson(ctx.accountId, filtered.teamOf), ctx.accountId, filtered, pageWindow(query));
  return toPage(query, result, (project) => project);
}

export function getProject(db: Db, ctx: CallerContext, id: number): Promise<ProjectResponse> {
  return getRecord(db, ctx, projectKind, id);
}

/**
 * close_type follows the stage: none in an open stage; in a closed one the stage's category (won or
 * lost, the default) or one of the close types without a result (cancelled, did_not_pursue). An
 * omitted close_type keeps the project's own while its stage's category stays the same.
 */
function closeTypeFor(category: StageCategory, given: CloseType | null | undefined, kept: CloseType | null): CloseType | null {
  if (category === 'open') {
    if (given) {
      throw invalidField('close_type', 'can only be set when the project is in a closed (won or lost) stage');
    }
    return null;
  }
  if (given === null) throw invalidField('close_type', `is required in a ${category} stage (move the project to an open stage to reopen it)`);
  const closeType = given ?? kept ?? category;
  if (closeType !== category && !NO_RESULT_CLOSE_TYPES.includes(closeType)) {
    throw invalidField('close_type', `must be ${category}, cancelled or did_not_pursue in a ${category} stage (move the project to another stage instead)`);
  }
  return closeType;
}

const NO_RESULT_CLOSE_TYPES: readonly CloseType[] = CLOSE_TYPES.filter((t) => !(RESULT_CLOSE_TYPES as readonly string[]).includes(t));

/**
 * closed_at: when the project entered a closed stage (now, unless the caller gives the day it
 * closed: history recorded late); kept while it moves between stages of the same closed category;
 * cleared when it reopens.
 */
function closedAtFor(closeType: CloseType | null, given: Date | undefined, entered: boolean): { closedAt?: Date | null } {
  if (closeType === null) {
    if (given !== undefined) throw invalidField('closed_at', 'can only be set when the project is in a closed (won or lost) stage');
    return { closedAt: null };
  }
  if (given !== undefined) {
    if (given.getTime() > Date.now()) throw invalidField('closed_at', 'must not be in the future');
    return { closedAt: given };
  }
  return entered ? { closedAt: new Date() } : {};
}

const toCents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

function columnsFrom(input: ProjectUpdate) {
  const { amount, estimated_cost: estimatedCost, ...rest } = input;
  return {
    ...toColumns(rest, ['address', 'close_type', 'closed_at']),
    ...(amount !== undefined ? { amountInCents: toCents(amount) } : {}),
    ...(estimatedCost !== undefined ? { estimatedCostInCents: toCents(estimatedCost) } : {}),
    ...(input.address !== undefined ? addressColumnsFrom(input.address) : {}),
  };
}

/**
 * A `manual` forecast needs one cumulative percentage per calendar month the project spans, so it
 * needs both dates; checked against the project as it will be (a move of its dates included).
 */
function assertManualForecast(p: Pick<ProjectRecord, 'forecastCurve' | 'forecastManualPercentages' | 'startDate' | 'endDate'>) {
  if (p.forecastCurve !== 'manual') return;
  const field = 'forecast_manual_percentages';
  if (!p.forecastManualPercentages) throw invalidField(field, 'is required with forecast_curve manual');
  if (!p.startDate || !p.endDate) throw invalidField(field, 'needs start_date and end_date: one percentage per month the project spans');
  const problem = manualPercentagesProblem(p.forecastManualPercentages, monthsSpanned(p.startDate, p.endDate).length);
  if (problem) throw invalidField(field, problem);
}

async function stageOf(db: Db, ctx: CallerContext, stageId: number | null | undefined) {
  if (stageId == null) return (await firstStageOf(db, ctx.accountId, 'open')) ?? null;
  return (await findStage(db, ctx.accountId, stageId)) ?? null;
}

export function createProject(db: Db, ctx: CallerContext, input: ProjectCreate, extra: Partial<ProjectRecord> = {}): Promise<ProjectResponse> {
  assertManualForecast({
    forecastCurve: input.forecast_curve ?? 's_curve',
    forecastManualPercentages: input.forecast_manual_percentages ?? null,
    startDate: input.start_date ?? null,
    endDate: input.end_date ?? null,
  });
  return createRecord(
    db,
    ctx,
    projectKind,
    input,
    async (tx) => {
      const stage = await stageOf(tx, ctx, input.project_stage_id);
      const closeType = closeTypeFor(stage?.category ?? 'open', input.close_type, null);
      return {
        ...columnsFrom(input),
        ...extra,
        projectStageId: stage?.id ?? null,
        closeType,
        ...closedAtFor(closeType, input.closed_at, true),
        createdById: ctx.userId,
      };
    },
    teamOf(ctx) !== undefined ? (tx, id) => joinCreatedProject(tx, ctx, id) : undefined,
  );
}

export function updateProject(db: Db, ctx: CallerContext, id: number, input: ProjectUpdate): Promise<ProjectResponse> {
  return updateRecord(db, ctx, projectKind, id, input, {
    columns: async ({ project: current, answer: { project_stage: currentStage } }, tx) => {
      const next: Record<string, unknown> = columnsFrom(input);
      const stageId = input.project_stage_id ?? current.projectStageId;
      const stage = stageId === null ? null : await stageOf(tx, ctx, stageId);
      const category = stage?.category ?? 'open';
      const sameCategory = category === (currentStage?.category ?? 'open');
      const closeType = closeTypeFor(category, input.close_type, sameCategory ? current.closeType : null);
      Object.assign(next, { closeType }, closedAtFor(closeType, input.closed_at, !sameCategory || current.closeType === null));
      const after = { ...current, ...(next as Partial<ProjectRecord>) };
      if (after.startDate && after.endDate && after.endDate < after.startDate) throw invalidField('end_date', 'must be on or after start_date');
      assertManualForecast(after);
      return next;
    },
    changed: (changes) => {
      if (changes.projectStageId !== undefined) changes.stageEnteredAt = new Date();
    },
    // Assignments whose dates follow the project move with it, in this transaction.
    after: (changes, tx) => (changes.startDate !== undefined || changes.endDate !== undefined ? moveAssignmentsWithProject(tx, ctx, id) : Promise.resolve([])),
  });
}

/**
 * Calls and tasks of the project keep existing without it (tasks also out of its lists), each with
 * a `<resource>.update`; its task lists, team memberships, staffing and bid results are deleted with it, each with a
 * `<resource>.delete`.
 */
export function deleteProject(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, projectKind, id, {
    references: [{ resource: 'call', table: calls, column: calls.projectId }],
    dependents: (tx) => deleteProjectDependents(tx, ctx, id),
  });
}

/** Takes the project's tasks out of it and of its lists, then deletes its lists and memberships: their events. */
async function deleteProjectDependents(tx: Db, ctx: CallerContext, id: number): Promise<EventRecord[]> {
  const tasks = await detachTasksFromProject(tx, ctx.accountId, id);
  const lists = await deleteReferencing(tx, taskLists, taskLists.projectId, ctx.accountId, id);
  const memberships = await deleteReferencing(tx, projectTeamMemberships, projectTeamMemberships.projectId, ctx.accountId, id);
  const assignments = await deleteReferencing(tx, workforceAssignments, workforceAssignments.projectId, ctx.accountId, id);
  const results = await deleteReferencing(tx, bidResults, bidResults.projectId, ctx.accountId, id);
  return [
    ...tasks.map((t): EventRecord => ({
      resource: 'task',
      action: 'update',
      id: t.id,
      path: resourcePath('task', t.id),
      changed: { ...(t.projectId && { projectId: null }), ...(t.taskListId && { taskListId: null }) },
    })),
    ...deleteEvents('task_list', lists),
    ...memberships.map((membershipId): EventRecord => ({
      resource: 'project_team_membership',
      action: 'delete',
      id: membershipId,
      path: `project_team_memberships/${membershipId}?project_id=${id}`,
    })),
    ...deleteEvents('workforce_assignment', assignments),
    ...deleteEvents('bid_result', results),
  ];
}
