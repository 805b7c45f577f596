// Revenue forecasting: how a project's amount spreads over the calendar months it runs, by curve
// (docs/forecast.md). Exact to the cent: the shares are rationals (a day count over the run's
// length), computed with integers and rounded half up once per month boundary, so the months of a
// project add up to its amount exactly and every reader computing the same formula gets the same
// numbers.

export const FORECAST_CURVES = ['s_curve', 'linear', 'front_loaded', 'back_loaded', 'manual'] as const;
export type ForecastCurve = (typeof FORECAST_CURVES)[number];

/** A month as `YYYY-MM`. */
export type Month = string;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (UTC). */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** The day numbers of the first and the last day of a month. */
export function monthBounds(month: Month): { first: number; last: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { first: Date.UTC(y, m - 1, 1) / 86_400_000, last: Date.UTC(y, m, 0) / 86_400_000 };
}

/** The month after `month`. */
export function nextMonth(month: Month): Month {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** `from` to `to`, both included. */
export function monthRange(from: Month, to: Month): Month[] {
  const out: Month[] = [];
  for (let m = from; m <= to; m = nextMonth(m)) out.push(m);
  return out;
}

/** How many months `from`..`to` spans, both included (negative when `to` is before `from`). */
export function monthCount(from: Month, to: Month): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
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

/** F(t) for t = k / D, as an exact ratio (the curve's cumulative share of the amount). */
function share(curve: Exclude<ForecastCurve, 'manual'>, k: bigint, D: bigint): Ratio {
  switch (curve) {
    case 'linear':
      return { n: k, d: D };
    case 's_curve': // 3t² − 2t³
      return { n: 3n * k * k * D - 2n * k * k * k, d: D * D * D };
    case 'front_loaded': // 1 − (1 − t)² = 2t − t²
      return { n: 2n * k * D - k * k, d: D * D };
    case 'back_loaded': // t²
      return { n: k * k, d: D * D };
  }
}

/** A decimal written in JavaScript's shortest form (`33.33`, `0.35`, `1e-7`) as an exact ratio. */
export function decimalRatio(value: number): Ratio {
  const [mantissa, exponent = '0'] = String(value).toLowerCase().split('e');
  const [whole, fraction = ''] = mantissa!.split('.');
  let n = BigInt(`${whole}${fraction}`.replace(/^(-?)0+(?=\d)/, '$1'));
  let d = 10n ** BigInt(fraction.length);
  const e = Number(exponent);
  if (e > 0) n *= 10n ** BigInt(e);
  else if (e < 0) d *= 10n ** BigInt(-e);
  return { n, d };
}

/** round(cents × ratio), half up: cents weighted by a probability or a percentage. */
export function weigh(cents: number, ratio: Ratio): number {
  if (cents === 0 || ratio.n === 0n) return 0;
  const negative = cents < 0;
  const value = Number(roundHalfUp({ n: BigInt(Math.abs(cents)) * ratio.n, d: ratio.d }));
  return negative ? -value : value;
}

/** round(cents × probability), half up, the probability read as the decimal it is written as. */
export function weighByProbability(cents: number, probability: number): number {
  return weigh(cents, decimalRatio(probability));
}

export interface MonthAmount {
  month: Month;
  cents: number;
}

/**
 * How `amountCents` spreads over the months of a run from `start` to `end` (both included): the
 * month covering days a..b of the run earns round(A·F(t1)) − round(A·F(t0)) with t0 = (a − start)/D
 * and t1 = (b − start + 1)/D; `manual` gives the cumulative percent at the end of each month
 * (p_k), the k-th month earning round(A·p_k/100) − round(A·p_{k−1}/100).
 */
export function spread(amountCents: number, start: string, end: string, curve: ForecastCurve, manualPercentages?: number[] | null): MonthAmount[] {
  const startDay = dayNumber(start);
  const endDay = dayNumber(end);
  const months = monthsSpanned(start, end);
  const A = BigInt(amountCents);
  let previous = 0n;
  return months.map((month, index) => {
    let cumulative: bigint;
    if (curve === 'manual') {
      const percent = decimalRatio(manualPercentages?.[index] ?? 100);
      cumulative = roundHalfUp({ n: A * percent.n, d: percent.d * 100n });
    } else {
      // Days of the run up to the month's end (or the run's), over the run's length.
      const elapsed = Math.min(endDay, monthBounds(month).last) - startDay + 1;
      const f = share(curve, BigInt(elapsed), BigInt(endDay - startDay + 1));
      cumulative = roundHalfUp({ n: A * f.n, d: f.d });
    }
    const cents = Number(cumulative - previous);
    previous = cumulative;
    return { month, cents };
  });
}

/**
 * Why manual percentages do not fit a run of `monthCount` months, or null when they do: one
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
