import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { bidResults, companies, projects } from '@/db/schema';
import { inTeam, type TeamOf } from './project-access';
import { companyRefColumns, namedRefColumns } from './refs';
import { orderBySort, type PageWindow, pageWithTotal, rows, type SortKey, timestampSorts } from './sql';
import { ofAccount, oneRow, updatedSince } from './tenant';

const bidResultSelection = {
  bidResult: bidResults,
  project: namedRefColumns(projects),
  company: companyRefColumns(companies),
};

/** Bid results with their project and bidder, by joins: one statement whatever the page size. */
function selectBidResults(db: Db) {
  return db
    .select(bidResultSelection)
    .from(bidResults)
    .innerJoin(projects, eq(projects.id, bidResults.projectId))
    .leftJoin(companies, eq(companies.id, bidResults.companyId));
}

export type BidResultRow = Awaited<ReturnType<ReturnType<typeof selectBidResults>['execute']>>[number];
export type BidResultRecord = typeof bidResults.$inferSelect;

const sortColumns = {
  ...timestampSorts(bidResults),
  rank: bidResults.rank,
  amount_in_cents: bidResults.amountInCents,
};
export type BidResultSortKey = SortKey<typeof sortColumns>;

/** The list query's filters (lib/shared/validation/bid-results.ts), by their API names. */
export interface BidResultFilters {
  project_id?: number;
  company_id?: number;
  updated_since?: Date;
  sort?: BidResultSortKey;
  /** Only the results of this user's teams' projects (project access `team`). */
  teamOf?: TeamOf;
}

function filterWhere(accountId: number, f: BidResultFilters): SQL | undefined {
  return and(
    eq(bidResults.accountId, accountId),
    f.project_id !== undefined ? eq(bidResults.projectId, f.project_id) : undefined,
    f.company_id !== undefined ? eq(bidResults.companyId, f.company_id) : undefined,
    updatedSince(bidResults.updatedAt, f.updated_since),
    inTeam(bidResults.projectId, f.teamOf),
  );
}

/** A page of bid results: by default the lowest price first (rank, then amount, unknowns last), ties by id. */
export async function listBidResults(db: Db, accountId: number, filters: BidResultFilters, page: PageWindow) {
  const where = filterWhere(accountId, filters);
  const order = filters.sort
    ? orderBySort(filters.sort, sortColumns, bidResults.id)
    : [sql`${bidResults.rank} asc nulls last`, sql`${bidResults.amountInCents} asc nulls last`, sql`${bidResults.id} asc`];
  return pageWithTotal(db, selectBidResults(db).$dynamic(), bidResults, where, order, page);
}

/** One result with its project and bidder (if the caller sees its project); `lock`: its row locked. */
export function findBidResult(db: Db, accountId: number, id: number, lock = false, teamOf?: TeamOf): Promise<BidResultRow | undefined> {
  return oneRow(selectBidResults(db).where(and(ofAccount(bidResults, accountId, id), inTeam(bidResults.projectId, teamOf))), bidResults, lock);
}

/** Another row of the project than `exceptId` that already holds the winner, our bid, or this company's bid. */
export async function clashingResult(
  db: Db,
  projectId: number,
  exceptId: number | null,
  want: { isWinner: boolean; isUs: boolean; companyId: number | null },
): Promise<{ winner: boolean; us: boolean; company: boolean }> {
  const others = await db
    .select({ isWinner: bidResults.isWinner, isUs: bidResults.isUs, companyId: bidResults.companyId })
    .from(bidResults)
    .where(and(eq(bidResults.projectId, projectId), exceptId === null ? undefined : sql`${bidResults.id} <> ${exceptId}`));
  return {
    winner: want.isWinner && others.some((o) => o.isWinner),
    us: want.isUs && others.some((o) => o.isUs),
    company: want.companyId !== null && others.some((o) => o.companyId === want.companyId),
  };
}

/**
 * Locks the project (if the caller sees it) against other writes of its results: two bidders
 * marked winner at once wait for each other, so the second is refused as a 422, not a race.
 */
export async function lockProjectForResults(db: Db, accountId: number, projectId: number, teamOf?: TeamOf): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(ofAccount(projects, accountId, projectId), inTeam(projects.id, teamOf)))
    .for('no key update');
  return row !== undefined;
}

/** The project a result of the account belongs to (it never changes), or undefined. */
export async function projectOfResult(db: Db, accountId: number, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ projectId: bidResults.projectId })
    .from(bidResults)
    .where(ofAccount(bidResults, accountId, id));
  return row?.projectId;
}

// ---- what the results say of a project: who won, at what price, against whom ----
// One definition of the winner for the project's `awarded_to`, its filters, the competitors'
// head-to-head and the price to win (docs/bids-and-competitors.md): the result marked winner;
// without one, a project closed as won was won by us. Our price is our own result's amount, else
// the project's amount (the bid we entered on it).

/** The projects where a company bid (`competitor_id`). */
export const companyBidOn = (projectId: AnyPgColumn, companyId: number): SQL =>
  sql`exists (select 1 from ${bidResults} where ${bidResults.projectId} = ${projectId} and ${bidResults.companyId} = ${companyId})`;

/** The projects a company won (`awarded_to_id`). */
export const companyWon = (projectId: AnyPgColumn, companyId: number): SQL =>
  sql`exists (select 1 from ${bidResults} where ${bidResults.projectId} = ${projectId} and ${bidResults.companyId} = ${companyId} and ${bidResults.isWinner})`;

/** At least this many closed projects of the sector with both prices known make a price to win. */
export const PRICE_TO_WIN_MIN = 5;

const CLOSED = 'ptw_closed';
const closed = alias(projects, CLOSED);
const WINNER = 'ptw_winner';
const winner = alias(bidResults, WINNER);
const OUR_BID_OF = 'ptw_ours';
const ourBidOf = alias(bidResults, OUR_BID_OF);

/**
 * Per market sector, over the projects closed in the learning window (36 months, as the learned
 * probability's) that the caller sees, with the winning price and ours both known:
 * `{"<sector id>": [count, p25, p75]}` of winning ÷ ours (percentile_cont: linear between ranks).
 * Uncorrelated: PostgreSQL computes it once per statement, whatever the number of projects.
 */
export function priceRatiosBySector(accountId: number | Placeholder, teamOf: TeamOf | Placeholder, since: SQL): SQL {
  // Joins, not a subquery per project: the closed projects are scanned once and the results hashed.
  const ours = sql`coalesce(${ourBidOf.amountInCents}, ${closed.amountInCents})`;
  const winning = sql`case when ${winner.id} is null then case when ${closed.closeType} = 'won' then ${ours} end
    when ${winner.isUs} then ${ours} else ${winner.amountInCents} end`;
  return sql`(select coalesce(jsonb_object_agg(r.sector, jsonb_build_array(r.n, r.p25, r.p75)), '{}'::jsonb) from (
    select w.sector, count(*) as n,
      percentile_cont(0.25) within group (order by w.ratio) as p25,
      percentile_cont(0.75) within group (order by w.ratio) as p75
    from (select ${closed.marketSectorId}::text as sector, (${winning})::float8 / ${ours} as ratio
      from ${projects} ${sql.identifier(CLOSED)}
      left join ${bidResults} ${sql.identifier(WINNER)} on ${winner.projectId} = ${closed.id} and ${winner.isWinner}
      left join ${bidResults} ${sql.identifier(OUR_BID_OF)} on ${ourBidOf.projectId} = ${closed.id} and ${ourBidOf.isUs}
      where ${closed.accountId} = ${accountId} and ${closed.closeType} is not null and ${closed.closedAt} >= ${since}
        and ${closed.marketSectorId} is not null and ${ours} > 0 ${teamOf === undefined ? sql`` : sql`and ${inTeam(closed.id, teamOf)}`}) w
    where w.ratio is not null
    group by w.sector) r)`;
}

/** The competitors insight's filters. */
export interface CompetitorFilters {
  /** Results met on or after this midnight UTC. */
  since?: Date;
  market_sector_id?: number;
  delivery_method_id?: number;
  teamOf?: TeamOf;
}

export interface CompetitorRow {
  company: { id: number; createdAt: Date; updatedAt: Date; name: string; website: string | null };
  bids: number;
  theirWins: number;
  ourWins: number;
  theirWinsHeadToHead: number;
  medianGap: number | null;
  lastMetAt: Date;
  total: number;
}

const BID = 'bid';
const bid = alias(bidResults, BID);
const MET = 'met_project';
const met = alias(projects, MET);
const AWARD = 'award';
const award = alias(bidResults, AWARD);
const OURS = 'ours';
const ours = alias(bidResults, OURS);

/**
 * Every company that bid on the caller's projects, with how it fared against us: one statement
 * (one row per company, its page and the number of companies by a window count). A project is
 * met when its bid was due (bid_due_at, else bid_due_date), else when it closed, else when the
 * result was recorded; we bid on it when it has our result or closed as won or lost.
 */
export async function competitorRows(db: Db, accountId: number, f: CompetitorFilters, page: PageWindow): Promise<CompetitorRow[]> {
  const metAt = sql`coalesce(${met.bidDueAt}, (${met.bidDueDate}::timestamp at time zone 'UTC'), ${met.closedAt}, ${bid.createdAt})`;
  const ourWin = sql`(${award.id} is null and ${met.closeType} = 'won' or coalesce(${award.isUs}, false))`;
  const weBid = sql`(${ours.id} is not null or ${met.closeType} in ('won', 'lost'))`;
  const ourPrice = sql`coalesce(${ours.amountInCents}, ${met.amountInCents})`;
  const where = and(
    eq(bid.accountId, accountId),
    sql`${bid.companyId} is not null`,
    f.market_sector_id !== undefined ? eq(met.marketSectorId, f.market_sector_id) : undefined,
    f.delivery_method_id !== undefined ? eq(met.deliveryMethodId, f.delivery_method_id) : undefined,
    f.since !== undefined ? sql`${metAt} >= ${f.since.toISOString()}::timestamptz` : undefined,
    inTeam(met.id, f.teamOf),
  );
  const result = await rows<{
    id: string;
    created_at: string;
    updated_at: string;
    name: string;
    website: string | null;
    bids: number;
    their_wins: number;
    our_wins: number;
    their_h2h: number;
    median_gap: number | null;
    last_met_at: string;
    total: number;
  }>(
    db,
    sql`select ${companies.id} as id, ${companies.createdAt} as created_at, ${companies.updatedAt} as updated_at, ${companies.name} as name,
      ${companies.website} as website,
      count(*)::int as bids,
      (count(*) filter (where ${bid.isWinner}))::int as their_wins,
      (count(*) filter (where ${ourWin}))::int as our_wins,
      (count(*) filter (where ${bid.isWinner} and ${weBid}))::int as their_h2h,
      percentile_cont(0.5) within group (order by (${bid.amountInCents} - ${ourPrice})::float8 / ${ourPrice})
        filter (where ${bid.amountInCents} is not null and ${ourPrice} > 0) as median_gap,
      max(${metAt}) as last_met_at,
      (count(*) over ())::int as total
    from ${bidResults} ${sql.identifier(BID)}
    join ${projects} ${sql.identifier(MET)} on ${met.id} = ${bid.projectId}
    join ${companies} on ${companies.id} = ${bid.companyId}
    left join ${bidResults} ${sql.identifier(AWARD)} on ${award.projectId} = ${met.id} and ${award.isWinner}
    left join ${bidResults} ${sql.identifier(OURS)} on ${ours.projectId} = ${met.id} and ${ours.isUs}
    where ${where}
    group by ${companies.id}
    order by count(*) desc, lower(${companies.name}), ${companies.id}
    limit ${page.limit} offset ${page.offset}`,
  );
  return result.map((r) => ({
    company: { id: Number(r.id), createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at), name: r.name, website: r.website },
    bids: Number(r.bids),
    theirWins: Number(r.their_wins),
    ourWins: Number(r.our_wins),
    theirWinsHeadToHead: Number(r.their_h2h),
    medianGap: r.median_gap === null ? null : Number(r.median_gap),
    lastMetAt: new Date(r.last_met_at),
    total: Number(r.total),
  }));
}

/** The project's results as bare rows (an import's award and upserts compare against them). */
export function resultsOfProject(db: Db, accountId: number, projectId: number): Promise<BidResultRecord[]> {
  return db
    .select()
    .from(bidResults)
    .where(and(eq(bidResults.accountId, accountId), eq(bidResults.projectId, projectId)))
    .orderBy(bidResults.id);
}
