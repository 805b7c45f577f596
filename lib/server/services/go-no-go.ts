import type { Db } from '@/db';
import { findCriterion, listCriteria, liveCriteria, nextCriterionPosition, projectRoleIds, type GoNoGoCriterionRow } from '@/db/queries/go-no-go';
import { firstStageOf } from '@/db/queries/projects';
import { goNoGoCriteria } from '@/db/schema';
import { capacityAnswer, valuePerHour } from '@/lib/shared/domain/insights';
import { allows } from '@/lib/shared/permissions';
import { serializeGoNoGoCriterion } from '@/lib/server/serializers/go-no-go';
import type {
  GoNoGoCriterionCreate,
  GoNoGoCriterionResponse,
  GoNoGoCriterionUpdate,
  GoNoGoDetailResponse,
  GoNoGoInput,
} from '@/lib/shared/validation/go-no-go';
import { toColumns } from './common';
import type { CallerContext } from './context';
import { invalidField, validationFailed, type FieldErrors } from './errors';
import { getProject, projectKind } from './projects';
import { createRecord, deleteRecord, recordReads, updateRecord, type RecordKind } from './records';
import { workforceDemand } from './workforce-planning';

// The go / no-go scorecard (docs/insights.md): the account's criteria (account admins edit them:
// the routes' access), and a project's answers, score and decision, written as an update of the
// project (its If-Match, its event, its team scope).

export const goNoGoCriterionKind: RecordKind<GoNoGoCriterionRow, GoNoGoCriterionResponse> = {
  resource: 'go_no_go_criterion',
  table: goNoGoCriteria,
  read: findCriterion,
  columns: (row) => row,
  serialize: serializeGoNoGoCriterion,
};

export const { list: listGoNoGoCriteria, get: getGoNoGoCriterion } = recordReads(goNoGoCriterionKind, listCriteria);

export function createGoNoGoCriterion(db: Db, ctx: CallerContext, input: GoNoGoCriterionCreate): Promise<GoNoGoCriterionResponse> {
  return createRecord(db, ctx, goNoGoCriterionKind, input, async (tx) => ({
    ...toColumns(input, ['position']),
    position: input.position ?? (await nextCriterionPosition(tx, ctx.accountId)),
  }));
}

export function updateGoNoGoCriterion(db: Db, ctx: CallerContext, id: number, input: GoNoGoCriterionUpdate): Promise<GoNoGoCriterionResponse> {
  return updateRecord(db, ctx, goNoGoCriterionKind, id, input, { columns: () => toColumns(input) });
}

/** Deleting a criterion drops it from the scorecard; answers given to it stay on projects, counted in no score. */
export function deleteGoNoGoCriterion(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, goNoGoCriterionKind, id);
}

/**
 * A project's go / no-go with the scorecard it is answered on, the answers the capacity criteria
 * suggest, and the expected value per estimating hour.
 */
export async function getGoNoGo(db: Db, ctx: CallerContext, projectId: number): Promise<GoNoGoDetailResponse> {
  const project = await getProject(db, ctx, projectId);
  const criteria = await liveCriteria(db, ctx.accountId);
  const capacity = criteria.filter((c) => c.kind === 'capacity');
  // The shortfall is read from the workforce's staffing: only for those who may read the workforce.
  const mayReadWorkforce = allows(ctx.access.permissions.workforce, 'read');
  const shortfall = mayReadWorkforce && capacity.length > 0 && project.start_date ? await startMonthShortfall(db, ctx, projectId, project.start_date) : null;
  const amountInCents = project.amount === null ? null : Math.round(project.amount * 100);
  return {
    ...project.go_no_go,
    criteria: criteria.map(serializeGoNoGoCriterion),
    suggested_answers: shortfall === null ? {} : Object.fromEntries(capacity.map((c) => [String(c.id), capacityAnswer(shortfall)])),
    capacity_shortfall_fte: shortfall,
    expected_value_per_estimating_hour: valuePerHour(amountInCents, project.suggested_probability, project.estimating_hours),
  };
}

/** The shortfall (FTE) of the project's roles in the month it starts, from the workforce demand; null without roles. */
async function startMonthShortfall(db: Db, ctx: CallerContext, projectId: number, startDate: string): Promise<number | null> {
  const roles = new Set((await projectRoleIds(db, ctx.accountId, projectId)).map(String));
  if (roles.size === 0) return null;
  const month = startDate.slice(0, 7);
  const demand = await workforceDemand(db, ctx, { interval: 'month', from: `${month}-01`, to: `${month}-01` });
  const total = (demand.periods[0]?.roles ?? []).filter((r) => roles.has(r.role.id)).reduce((sum, r) => sum + r.shortfall_fte, 0);
  return Math.round(total * 100) / 100;
}

/**
 * Answers (merged; null removes one), the decision (who and when follow it), and with a no-go,
 * optionally the close as did_not_pursue in the account's first lost stage: one update of the project.
 */
export async function putGoNoGo(db: Db, ctx: CallerContext, projectId: number, input: GoNoGoInput): Promise<GoNoGoDetailResponse> {
  await updateRecord(
    db,
    ctx,
    projectKind,
    projectId,
    {},
    {
      columns: async ({ project: current }, tx) => {
        const live = new Set((await liveCriteria(tx, ctx.accountId)).map((c) => String(c.id)));
        const errors: FieldErrors = {};
        const answers = { ...current.goNoGoAnswers };
        for (const [id, value] of Object.entries(input.answers ?? {})) {
          if (value === null) delete answers[id];
          else if (!live.has(id)) errors[`answers.${id}`] = [`is not a criterion of the scorecard; its criteria are: ${[...live].join(', ') || 'none'}`];
          else answers[id] = value;
        }
        if (Object.keys(errors).length) throw validationFailed(errors);
        const next: Record<string, unknown> = { goNoGoAnswers: answers };
        const decision = input.decision ?? current.goNoGoDecision;
        if (input.decision !== undefined && input.decision !== current.goNoGoDecision) {
          Object.assign(
            next,
            input.decision === 'undecided'
              ? { goNoGoDecision: 'undecided', goNoGoDecidedById: null, goNoGoDecidedAt: null }
              : { goNoGoDecision: input.decision, goNoGoDecidedById: ctx.userId, goNoGoDecidedAt: new Date() },
          );
        }
        if (input.close_as_did_not_pursue) {
          if (decision !== 'no_go') throw invalidField('close_as_did_not_pursue', 'closes a project only with the decision no_go');
          if (current.closeType !== null) throw invalidField('close_as_did_not_pursue', 'the project is already closed');
          const stage = await firstStageOf(tx, ctx.accountId, 'lost');
          if (!stage) throw invalidField('close_as_did_not_pursue', 'the account has no lost stage to close the project in');
          Object.assign(next, { projectStageId: stage.id, closeType: 'did_not_pursue', closedAt: new Date() });
        }
        return next;
      },
      changed: (changes) => {
        if (changes.projectStageId !== undefined) changes.stageEnteredAt = new Date();
      },
    },
  );
  return getGoNoGo(db, ctx, projectId);
}
