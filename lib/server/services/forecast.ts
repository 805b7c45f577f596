import type { Db } from '@/db';
import {
  accountsWithoutSnapshotSince,
  closedRecord,
  deleteRevenueTargets,
  findSnapshot,
  forecastInputs,
  insertSnapshot,
  latestSnapshotSince,
  listRevenueTargets,
  listSnapshots,
  projectSchedule,
  slipsSince,
  snapshotInputs,
  upsertRevenueTargets,
  type DayRange,
  type ForecastInput,
} from '@/db/queries/forecast';
import { companyForecast, dayNumber, monthIndex, monthOfIndex, spread, type Month } from '@/lib/shared/domain/forecast';
import { suggestedProbability, winRate } from '@/lib/shared/domain/insights';
import { todayUtc } from '@/lib/shared/domain/projects';
import type { LearnedBasis } from '@/db/queries/insights';
import { serializeSnapshot, serializeSlip } from '@/lib/server/serializers/forecast';
import { invalidField, notFound } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import { teamOf, type CallerContext } from '@/lib/server/services/context';
import type {
  ForecastQuery,
  ForecastResponse,
  ProjectForecastResponse,
  RevenueTargetResponse,
  RevenueTargetsPut,
  RevenueTargetsQuery,
  SlipResponse,
  SlipsQuery,
  SnapshotListQuery,
  SnapshotResponse,
} from '@/lib/shared/validation/forecast';
import { MAX_FORECAST_MONTHS } from '@/lib/shared/validation/forecast';

// The forecast (docs/forecast.md): what each project earns month by month, and the company's
// revenue, backlog and weighted pipeline against its targets — from one statement per input and
// one pass over the projects (lib/shared/domain/forecast.ts).

const WEEK_MS = 7 * 86_400_000;

/** How far back the win rate and the average contract are read. */
const RECORD_MONTHS = 36;

const firstDay = (month: Month) => `${month}-01`;
function lastDay(month: Month): string {
  const next = monthOfIndex(monthIndex(month) + 1);
  return new Date((dayNumber(`${next}-01`) - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** A project's months: revenue, cumulative, and cost and margin on the same curve. */
export async function projectForecast(db: Db, ctx: CallerContext, id: number): Promise<ProjectForecastResponse> {
  const p = await projectSchedule(db, ctx.accountId, id, teamOf(ctx));
  if (!p) throw notFound('Project');
  const missing = (
    [
      ['start_date', p.startDate],
      ['end_date', p.endDate],
      ['amount', p.amountInCents],
    ] as const
  )
    .filter(([, value]) => value === null)
    .map(([field]) => field);
  const base = { project_id: String(p.id), curve: p.forecastCurve, amount_in_cents: p.amountInCents, estimated_cost_in_cents: p.estimatedCostInCents };
  if (p.startDate === null || p.endDate === null || p.amountInCents === null) return { ...base, months: [], missing };
  const revenue = spread(p.amountInCents, p.startDate, p.endDate, p.forecastCurve, p.forecastManualPercentages);
  const cost = p.estimatedCostInCents === null ? null : spread(p.estimatedCostInCents, p.startDate, p.endDate, p.forecastCurve, p.forecastManualPercentages);
  let cumulative = 0;
  const months = revenue.map(({ month, cents }, i) => {
    cumulative += cents;
    const c = cost?.[i]?.cents ?? null;
    return { month, revenue_in_cents: cents, cumulative_in_cents: cumulative, cost_in_cents: c, margin_in_cents: c === null ? null : cents - c };
  });
  return { ...base, months, missing };
}

/** The company forecast over a range of months, now or as a snapshot kept it. */
/** An open project weighted by its learned probability instead of the entered one (won projects have no basis). */
function withSuggestedProbability(p: ForecastInput & { learned: LearnedBasis | null }): ForecastInput {
  return p.learned ? { ...p, probability: suggestedProbability(...p.learned).suggested_probability } : p;
}

export async function forecast(db: Db, ctx: CallerContext, query: ForecastQuery, now = new Date()): Promise<ForecastResponse> {
  const from = query.from ?? todayUtc(now).slice(0, 7);
  const to = query.to ?? monthOfIndex(monthIndex(from) + 17);
  // Only `to` given: `from` defaults to this month, and the pair must still be a valid range.
  if (to < from) throw invalidField('to', `must not be before from (${from})`);
  if (monthIndex(to) - monthIndex(from) + 1 > MAX_FORECAST_MONTHS)
    throw invalidField('to', `must be within ${MAX_FORECAST_MONTHS} months of from (${from}, both included)`);
  const range: DayRange = { first: firstDay(from), last: lastDay(to) };
  if (query.snapshot_id !== undefined && !(await findSnapshot(db, ctx.accountId, query.snapshot_id))) throw notFound('Snapshot');
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - RECORD_MONTHS);
  const [projects, targets, record] = await Promise.all([
    query.snapshot_id === undefined
      ? forecastInputs(db, ctx.accountId, { ...query, teamOf: teamOf(ctx) }, range, query.probability_source === 'suggested').then((rows) =>
          query.probability_source === 'suggested' ? rows.map(withSuggestedProbability) : rows,
        )
      : snapshotInputs(db, ctx.accountId, query.snapshot_id, { ...query, teamOf: teamOf(ctx) }, range),
    listRevenueTargets(db, ctx.accountId, range),
    closedRecord(db, ctx.accountId, since, teamOf(ctx)),
  ]);
  const result = companyForecast(projects, from, to, new Map(targets.map((t) => [t.month.slice(0, 7), t.amountInCents])));
  const rate = winRate(record.won, record.lost);
  const average = record.averageWonCents;
  return {
    from,
    to,
    snapshot_id: query.snapshot_id === undefined ? null : String(query.snapshot_id),
    probability_source: query.probability_source,
    ...result,
    closing_the_gap: {
      since: todayUtc(since),
      won_count: record.won,
      lost_count: record.lost,
      win_rate: rate,
      average_contract_in_cents: average,
      months: result.months
        .filter((m) => m.gap_in_cents !== null && m.gap_in_cents > 0)
        .map((m) => ({
          month: m.month,
          gap_in_cents: m.gap_in_cents!,
          awards_needed: rate && average ? Math.round((m.gap_in_cents! / rate / average) * 100) / 100 : null,
        })),
    },
  };
}

// ---- targets ----

export async function listTargets(db: Db, ctx: CallerContext, query: RevenueTargetsQuery): Promise<RevenueTargetResponse[]> {
  const range =
    query.from || query.to ? { first: query.from ? firstDay(query.from) : '0001-01-01', last: query.to ? lastDay(query.to) : '9999-12-31' } : undefined;
  const rows = await listRevenueTargets(db, ctx.accountId, range);
  return rows.map((r) => ({ month: r.month.slice(0, 7), amount_in_cents: r.amountInCents }));
}

/** Sets the months given (null clears one) in one transaction; every target of the account after it. */
export async function putTargets(db: Db, ctx: CallerContext, input: RevenueTargetsPut): Promise<RevenueTargetResponse[]> {
  return db.transaction(async (tx) => {
    await upsertRevenueTargets(
      tx,
      ctx.accountId,
      input.filter((t) => t.amount_in_cents !== null).map((t) => ({ month: firstDay(t.month), amountInCents: t.amount_in_cents! })),
    );
    await deleteRevenueTargets(
      tx,
      ctx.accountId,
      input.filter((t) => t.amount_in_cents === null).map((t) => firstDay(t.month)),
    );
    return listTargets(tx, ctx, {});
  });
}

// ---- snapshots and slips ----

export async function takeSnapshot(db: Db, ctx: CallerContext, now = new Date()): Promise<SnapshotResponse> {
  return db.transaction(async (tx) => {
    const id = await insertSnapshot(tx, ctx.accountId, 'manual', ctx.userId, now);
    return serializeSnapshot((await findSnapshot(tx, ctx.accountId, id, teamOf(ctx)))!);
  });
}

/** The weekly snapshot of an account, unless one was taken in the last seven days. */
export async function takeWeeklySnapshot(db: Db, accountId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await latestSnapshotSince(tx, accountId, new Date(now.getTime() - WEEK_MS), { lock: true })) return false;
    await insertSnapshot(tx, accountId, 'scheduled', null, now);
    return true;
  });
}

/** Every account's weekly snapshot that is due (none in the last seven days); how many were taken. */
export async function takeDueWeeklySnapshots(db: Db, now = new Date()): Promise<number> {
  let taken = 0;
  for (const accountId of await accountsWithoutSnapshotSince(db, new Date(now.getTime() - WEEK_MS))) {
    if (await takeWeeklySnapshot(db, accountId, now)) taken += 1;
  }
  return taken;
}

export async function listForecastSnapshots(db: Db, ctx: CallerContext, query: SnapshotListQuery): Promise<Page<SnapshotResponse>> {
  return toPage(query, await listSnapshots(db, ctx.accountId, query, pageWindow(query), teamOf(ctx)), serializeSnapshot);
}

export async function getForecastSnapshot(db: Db, ctx: CallerContext, id: number): Promise<SnapshotResponse> {
  const row = await findSnapshot(db, ctx.accountId, id, teamOf(ctx));
  if (!row) throw notFound('Snapshot');
  return serializeSnapshot(row);
}

/** Projects whose start moved later, or whose amount or probability changed, since a snapshot. */
export async function forecastSlips(db: Db, ctx: CallerContext, query: SlipsQuery): Promise<SlipResponse[]> {
  if (!(await findSnapshot(db, ctx.accountId, query.since_snapshot_id))) throw notFound('Snapshot');
  return (await slipsSince(db, ctx.accountId, query.since_snapshot_id, teamOf(ctx))).map(serializeSlip);
}
