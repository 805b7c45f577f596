import { subMonths } from 'date-fns';
import type { Db } from '@/db';
import { LEARNING_MONTHS, openPursuitOdds, winRateRows, winRateRowsByQuarter, WIN_RATE_GROUPS } from '@/db/queries/insights';
import { findProjects } from '@/db/queries/projects';
import { projectJson } from '@/lib/server/serializers/projects';
import type { ProjectResponse } from '@/lib/shared/validation/projects';
import { ratio, suggestedProbability, winRate } from '@/lib/shared/domain/insights';
import { todayUtc } from '@/lib/shared/domain/projects';
import { companyRef, iso, namedRef, personRef } from '@/lib/server/serializers/common';
import { competitorRows } from '@/db/queries/bid-results';
import { pageWindow, type Page } from './paging';
import type { CompetitorResponse, CompetitorsQuery, WinRateResponse, WinRatesQuery } from '@/lib/shared/validation/insights';
import { teamOf, type CallerContext } from '@/lib/server/services/context';

/** The first day of the default window: today (UTC) 36 months back, as YYYY-MM-DD. */
export function defaultSince(now = new Date()): string {
  return todayUtc(subMonths(new Date(`${todayUtc(now)}T00:00:00Z`), LEARNING_MONTHS));
}

/** Win rates by a project relation over the won and lost projects closed since a day (docs/insights.md). */
export async function winRates(db: Db, ctx: CallerContext, query: WinRatesQuery): Promise<WinRateResponse[]> {
  const since = new Date(`${query.since ?? defaultSince()}T00:00:00Z`);
  if (query.group_by === 'quarter') {
    const rows = await winRateRowsByQuarter(db, ctx.accountId, since, teamOf(ctx));
    return rows.map((r) => rates({ id: r.quarter, name: `${r.quarter.slice(5)} ${r.quarter.slice(0, 4)}` }, r));
  }
  const kind = WIN_RATE_GROUPS[query.group_by].kind;
  const rows = await winRateRows(db, ctx.accountId, query.group_by, since, teamOf(ctx));
  return rows.map((r) => rates(kind === 'person' ? personRef(r.ref as never) : kind === 'company' ? companyRef(r.ref as never) : namedRef(r.ref as never), r));
}

/** Every company that bid on the caller's projects, the most met first (docs/bids-and-competitors.md). */
export async function competitors(db: Db, ctx: CallerContext, query: CompetitorsQuery): Promise<Page<CompetitorResponse>> {
  const filters = {
    since: query.since === undefined ? undefined : new Date(`${query.since}T00:00:00Z`),
    market_sector_id: query.market_sector_id,
    delivery_method_id: query.delivery_method_id,
    teamOf: teamOf(ctx),
  };
  const found = await competitorRows(db, ctx.accountId, filters, pageWindow(query));
  return {
    items: found.map((r) => ({
      company: companyRef(r.company)!,
      bids_against_us: r.bids,
      their_wins: r.theirWins,
      our_wins_when_both_bid: r.ourWins,
      head_to_head_win_rate: ratio(r.ourWins, r.ourWins + r.theirWinsHeadToHead),
      median_price_gap: r.medianGap === null ? null : Math.round(r.medianGap * 10_000) / 10_000,
      last_met_at: iso(r.lastMetAt),
    })),
    total: found[0]?.total ?? 0,
    page: query.page,
    perPage: query.per_page,
  };
}

interface Counts {
  won: number;
  lost: number;
  wonCents: number;
  lostCents: number;
}

function rates(group: WinRateResponse['group'], r: Counts): WinRateResponse {
  return {
    group,
    won_count: r.won,
    lost_count: r.lost,
    won_amount_in_cents: r.wonCents,
    lost_amount_in_cents: r.lostCents,
    win_rate: winRate(r.won, r.lost),
    amount_win_rate: ratio(r.wonCents, r.wonCents + r.lostCents),
  };
}

/**
 * The open pursuits where the learned odds and the entered ones disagree on the most money:
 * amount × |suggested − entered| (entered: the project's probability, else its stage's default),
 * largest first; one pass over the open projects, then their full records.
 */
export async function probabilityGaps(db: Db, ctx: CallerContext, limit: number): Promise<ProjectResponse[]> {
  const odds = await openPursuitOdds(db, ctx.accountId, teamOf(ctx));
  const ranked = odds
    .flatMap((o) => {
      if (o.entered === null || o.learned === null || o.amountInCents === null) return [];
      const gap = Math.abs(suggestedProbability(...o.learned).suggested_probability - o.entered);
      return gap > 0 ? [{ id: o.id, at: o.amountInCents * gap, amount: o.amountInCents }] : [];
    })
    .sort((x, y) => y.at - x.at || y.amount - x.amount || x.id - y.id)
    .slice(0, limit);
  const rows = await findProjects(
    db,
    projectJson(ctx.accountId, teamOf(ctx)),
    ctx.accountId,
    ranked.map((r) => r.id),
    teamOf(ctx),
  );
  const byId = new Map(rows.map((r) => [r.id, r.answer]));
  return ranked.flatMap((r) => byId.get(r.id) ?? []);
}
