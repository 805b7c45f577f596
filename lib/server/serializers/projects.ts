import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { renderedOnce } from '@/db/queries/sql';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { liveWeights } from '@/db/queries/go-no-go';
import { learnedBasis, learningSince } from '@/db/queries/insights';
import type { TeamOf } from '@/db/queries/project-access';
import { projectRelations as rel, type ProjectAnswer } from '@/db/queries/projects';
import { projectStatusSql } from '@/db/queries/project-status';
import { MIN_GROUP_RESULTS, type SuggestedProbability } from '@/lib/shared/domain/insights';
import { accounts, bidResults, projects as p } from '@/db/schema';
import { PRICE_TO_WIN_MIN, priceRatiosBySector } from '@/db/queries/bid-results';
import { alias } from 'drizzle-orm/pg-core';
import type { ProjectResponse } from '@/lib/shared/validation/projects';
import { addressJson, baseJson, dollarsJson, isoJson, jsonObject, refJson, roundHalfUp } from './sql';

// The one Project shape (`Project` in the OpenAPI document), built by PostgreSQL as leads are
// (./leads.ts): pages, single reads and the echo of writes select it. Its derived fields are
// computed in the statement, against the database's clock in UTC, by the rules they always had
// (date-fns's months, JavaScript's rounding: float8 arithmetic is IEEE 754 double as JavaScript's
// numbers; tests/api/project-json.test.ts); the learned probability and the go / no-go score are
// the formulas of lib/shared/domain/insights.ts, which the dashboard applies too.

/** Today's date in UTC. */
const today = sql`(now() at time zone 'UTC')::date`;
const utcDate = (column: AnyPgColumn) => sql`(${column} at time zone 'UTC')::date`;

/** `stageAge`: whole days in the current stage, never negative. */
const stageAge = sql`greatest(0, floor(extract(epoch from now() - ${p.stageEnteredAt}) / 86400))::int`;

/** `pursuitDuration`: calendar days from creation to award; while open, to today; closed without an award date, to the close. */
const pursuitDuration = sql`greatest(0, coalesce(${p.awardDate}, ${utcDate(p.closedAt)}, ${today}) - ${utcDate(p.createdAt)})`;

/**
 * `projectDuration`: whole months from start to end date, as date-fns 4's differenceInMonths
 * counts them. The calendar months between the two (signed), less one when the last month is not
 * full: the end date moved back by those months (keeping its day, which overflows into the next
 * month as a JavaScript Date's does; an end date after the 27th of February first becomes
 * "February 30th") passes the start date. A month ending on the last day of a month is full.
 */
export function monthsBetween(start: SQL | AnyPgColumn, end: SQL | AnyPgColumn): SQL {
  const sign = sql`sign(${end} - ${start})::int`;
  const months = sql`abs(12 * (extract(year from ${end}) - extract(year from ${start})) + extract(month from ${end}) - extract(month from ${start}))::int`;
  const endOfFebruary = sql`extract(month from ${end}) = 2 and extract(day from ${end}) > 27`;
  // (Dates truncated as timestamps without time zone: the session's time zone plays no part.)
  const monthOf = (day: SQL | AnyPgColumn) => sql`date_trunc('month', ${day}::timestamp)`;
  const working = sql`(case when ${endOfFebruary} then ${monthOf(end)}::date + 29 else ${end} end)`;
  const movedBack = sql`((${monthOf(working)} - make_interval(months => ${sign} * ${months}))::date + (extract(day from ${working})::int - 1))`;
  const lastDayOfMonth = sql`${end} = (${monthOf(end)} + interval '1 month - 1 day')::date`;
  const notFull = sql`(sign(${movedBack} - ${start}) = -${sign} and not (${lastDayOfMonth} and ${months} = 1 and ${end} > ${start}))`;
  return sql`case when ${start} is null or ${end} is null then null when ${months} < 1 then 0
    else ${sign} * (${months} - ${notFull}::int) end`;
}

/** `pricePer`: dollars per unit of the divisor, to the cent; null when either side is missing or zero. */
export const pricePer = (amountInCents: SQL | AnyPgColumn, divisor: SQL | AnyPgColumn) =>
  sql`case when ${amountInCents} is not null and ${divisor} <> 0 then ${roundHalfUp(sql`${amountInCents}::float8 / ${divisor}`)} / 100 end`;

/** `projectStatus` (db/queries/project-status.ts). */
const projectStatus = projectStatusSql(p, today);

/** The alias of the learned probability's lateral row in a projects statement. */
const LEARNED = 'learned';

const learned = {
  probability: sql<number | null>`${sql.identifier(LEARNED)}.probability`,
  basis: sql<SuggestedProbability['suggested_probability_basis'] | null>`${sql.identifier(LEARNED)}.basis`,
  priceToWin: sql<ProjectResponse['price_to_win']>`${sql.identifier(LEARNED)}.price_to_win`,
};

/**
 * An open project's price to win: the 25th and 75th percentiles of winning ÷ our price over its
 * market sector's closed projects (`priceRatiosBySector`, read from `r`), times its amount, to the
 * cent (half up); null without an amount, a sector, or PRICE_TO_WIN_MIN such projects.
 */
function priceToWin(r: SQL): SQL {
  const sector = sql`(${r} -> (${p.marketSectorId}::text))`;
  const cents = (i: number) => sql`${roundHalfUp(sql`(${sector} ->> ${sql.raw(String(i))})::float8 * ${p.amountInCents}`)}::bigint`;
  return sql`case when ${p.amountInCents} is not null and (${sector} ->> 0)::int >= ${sql.raw(String(PRICE_TO_WIN_MIN))}
    then json_build_object('low_in_cents', ${cents(1)}, 'high_in_cents', ${cents(2)},
      'basis', json_build_object('count', (${sector} ->> 0)::int, 'market_sector_id', ${p.marketSectorId}::text)) end`;
}

/**
 * An open project's learned probability and its basis, as `suggestedProbability` computes them:
 * (won + 1) ÷ (won + lost + 2) over the market sector's results, or the account's when the sector
 * has fewer than MIN_GROUP_RESULTS, to four decimals. A lateral row of the projects statement
 * (joined on true), none for a closed project; `learned` names its columns.
 */
function learnedProbability(accountId: Placeholder, teamOf: Placeholder | undefined): SQL {
  const counts = learnedBasis(p, accountId, teamOf);
  // `offset 0` keeps `counts` a subquery of its own: pulled up, each of the five uses of `b` below
  // would copy the expression, and its two reads of the bid history with it (six InitPlans, not two).
  return sql`(select ${roundHalfUp(sql`(c.won + 1)::float8 / (c.won + c.lost + 2) * 10000`)} / 10000 as probability,
      json_build_object('group_by', c.group_by, 'won', c.won, 'lost', c.lost) as basis,
      ${priceToWin(sql`ratios.r`)} as price_to_win
    from (select ${counts} as b offset 0) counts
    cross join (select ${priceRatiosBySector(accountId, teamOf, learningSince)} as r offset 0) ratios
    cross join lateral (select (b #>> '{0,0}')::int + (b #>> '{0,1}')::int >= ${sql.raw(String(MIN_GROUP_RESULTS))} as by_sector) s
    cross join lateral (select case when s.by_sector then 'market_sector' else 'account' end as group_by,
      (b -> (case when s.by_sector then 0 else 1 end) ->> 0)::int as won,
      (b -> (case when s.by_sector then 0 else 1 end) ->> 1)::int as lost) c
    where b is not null) ${sql.identifier(LEARNED)}`;
}

const WINNER = 'awarded';
const winner = alias(bidResults, WINNER);

/** Us, as a Company reference: the account's name, and no id (we are no company of the directory). */
const usJson = jsonObject([
  ['id', sql`null`],
  ['created_at', sql`null`],
  ['updated_at', sql`null`],
  ['name', sql`(select ${accounts.name} from ${accounts} where ${accounts.id} = ${p.accountId})`],
  ['website', sql`null`],
]);

/** `awarded_to`: the winning bidder's company, or us (our result won, or the project closed as won without a winner recorded). */
const awardedTo = sql`coalesce(
  (select case when ${winner.isUs} then ${usJson} else ${refJson(rel.company, winner.companyId)} end
    from ${bidResults} ${sql.identifier(WINNER)} where ${winner.projectId} = ${p.id} and ${winner.isWinner}),
  case when ${p.closeType} = 'won' then ${usJson} end)`;

/** `bid_count`: the project's bid results, ours included. */
const bidCount = sql`(select count(*)::int from ${bidResults} where ${bidResults.projectId} = ${p.id})`;

/** `goNoGoScore`: Σ weight × (answer − 1) ÷ 4 ÷ Σ weight × 100 over the live criteria answered, two decimals; null with none. */
function goNoGoScore(accountId: Placeholder): SQL {
  return sql`(select ${roundHalfUp(sql`sum(w.value::int * (a.value::float8 - 1) / 4) / sum(w.value::int) * 10000`)} / 100
    from jsonb_each_text(${p.goNoGoAnswers}) a join jsonb_each_text(${liveWeights(accountId)}) w on w.key = a.key)`;
}

/**
 * The project as the account's projects statements (db/queries/projects.ts) answer it to a caller
 * who sees `teamOf`'s projects: each open one's learned probability is a lateral row of the
 * statement; the account's live go / no-go weights are read once per statement.
 */
export function projectJson(accountId: number, teamOf: TeamOf): ProjectAnswer<ProjectResponse> {
  return {
    json: projectObject({ accountId }),
    lateral: teamOf === undefined ? learnedJoin.all({ accountId }) : learnedJoin.team({ accountId, teamOf }),
  };
}

/** Rendered once (db/queries/sql.ts): for callers who see every project, and for those who see their teams'. */
const learnedJoin = {
  all: renderedOnce(['accountId'], (v) => learnedProbability(v.accountId, undefined)),
  team: renderedOnce(['accountId', 'teamOf'], (v) => learnedProbability(v.accountId, v.teamOf)),
};

const projectObject = renderedOnce(
  ['accountId'],
  ({ accountId }) =>
    sql<ProjectResponse>`${jsonObject([
      ...baseJson(p),
      ['name', p.name],
      ['description', p.description],
      ['project_number', p.projectNumber],
      ['external_id', p.externalId],
      ['stage_age', stageAge],
      ['project_duration', monthsBetween(p.startDate, p.endDate)],
      ['pursuit_duration', pursuitDuration],
      ['square_feet', p.squareFeet],
      ['units', p.units],
      ['probability', p.probability],
      ['suggested_probability', learned.probability],
      ['suggested_probability_basis', learned.basis],
      ['price_to_win', learned.priceToWin],
      ['estimated_cost', dollarsJson(p.estimatedCostInCents)],
      ['forecast_curve', p.forecastCurve],
      ['forecast_manual_percentages', p.forecastManualPercentages],
      ['price_per_square_foot', pricePer(p.amountInCents, p.squareFeet)],
      ['price_per_unit', pricePer(p.amountInCents, p.units)],
      ['amount', dollarsJson(p.amountInCents)],
      ['project_status', projectStatus],
      ['close_type', p.closeType],
      ['closed_at', isoJson(p.closedAt)],
      ['award_date', p.awardDate],
      ['bid_due_date', p.bidDueDate],
      ['start_date', p.startDate],
      ['end_date', p.endDate],
      ['bid_due_at', isoJson(p.bidDueAt)],
      ['bid_due_at_includes_time', p.bidDueAtIncludesTime],
      ['work_scope', p.workScope],
      ['address', addressJson(p)],
      ['assigned_to', refJson(rel.assignedTo, p.assignedToId)],
      ['created_by', refJson(rel.createdBy, p.createdById)],
      ['company', refJson(rel.company, p.companyId)],
      ['contact', refJson(rel.contact, p.contactId)],
      ['contract_type', refJson(rel.contractType, p.contractTypeId)],
      ['division', refJson(rel.division, p.divisionId)],
      ['import', refJson(rel.import, p.importId)],
      ['lead_source', refJson(rel.leadSource, p.leadSourceId)],
      ['loss_reason', refJson(rel.lossReason, p.lossReasonId)],
      ['market_sector', refJson(rel.marketSector, p.marketSectorId)],
      ['tender_type', refJson(rel.tenderType, p.tenderTypeId)],
      ['delivery_method', refJson(rel.deliveryMethod, p.deliveryMethodId)],
      ['project_stage', refJson(rel.projectStage, p.projectStageId)],
      ['awarded_to', awardedTo],
      ['bid_count', bidCount],
      ['custom_fields', p.customFields],
      ['estimating_hours', p.estimatingHours],
      [
        'go_no_go',
        jsonObject([
          ['answers', p.goNoGoAnswers],
          ['score', goNoGoScore(accountId)],
          ['decision', p.goNoGoDecision],
          ['decided_by', refJson(rel.goNoGoDecidedBy, p.goNoGoDecidedById)],
          ['decided_at', isoJson(p.goNoGoDecidedAt)],
        ]),
      ],
    ])}`,
);
