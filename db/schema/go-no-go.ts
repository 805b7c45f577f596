import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountId } from './accounts';
import { id, oneOf, timestamps } from './columns';
import { GO_NO_GO_CRITERION_KINDS, type GoNoGoCriterionKind } from './enums';

/**
 * The account's go / no-go scorecard (docs/insights.md): criteria a pursuit is answered on, 1–5,
 * each with a weight. `capacity` criteria get an answer suggested from the workforce demand.
 */
export const goNoGoCriteria = pgTable(
  'go_no_go_criteria',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    description: text('description'),
    weight: integer('weight').notNull().default(1),
    kind: text('kind').$type<GoNoGoCriterionKind>().notNull().default('manual'),
    position: integer('position').notNull().default(0),
    /** Archived criteria are asked no more and count in no score; their answers stay on projects. */
    archived: boolean('archived').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('go_no_go_criteria_account_position_idx').on(t.accountId, t.position, t.id),
    index('go_no_go_criteria_account_updated_idx').on(t.accountId, t.updatedAt),
    check('go_no_go_criteria_weight_check', sql`${t.weight} between 1 and 100`),
    check('go_no_go_criteria_kind_check', oneOf(t.kind, GO_NO_GO_CRITERION_KINDS)),
  ],
);
