import { z } from 'zod';
import { GO_NO_GO_CRITERION_KINDS, GO_NO_GO_DECISIONS } from '@/db/schema/enums';
import { longText, name, nonNegativeInt, paginationQuery, queryBoolean, recordResponse, responseTimestamp, userReference } from './common';

// The go / no-go scorecard (docs/insights.md): the account's criteria, and a project's answers,
// score and decision.

const weight = z.number().int().min(1, 'must be from 1 to 100').max(100, 'must be from 1 to 100');

/** POST body under `go_no_go_criterion` (insights admins). */
export const goNoGoCriterionCreate = z
  .object({
    name,
    description: longText.nullable().optional(),
    weight: weight.default(1).meta({ description: 'Its share of the score, 1–100 (relative to the other live criteria).' }),
    kind: z.enum(GO_NO_GO_CRITERION_KINDS).default('manual').meta({
      description: '`capacity`: an answer is suggested from the workforce demand in the project’s start month.',
    }),
    position: nonNegativeInt.optional().meta({ description: 'Order on the scorecard; defaults to after the last criterion.' }),
    archived: z.boolean().default(false).meta({ description: 'Asked no more and counted in no score; answers given stay on projects.' }),
  })
  .meta({ id: 'GoNoGoCriterionCreate' });
export type GoNoGoCriterionCreate = z.output<typeof goNoGoCriterionCreate>;

/** PATCH body under `go_no_go_criterion`: any subset. */
export const goNoGoCriterionUpdate = z
  .object({ name, description: longText.nullable(), weight, kind: z.enum(GO_NO_GO_CRITERION_KINDS), position: nonNegativeInt, archived: z.boolean() })
  .partial()
  .meta({ id: 'GoNoGoCriterionUpdate' });
export type GoNoGoCriterionUpdate = z.output<typeof goNoGoCriterionUpdate>;

export const goNoGoCriterionListQuery = paginationQuery.extend({
  archived: queryBoolean.optional().meta({ description: 'true: only archived criteria; false: only live ones; default: both.' }),
});

export const goNoGoCriterionResponse = recordResponse('GoNoGoCriterion', {
  name: z.string(),
  description: z.string().nullable(),
  weight: z.number().int(),
  kind: z.enum(GO_NO_GO_CRITERION_KINDS),
  position: z.number().int(),
  archived: z.boolean(),
});
export type GoNoGoCriterionResponse = z.output<typeof goNoGoCriterionResponse>;

const answer = z.number().int().min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5');

/** PUT /projects/{id}/go_no_go body under `go_no_go`. */
export const goNoGoInput = z
  .object({
    answers: z
      .record(z.string().regex(/^[0-9]{1,18}$/, 'must be a criterion id'), answer.nullable())
      .optional()
      .meta({ description: 'Answers 1–5 by criterion id; merged into the project’s answers, null removes one.' }),
    decision: z.enum(GO_NO_GO_DECISIONS).optional().meta({
      description: 'go, no_go or undecided; setting go or no_go records who decided and when, undecided clears them.',
    }),
    close_as_did_not_pursue: z.boolean().default(false).meta({
      description: 'With decision no_go: also close the open project as did_not_pursue, in its first lost stage, in the same step.',
    }),
  })
  .meta({ id: 'GoNoGoInput' });
export type GoNoGoInput = z.output<typeof goNoGoInput>;

export const goNoGoResponse = z
  .object({
    answers: z.record(z.string(), z.number().int()).meta({ description: 'The answers 1–5, by criterion id.' }),
    score: z.number().nullable().meta({
      description:
        'Σ weight × (answer − 1) ÷ 4 ÷ Σ weight × 100 over the live criteria answered, two decimals: 0 (all 1s) to 100 (all 5s); null with no answer.',
    }),
    decision: z.enum(GO_NO_GO_DECISIONS),
    decided_by: userReference.nullable(),
    decided_at: responseTimestamp.nullable(),
  })
  .meta({ id: 'GoNoGo' });

/** GET /projects/{id}/go_no_go: the project's go / no-go, the scorecard, and what the capacity criteria suggest. */
export const goNoGoDetailResponse = goNoGoResponse
  .extend({
    criteria: z.array(goNoGoCriterionResponse).meta({ description: 'The live criteria, by position.' }),
    suggested_answers: z.record(z.string(), z.number().int()).meta({
      description:
        'For each capacity criterion, the answer the workforce demand suggests: 5 with no shortfall of the project’s roles in its start month, 4 up to 0.5 FTE short, 3 up to 1, 2 up to 2, 1 beyond; absent without a start date or roles.',
    }),
    capacity_shortfall_fte: z.number().nullable().meta({ description: 'The shortfall behind the suggestion (FTE, two decimals); null without one.' }),
    expected_value_per_estimating_hour: z.number().nullable().meta({
      description: 'amount × suggested_probability ÷ estimating_hours, dollars to the cent; null when one is missing.',
    }),
  })
  .meta({ id: 'GoNoGoDetail' });
export type GoNoGoDetailResponse = z.output<typeof goNoGoDetailResponse>;
