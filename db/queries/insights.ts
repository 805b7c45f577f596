import { and, eq, gte, inArray, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { companies, contractTypes, deliveryMethods, divisions, marketSectors, projects, projectStages, tenderTypes, users } from '@/db/schema';
import { RESULT_CLOSE_TYPES } from '@/db/schema/enums';
import { inTeam, type TeamOf } from './project-access';
import { companyRefColumns, namedRefColumns, personRefColumns } from './refs';

// The account's own bid history: won and lost projects (the close types with a result) by when
// they closed. Win rates group them; the learned probability of an open project counts them.

/** Won and lost projects of the account closed on or after `since`, that the caller sees. */
type ProjectColumns = Record<'id' | 'accountId' | 'closeType' | 'closedAt', AnyPgColumn>;

function results(p: ProjectColumns, accountId: number | Placeholder, since: Date | SQL, teamOf: TeamOf | Placeholder): SQL | undefined {
  return and(eq(p.accountId, accountId), inArray(p.closeType, RESULT_CLOSE_TYPES), gte(p.closedAt, since), inTeam(p.id, teamOf));
}

const CLOSED = 'closed_projects';
const closed = alias(projects, CLOSED);
const fromClosed = sql`${projects} ${sql.identifier(CLOSED)}`;
const wonOf = sql`count(*) filter (where ${closed.closeType} = 'won')`;
const lostOf = sql`count(*) filter (where ${closed.closeType} = 'lost')`;

/** Midnight UTC of today's date 36 months ago: the window of the learned probability (and win rates' default). */
export const LEARNING_MONTHS = 36;
export const learningSince = sql`(((now() at time zone 'UTC')::date - interval '${sql.raw(String(LEARNING_MONTHS))} months') at time zone 'UTC')`;

/**
 * The basis of an open project's learned probability, as JSON `[[won, lost] of its market sector,
 * [won, lost] of the account]` (null for a closed project). Both counts are uncorrelated
 * subqueries: PostgreSQL runs each once per statement (an InitPlan), whatever the number of rows.
 */
export type LearnedBasis = [sector: [won: number, lost: number], account: [won: number, lost: number]];

export function learnedBasis(p: { closeType: AnyPgColumn; marketSectorId: AnyPgColumn }, accountId: number | Placeholder, teamOf: TeamOf | Placeholder) {
  const where = results(closed, accountId, learningSince, teamOf);
  const bySector = sql`(select coalesce(jsonb_object_agg(s.sector, jsonb_build_array(s.won, s.lost)), '{}'::jsonb) from (
    select ${closed.marketSectorId}::text as sector, ${wonOf} as won, ${lostOf} as lost from ${fromClosed}
    where ${where} and ${closed.marketSectorId} is not null group by ${closed.marketSectorId}) s)`;
  const all = sql`(select jsonb_build_array(${wonOf}, ${lostOf}) from ${fromClosed} where ${where})`;
  return sql<LearnedBasis | null>`case when ${p.closeType} is null
    then jsonb_build_array(coalesce(${bySector} -> (${p.marketSectorId}::text), '[0, 0]'::jsonb), ${all}) end`;
}

const assignedTo = alias(users, 'win_rate_user');

/** What win rates group by: the project's column and the embedded reference of the group. */
export const WIN_RATE_GROUPS = {
  market_sector: { column: projects.marketSectorId, table: marketSectors, ref: namedRefColumns(marketSectors), kind: 'named' },
  delivery_method: { column: projects.deliveryMethodId, table: deliveryMethods, ref: namedRefColumns(deliveryMethods), kind: 'named' },
  tender_type: { column: projects.tenderTypeId, table: tenderTypes, ref: namedRefColumns(tenderTypes), kind: 'named' },
  contract_type: { column: projects.contractTypeId, table: contractTypes, ref: namedRefColumns(contractTypes), kind: 'named' },
  division: { column: projects.divisionId, table: divisions, ref: namedRefColumns(divisions), kind: 'named' },
  company: { column: projects.companyId, table: companies, ref: companyRefColumns(companies), kind: 'company' },
  assigned_to: { column: projects.assignedToId, table: assignedTo, ref: personRefColumns(assignedTo), kind: 'person' },
} as const;
export type WinRateGroupBy = keyof typeof WIN_RATE_GROUPS;

const won = sql`${projects.closeType} = 'won'`;
const lost = sql`${projects.closeType} = 'lost'`;
const counts = {
  won: sql<number>`count(*) filter (where ${won})`.mapWith(Number),
  lost: sql<number>`count(*) filter (where ${lost})`.mapWith(Number),
  wonCents: sql<number>`coalesce(sum(${projects.amountInCents}) filter (where ${won}), 0)`.mapWith(Number),
  lostCents: sql<number>`coalesce(sum(${projects.amountInCents}) filter (where ${lost}), 0)`.mapWith(Number),
};

/**
 * Won and lost counts and amounts per group (one row per group with a result, and one for projects
 * without a group): one statement.
 */
export function winRateRows(db: Db, accountId: number, groupBy: WinRateGroupBy, since: Date, teamOf: TeamOf) {
  const g = WIN_RATE_GROUPS[groupBy];
  return db
    .select({ ref: g.ref, ...counts })
    .from(projects)
    .leftJoin(g.table, eq(g.table.id, g.column))
    .where(results(projects, accountId, since, teamOf))
    .groupBy(g.table.id)
    .orderBy(sql`count(*) desc`, sql`${g.table.id} nulls last`);
}

/** The same per calendar quarter of closed_at (UTC), `2026-Q3`, oldest first. */
export function winRateRowsByQuarter(db: Db, accountId: number, since: Date, teamOf: TeamOf) {
  const quarter = sql<string>`to_char(${projects.closedAt} at time zone 'UTC', 'YYYY-"Q"Q')`;
  return db
    .select({ quarter, ...counts })
    .from(projects)
    .where(results(projects, accountId, since, teamOf))
    .groupBy(quarter)
    .orderBy(quarter);
}

/** Open projects with an amount: their entered probability (else their stage's default) and learned basis, to compare. */
export function openPursuitOdds(db: Db, accountId: number, teamOf: TeamOf) {
  return db
    .select({
      id: projects.id,
      amountInCents: projects.amountInCents,
      entered: sql<number | null>`coalesce(${projects.probability}, ${projectStages.defaultProbability})`,
      learned: learnedBasis(projects, accountId, teamOf),
    })
    .from(projects)
    .leftJoin(projectStages, eq(projectStages.id, projects.projectStageId))
    .where(and(eq(projects.accountId, accountId), isNull(projects.closeType), isNotNull(projects.amountInCents), inTeam(projects.id, teamOf)));
}
