// Workforce planning's rules (docs/workforce-planning.md), exactly: working days, the periods of a
// grid, utilization per person and demand against headcount per role. Pure functions over rows the
// database returns in a fixed number of statements; one pass, no query per record.
//
// Dates are `YYYY-MM-DD` strings at the edges and whole day numbers (days since 1970-01-01, UTC)
// inside. Working days are Monday to Friday; every interval is inclusive at both ends.

import { DAY_MS, dayNumber, dayString } from './dates';

export { dayNumber, dayString };

/** 0 for Monday … 6 for Sunday (1970-01-01, day 0, was a Thursday). */
export function weekday(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Working days in [0, k) counted from a Monday. */
function workingBefore(k: number): number {
  const weeks = Math.floor(k / 7);
  return 5 * weeks + Math.min(k - 7 * weeks, 5);
}

/** Monday-to-Friday days from `a` to `b`, both included; 0 when `b` is before `a`. */
export function workingDays(a: number, b: number): number {
  if (b < a) return 0;
  return workingBefore(b + 4) - workingBefore(a + 3);
}

export interface Interval {
  start: number;
  end: number;
}

/** Overlapping or touching intervals merged, in order: time off counted once however it is entered. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((x, y) => x.start - y.start);
  const merged: Interval[] = [];
  for (const i of sorted) {
    const last = merged.at(-1);
    if (last && i.start <= last.end + 1) last.end = Math.max(last.end, i.end);
    else merged.push({ ...i });
  }
  return merged;
}

/** Working days of [a, b] inside the merged intervals. */
function workingDaysIn(a: number, b: number, merged: readonly Interval[]): number {
  let n = 0;
  for (const i of merged) {
    if (i.start > b) break;
    n += workingDays(Math.max(a, i.start), Math.min(b, i.end));
  }
  return n;
}

export type PlanInterval = 'week' | 'month';
export const MAX_PERIODS: Record<PlanInterval, number> = { week: 156, month: 36 };

/**
 * The weeks (Monday to Sunday) or calendar months that cover `from`..`to`, whole: a range starting
 * on a Wednesday starts with that week's Monday.
 */
export function periods(from: string, to: string, interval: PlanInterval): Interval[] {
  const out: Interval[] = [];
  const last = dayNumber(to);
  if (interval === 'week') {
    for (let start = dayNumber(from) - weekday(dayNumber(from)); start <= last; start += 7) out.push({ start, end: start + 6 });
    return out;
  }
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7)) - 1;
  for (;;) {
    const start = Date.UTC(year, month, 1) / DAY_MS;
    if (start > last) return out;
    out.push({ start, end: Date.UTC(year, month + 1, 1) / DAY_MS - 1 });
    month += 1;
    if (month === 12) [year, month] = [year + 1, 0];
  }
}

/** How many periods the range spans, without listing them (to refuse a range too long). */
export function periodCount(from: string, to: string, interval: PlanInterval): number {
  if (interval === 'week') {
    const first = dayNumber(from) - weekday(dayNumber(from));
    return Math.floor((dayNumber(to) - first) / 7) + 1;
  }
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
}

/** Half up to `places` decimals, for values that are exact or within float noise of exact. */
export function roundTo(value: number, places: number): number {
  const f = 10 ** places;
  return Math.round(value * f + (value >= 0 ? 1e-9 : -1e-9)) / f;
}

// ── Utilization ─────────────────────────────────────────────────────────────────────────────

export interface PlanAssignment {
  start: number;
  end: number;
  allocationPercent: number;
}

export interface PlanEmployee {
  /** null: every working day of a period is available. */
  startDate: number | null;
  timeOff: readonly Interval[];
  assignments: readonly PlanAssignment[];
}

export interface UtilizationCell {
  start: string;
  capacity_days: number;
  assigned_days: number;
  time_off_days: number;
  utilization_percent: number | null;
}

/**
 * One employee across the periods:
 * - `time_off_days`: working days of the period in their time off;
 * - `capacity_days`: working days of the period on or after their start date, minus `time_off_days`;
 * - `assigned_days`: Σ allocation / 100 × the working days of the period inside an assignment's
 *   dates that are not time off;
 * - `utilization_percent`: 100 × assigned ÷ capacity to one decimal, null when capacity is 0.
 * Days are exact in hundredths (allocations are whole percents), so no rounding is needed there.
 */
export function utilization(employee: PlanEmployee, grid: readonly Interval[]): UtilizationCell[] {
  const off = mergeIntervals(employee.timeOff);
  return grid.map((p) => {
    const timeOff = workingDaysIn(p.start, p.end, off);
    const from = employee.startDate === null ? p.start : Math.max(p.start, employee.startDate);
    const capacity = Math.max(0, workingDays(from, p.end) - timeOff);
    // Σ allocation × days: the assigned days in hundredths, an integer.
    let hundredths = 0;
    for (const a of employee.assignments) {
      const s = Math.max(p.start, a.start);
      const e = Math.min(p.end, a.end);
      if (e < s) continue;
      hundredths += a.allocationPercent * (workingDays(s, e) - workingDaysIn(s, e, off));
    }
    return {
      start: dayString(p.start),
      capacity_days: capacity,
      assigned_days: hundredths / 100,
      time_off_days: timeOff,
      utilization_percent: capacity === 0 ? null : roundTo(hundredths / capacity, 1),
    };
  });
}

// ── Demand against headcount ────────────────────────────────────────────────────────────────

/** Assignments of one role over the same dates, their allocations summed by kind of project. */
export interface DemandRow {
  roleId: number;
  start: number;
  end: number;
  /** Σ allocation_percent of the assignments on won projects. */
  awardedPercent: number;
  /** Σ allocation_percent on open projects. */
  pursuitPercent: number;
  /** Σ allocation_percent × the project's probability on open projects. */
  pursuitWeightedPercent: number;
}

export interface HeadcountEmployee {
  roleId: number;
  startDate: number | null;
  timeOff: readonly Interval[];
}

export interface RoleDemand {
  headcount_fte: number;
  awarded_fte: number;
  pursuit_fte: number;
  pursuit_weighted_fte: number;
  shortfall_fte: number;
}

/**
 * Per period, per role: an assignment's FTE is allocation / 100 × its working days in the period ÷
 * the period's working days; awarded (won projects), pursuit (open) and pursuit weighted by
 * probability; headcount is Σ over the role's counted employees of capacity_days ÷ the period's
 * working days; shortfall = max(0, awarded + weighted − headcount). Sums are kept exact (integers
 * over a common denominator) where the inputs are integers, and rounded to two decimals last.
 */
export function demand(
  roleIds: readonly number[],
  rows: readonly DemandRow[],
  employees: readonly HeadcountEmployee[],
  grid: readonly Interval[],
): Map<number, RoleDemand>[] {
  return grid.map((p) => {
    const days = workingDays(p.start, p.end);
    const sums = new Map(roleIds.map((id) => [id, { capacity: 0, awarded: 0, pursuit: 0, weighted: 0 }]));
    for (const r of rows) {
      const s = sums.get(r.roleId);
      if (!s) continue;
      const d = workingDays(Math.max(p.start, r.start), Math.min(p.end, r.end));
      if (d === 0) continue;
      s.awarded += r.awardedPercent * d;
      s.pursuit += r.pursuitPercent * d;
      s.weighted += r.pursuitWeightedPercent * d;
    }
    for (const e of employees) {
      const s = sums.get(e.roleId);
      if (!s) continue;
      const timeOff = workingDaysIn(p.start, p.end, e.timeOff);
      const from = e.startDate === null ? p.start : Math.max(p.start, e.startDate);
      s.capacity += Math.max(0, workingDays(from, p.end) - timeOff);
    }
    const out = new Map<number, RoleDemand>();
    for (const [roleId, s] of sums) {
      // allocation% × days ÷ (100 × days of the period) = FTE; capacity days ÷ days of the period = FTE.
      const awarded = s.awarded / (100 * days);
      const weighted = s.weighted / (100 * days);
      const headcount = s.capacity / days;
      out.set(roleId, {
        headcount_fte: roundTo(headcount, 2),
        awarded_fte: roundTo(awarded, 2),
        pursuit_fte: roundTo(s.pursuit / (100 * days), 2),
        pursuit_weighted_fte: roundTo(weighted, 2),
        shortfall_fte: roundTo(Math.max(0, awarded + weighted - headcount), 2),
      });
    }
    return out;
  });
}

/**
 * The working days of an assignment an employee's time off takes away, as the intervals an
 * unfilled assignment would cover (backfill): each overlap trimmed to its first and last working
 * day; overlaps without a working day give nothing.
 */
export function backfillIntervals(assignment: Interval, timeOff: Interval): Interval[] {
  let start = Math.max(assignment.start, timeOff.start);
  let end = Math.min(assignment.end, timeOff.end);
  while (start <= end && weekday(start) > 4) start += 1;
  while (end >= start && weekday(end) > 4) end -= 1;
  return end < start ? [] : [{ start, end }];
}
