// Revenue forecasting: how a project's amount spreads over the calendar months it runs, by curve
// (docs/forecast.md). Exact to the cent: each month earns round(A·F(t1)) − round(A·F(t0)), rounded
// half up, so the months of a project add up to its amount exactly and anyone computing the same
// formula gets the same numbers. The product is computed in floating point, which is exact enough
// to round correctly unless it lies within a hair of .5; only then is it computed again with
// integers (the shares are rationals: a day count over the run's length). A company forecast does
// this for tens of thousands of projects, so the common case must stay cheap.

import type { ForecastCurve } from '@/db/schema/enums';
import { dayNumber, daysFromCivil } from './dates';

export { FORECAST_CURVES, type ForecastCurve } from '@/db/schema/enums';

/** A month as `YYYY-MM`. */
export type Month = string;

export { dayNumber };

/** Months since January of year 0: `2027-01` → 2027 × 12 (a date `YYYY-MM-DD` reads as its month). */
export function monthIndex(month: Month): number {
  const d = (i: number) => month.charCodeAt(i) - 48;
  return (d(0) * 1000 + d(1) * 100 + d(2) * 10 + d(3)) * 12 + d(5) * 10 + d(6) - 1;
}

export function monthOfIndex(index: number): Month {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The day number of the last day of the month with this index: the day before the next month's first. */
function lastDayOf(index: number): number {
  const next = index + 1;
  return daysFromCivil(Math.floor(next / 12), (next % 12) + 1, 1) - 1;
}

/** `from` to `to`, both included. */
export function monthRange(from: Month, to: Month): Month[] {
  const out: Month[] = [];
  for (let i = monthIndex(from); i <= monthIndex(to); i++) out.push(monthOfIndex(i));
  return out;
}

/** The calendar months a run from `start` to `end` (both included) touches. */
export function monthsSpanned(start: string, end: string): Month[] {
  return monthRange(start.slice(0, 7), end.slice(0, 7));
}

/** A non-negative rational: numerator over denominator. */
interface Ratio {
  n: bigint;
  d: bigint;
}

/** round(value), half up, for a non-negative rational. */
function roundHalfUp({ n, d }: Ratio): bigint {
  return (2n * n + d) / (2n * d);
}

type Curve = Exclude<ForecastCurve, 'manual'>;

/** F(t) in floating point. */
function shareOf(curve: Curve, t: number): number {
  switch (curve) {
    case 'linear':
      return t;
    case 's_curve': // 3t² − 2t³
      return t * t * (3 - 2 * t);
    case 'front_loaded': // 1 − (1 − t)² = 2t − t²
      return t * (2 - t);
    case 'back_loaded': // t²
      return t * t;
  }
}

/** F(k / D) as an exact ratio. */
function exactShare(curve: Curve, k: bigint, D: bigint): Ratio {
  switch (curve) {
    case 'linear':
      return { n: k, d: D };
    case 's_curve':
      return { n: 3n * k * k * D - 2n * k * k * k, d: D * D * D };
    case 'front_loaded':
      return { n: 2n * k * D - k * k, d: D * D };
    case 'back_loaded':
      return { n: k * k, d: D * D };
  }
}

/**
 * round(x) half up, where `x` approximates the exact value `exact()` to within a few ulps: the
 * float answer stands unless x is so close to .5 that the error could cross it.
 */
function roundNear(x: number, exact: () => bigint): number {
  const floor = Math.floor(x);
  if (Math.abs(x - floor - 0.5) > x * 1e-14 + 1e-9) return x - floor > 0.5 ? floor + 1 : floor;
  return Number(exact());
}

/** round(A · F(k / D)), half up: the cents earned by day k of a run of D days. */
function cumulativeCents(A: number, curve: Curve, k: number, D: number): number {
  if (k >= D) return A;
  if (k <= 0) return 0;
  return roundNear(A * shareOf(curve, k / D), () => {
    const f = exactShare(curve, BigInt(k), BigInt(D));
    return roundHalfUp({ n: BigInt(A) * f.n, d: f.d });
  });
}

/** A decimal written in JavaScript's shortest form (`33.33`, `0.35`, `1e-7`) as an exact ratio. */
export function decimalRatio(value: number): Ratio {
  const [mantissa, exponent = '0'] = String(value).toLowerCase().split('e');
  const [whole, fraction = ''] = mantissa!.split('.');
  let n = BigInt(`${whole}${fraction}`);
  let d = 10n ** BigInt(fraction.length);
  const e = Number(exponent);
  if (e > 0) n *= 10n ** BigInt(e);
  else if (e < 0) d *= 10n ** BigInt(-e);
  return { n, d };
}

/** round(n / d) half up for non-negative integers whose products stay below 2^53, in Number arithmetic. */
function roundHalfUpSmall(n: number, d: number): number {
  const N = 2 * n + d;
  const M = 2 * d;
  let q = Math.floor(N / M);
  const r = N - q * M;
  if (r < 0) q -= 1;
  else if (r >= M) q += 1;
  return q;
}

/** round(cents × r), half up, for a ratio `r` known exactly (`ratio`) and approximately (`approx`). */
function scaleCents(cents: number, approx: number, ratio: () => Ratio): number {
  if (cents === 0 || approx === 0) return 0;
  const sign = cents < 0 ? -1 : 1;
  const a = Math.abs(cents);
  return (
    sign *
    roundNear(a * approx, () => {
      const r = ratio();
      // A probability's ratio is small (0.35 = 35/100): a × n and 2 × d fit in a double exactly.
      if (r.n < 1_000_000_000n && r.d < 1_000_000_000n && a < 4_000_000) return BigInt(roundHalfUpSmall(a * Number(r.n), Number(r.d)));
      return roundHalfUp({ n: BigInt(a) * r.n, d: r.d });
    })
  );
}

/** decimalRatio of the few probabilities an account uses, read once each. */
const ratios = new Map<number, Ratio>();
function cachedRatio(value: number): Ratio {
  let r = ratios.get(value);
  if (r === undefined) {
    r = decimalRatio(value);
    if (ratios.size < 10_000) ratios.set(value, r);
  }
  return r;
}

/** round(cents × value), half up, `value` read as the decimal it is written as (a probability). */
export function weigh(cents: number, value: number): number {
  return scaleCents(cents, value, () => cachedRatio(value));
}

/** round(A · p / 100), half up: the cents earned by the end of a month at p percent. */
function percentCents(A: number, percent: number): number {
  return scaleCents(A, percent / 100, () => {
    const r = decimalRatio(percent);
    return { n: r.n, d: r.d * 100n };
  });
}

/** What a project contributes to a forecast: its run, amount and curve. */
export interface Schedule {
  amountCents: number;
  start: string;
  end: string;
  curve: ForecastCurve;
  /** For `manual`: the cumulative percent at the end of each month of the run. */
  manualPercentages?: number[] | null;
}

/**
 * The cents of each month of `s` within months `fromIndex`..`toIndex` (month indexes), in order,
 * as `[index, cents]` pairs; months of the run outside the range are skipped without being computed.
 * The month covering days a..b of the run earns round(A·F(t1)) − round(A·F(t0)), t0 = (a − start)/D,
 * t1 = (b − start + 1)/D; `manual`: the k-th month earns round(A·p_k/100) − round(A·p_{k−1}/100).
 */
export function monthlyCents(s: Schedule, fromIndex = -Infinity, toIndex = Infinity): [number, number][] {
  const run = runOf(s);
  const lo = Math.max(run.first, fromIndex);
  const hi = Math.min(run.last, toIndex);
  const out: [number, number][] = [];
  let previous = run.cumulativeThrough(lo - 1);
  for (let i = lo; i <= hi; i++) {
    const cumulative = run.cumulativeThrough(i);
    out.push([i, cumulative - previous]);
    previous = cumulative;
  }
  return out;
}

function runOf(s: Schedule) {
  const startDay = dayNumber(s.start);
  const endDay = dayNumber(s.end);
  const D = endDay - startDay + 1;
  const first = monthIndex(s.start);
  const last = monthIndex(s.end);
  const cumulativeThrough = (index: number): number => {
    if (index < first) return 0;
    if (index >= last) return s.amountCents;
    if (s.curve === 'manual') return percentCents(s.amountCents, s.manualPercentages?.[index - first] ?? 100);
    return cumulativeCents(s.amountCents, s.curve, lastDayOf(index) - startDay + 1, D);
  };
  return { first, last, cumulativeThrough };
}

export interface MonthAmount {
  month: Month;
  cents: number;
}

/** Every month of a project's run with its cents (they add up to the amount). */
export function spread(amountCents: number, start: string, end: string, curve: ForecastCurve, manualPercentages?: number[] | null): MonthAmount[] {
  return monthlyCents({ amountCents, start, end, curve, manualPercentages }).map(([i, cents]) => ({ month: monthOfIndex(i), cents }));
}

/**
 * Why manual percentages do not fit a run of `months` months, or null when they do: one
 * cumulative percent per month, each 0 to 100, never decreasing, the last exactly 100.
 */
export function manualPercentagesProblem(percentages: number[], months: number): string | null {
  if (percentages.length !== months) return `must have one cumulative percentage per month the project spans (${months}), not ${percentages.length}`;
  for (let i = 0; i < percentages.length; i++) {
    const p = percentages[i]!;
    if (!(p >= 0 && p <= 100)) return `must each be between 0 and 100 (entry ${i + 1} is ${p})`;
    if (i > 0 && p < percentages[i - 1]!) return `must not decrease (entry ${i + 1}, ${p}, is below ${percentages[i - 1]})`;
  }
  if (percentages.at(-1) !== 100) return 'must end at exactly 100 (the whole amount by the last month)';
  return null;
}

// ---- the company forecast ----

/** One open or won project as the company forecast reads it. */
export interface ForecastProject {
  won: boolean;
  amountInCents: number | null;
  startDate: string | null;
  endDate: string | null;
  forecastCurve: ForecastCurve;
  forecastManualPercentages: number[] | null;
  probability: number | null;
  stageDefaultProbability: number | null;
}

export interface ForecastMonth {
  month: Month;
  contracted_in_cents: number;
  weighted_pipeline_in_cents: number;
  unweighted_pipeline_in_cents: number;
  total_weighted_in_cents: number;
  backlog_in_cents: number;
  target_in_cents: number | null;
  gap_in_cents: number | null;
}

export type ForecastTotals = Omit<ForecastMonth, 'month'>;

export interface CompanyForecast {
  months: ForecastMonth[];
  totals: ForecastTotals;
  unscheduled: { count: number; amount_in_cents: number };
}

/** Won projects count whole; open ones by their probability, else their stage's default, else 0. */
export function probabilityOf(p: Pick<ForecastProject, 'probability' | 'stageDefaultProbability'>): number {
  return p.probability ?? p.stageDefaultProbability ?? 0;
}

/**
 * The company forecast over months `from`..`to`, in one pass over the projects: contracted (won),
 * pipeline (open) unweighted and weighted month by month (each project's month rounded half up),
 * backlog (won revenue scheduled after the month), and the gap to each month's target.
 */
export function companyForecast(projects: ForecastProject[], from: Month, to: Month, targets: Map<Month, number>): CompanyForecast {
  const lo = monthIndex(from);
  const hi = monthIndex(to);
  const n = hi - lo + 1;
  const contracted = new Array<number>(n).fill(0);
  const weighted = new Array<number>(n).fill(0);
  const unweighted = new Array<number>(n).fill(0);
  const backlog = new Array<number>(n).fill(0);
  const unscheduled = { count: 0, amount_in_cents: 0 };
  for (const p of projects) {
    if (p.startDate === null || p.endDate === null || p.amountInCents === null) {
      unscheduled.count += 1;
      unscheduled.amount_in_cents += p.amountInCents ?? 0;
      continue;
    }
    const schedule: Schedule = {
      amountCents: p.amountInCents,
      start: p.startDate,
      end: p.endDate,
      curve: p.forecastCurve,
      manualPercentages: p.forecastManualPercentages,
    };
    if (p.won) {
      // Backlog after a month: the amount less what is earned through it.
      const run = runOf(schedule);
      let previous = run.cumulativeThrough(lo - 1);
      for (let i = 0; i < n && lo + i <= run.last; i++) {
        // After the run's last month all is earned: no revenue, no backlog.
        const earned = run.cumulativeThrough(lo + i);
        contracted[i]! += earned - previous;
        backlog[i]! += p.amountInCents - earned;
        previous = earned;
      }
    } else {
      const probability = probabilityOf(p);
      const run = runOf(schedule);
      const last = Math.min(run.last, hi);
      let previous = run.cumulativeThrough(Math.max(run.first, lo) - 1);
      for (let index = Math.max(run.first, lo); index <= last; index++) {
        const cumulative = run.cumulativeThrough(index);
        const cents = cumulative - previous;
        previous = cumulative;
        unweighted[index - lo]! += cents;
        weighted[index - lo]! += weigh(cents, probability);
      }
    }
  }
  const months: ForecastMonth[] = contracted.map((c, i) => {
    const month = monthOfIndex(lo + i);
    const target = targets.get(month) ?? null;
    const total = c + weighted[i]!;
    return {
      month,
      contracted_in_cents: c,
      weighted_pipeline_in_cents: weighted[i]!,
      unweighted_pipeline_in_cents: unweighted[i]!,
      total_weighted_in_cents: total,
      backlog_in_cents: backlog[i]!,
      target_in_cents: target,
      gap_in_cents: target === null ? null : target - total,
    };
  });
  const sum = (key: keyof ForecastTotals) => months.reduce((s, m) => s + (m[key] ?? 0), 0);
  const sumOrNull = (key: 'target_in_cents' | 'gap_in_cents') => (months.some((m) => m[key] !== null) ? sum(key) : null);
  return {
    months,
    totals: {
      contracted_in_cents: sum('contracted_in_cents'),
      weighted_pipeline_in_cents: sum('weighted_pipeline_in_cents'),
      unweighted_pipeline_in_cents: sum('unweighted_pipeline_in_cents'),
      total_weighted_in_cents: sum('total_weighted_in_cents'),
      backlog_in_cents: sum('backlog_in_cents'),
      target_in_cents: sumOrNull('target_in_cents'),
      gap_in_cents: sumOrNull('gap_in_cents'),
    },
    unscheduled,
  };
}
