import { describe, expect, it } from 'vitest';
import { backfillIntervals, dayNumber, dayString, demand, mergeIntervals, periodCount, periods, utilization, weekday, workingDays } from './workforce';

// Expected values counted by hand on a calendar of January 2027 (the 1st is a Friday; Mondays are
// the 4th, 11th, 18th and 25th; 21 working days).

const d = dayNumber;
const span = (start: string, end: string) => ({ start: d(start), end: d(end) });

describe('working days', () => {
  it('counts Monday to Friday, both ends included', () => {
    expect(weekday(d('2027-01-04'))).toBe(0);
    expect(weekday(d('2027-01-10'))).toBe(6);
    expect(workingDays(d('2027-01-04'), d('2027-01-10'))).toBe(5);
    expect(workingDays(d('2027-01-06'), d('2027-01-08'))).toBe(3);
    expect(workingDays(d('2027-01-09'), d('2027-01-10'))).toBe(0);
    expect(workingDays(d('2027-01-08'), d('2027-01-11'))).toBe(2);
    expect(workingDays(d('2027-01-01'), d('2027-01-31'))).toBe(21);
    expect(workingDays(d('2027-01-05'), d('2027-01-04'))).toBe(0);
    // Before 1970 too: 1969-12-29 was a Monday.
    expect(workingDays(d('1969-12-29'), d('1970-01-04'))).toBe(5);
  });

  it('round-trips dates', () => {
    expect(dayString(d('2028-02-29'))).toBe('2028-02-29');
  });

  it('merges overlapping and touching time off', () => {
    expect(mergeIntervals([span('2027-01-11', '2027-01-12'), span('2027-01-04', '2027-01-06'), span('2027-01-07', '2027-01-08')])).toEqual([
      span('2027-01-04', '2027-01-08'),
      span('2027-01-11', '2027-01-12'),
    ]);
  });
});

describe('periods', () => {
  it('lists whole weeks from the Monday of the first day', () => {
    expect(periods('2027-01-06', '2027-01-20', 'week').map((p) => [dayString(p.start), dayString(p.end)])).toEqual([
      ['2027-01-04', '2027-01-10'],
      ['2027-01-11', '2027-01-17'],
      ['2027-01-18', '2027-01-24'],
    ]);
    expect(periodCount('2027-01-06', '2027-01-20', 'week')).toBe(3);
    expect(periodCount('2027-01-04', '2029-12-30', 'week')).toBe(156);
  });

  it('lists calendar months across a year boundary', () => {
    expect(periods('2026-11-15', '2027-02-01', 'month').map((p) => [dayString(p.start), dayString(p.end)])).toEqual([
      ['2026-11-01', '2026-11-30'],
      ['2026-12-01', '2026-12-31'],
      ['2027-01-01', '2027-01-31'],
      ['2027-02-01', '2027-02-28'],
    ]);
    expect(periodCount('2026-11-15', '2027-02-01', 'month')).toBe(4);
  });
});

describe('utilization', () => {
  const weeks = periods('2027-01-04', '2027-01-17', 'week');

  it('takes time off from capacity and from assignments, and counts a mid-week start', () => {
    const cells = utilization(
      {
        startDate: null,
        timeOff: [span('2027-01-06', '2027-01-07')], // Wednesday and Thursday
        assignments: [
          { ...span('2027-01-05', '2027-02-28'), allocationPercent: 50 }, // from Tuesday, half time
          { ...span('2027-01-07', '2027-01-20'), allocationPercent: 100 }, // from Thursday
        ],
      },
      weeks,
    );
    // Week 1: capacity 5 − 2 = 3; the 50 % one has Tue and Fri (2 × 0.5 = 1), the other Fri (1): 2 days, 66.7 %.
    // Week 2: capacity 5; 5 × 0.5 + 5 = 7.5 days, 150 %.
    expect(cells).toEqual([
      { start: '2027-01-04', capacity_days: 3, assigned_days: 2, time_off_days: 2, utilization_percent: 66.7 },
      { start: '2027-01-11', capacity_days: 5, assigned_days: 7.5, time_off_days: 0, utilization_percent: 150 },
    ]);
  });

  it('counts capacity from an employee start mid-period, and none before it', () => {
    const cells = utilization(
      { startDate: d('2027-01-13'), timeOff: [], assignments: [{ ...span('2027-01-04', '2027-01-17'), allocationPercent: 50 }] },
      weeks,
    );
    // Before the start the capacity is 0 (utilization null); in week 2, Wednesday to Friday: 3 days.
    expect(cells[0]).toEqual({ start: '2027-01-04', capacity_days: 0, assigned_days: 2.5, time_off_days: 0, utilization_percent: null });
    expect(cells[1]).toEqual({ start: '2027-01-11', capacity_days: 3, assigned_days: 2.5, time_off_days: 0, utilization_percent: 83.3 });
  });

  it('works by calendar month', () => {
    const [jan] = utilization(
      { startDate: null, timeOff: [span('2027-01-25', '2027-01-29')], assignments: [{ ...span('2026-12-01', '2027-03-31'), allocationPercent: 35 }] },
      periods('2027-01-01', '2027-01-31', 'month'),
    );
    // 21 working days, 5 off: capacity 16; assigned 0.35 × 16 = 5.6 days; 35 %.
    expect(jan).toEqual({ start: '2027-01-01', capacity_days: 16, assigned_days: 5.6, time_off_days: 5, utilization_percent: 35 });
  });
});

describe('demand', () => {
  it('weighs pursuits, counts headcount net of time off, and computes the shortfall', () => {
    const [week] = demand(
      [1, 2, 3],
      [
        // Role 1: a won project full time all week; an open one at 40 %, half time Wednesday to Friday.
        { roleId: 1, ...span('2027-01-01', '2027-03-31'), awardedPercent: 100, pursuitPercent: 0, pursuitWeightedPercent: 0 },
        { roleId: 1, ...span('2027-01-13', '2027-01-15'), awardedPercent: 0, pursuitPercent: 50, pursuitWeightedPercent: 50 * 0.4 },
        // Role 2: two won assignments full time.
        { roleId: 2, ...span('2027-01-11', '2027-01-17'), awardedPercent: 200, pursuitPercent: 0, pursuitWeightedPercent: 0 },
      ],
      [
        { roleId: 1, startDate: null, timeOff: [] },
        { roleId: 1, startDate: null, timeOff: [span('2027-01-11', '2027-01-12')] },
        { roleId: 2, startDate: null, timeOff: [] },
      ],
      periods('2027-01-11', '2027-01-17', 'week'),
    );
    // Role 1: awarded 1; pursuit 0.5 × 3 ÷ 5 = 0.3, weighted 0.12; headcount 1 + 3/5 = 1.6; no shortfall.
    expect(week!.get(1)).toEqual({ headcount_fte: 1.6, awarded_fte: 1, pursuit_fte: 0.3, pursuit_weighted_fte: 0.12, shortfall_fte: 0 });
    // Role 2: awarded 2 against 1 person: short by 1.
    expect(week!.get(2)).toEqual({ headcount_fte: 1, awarded_fte: 2, pursuit_fte: 0, pursuit_weighted_fte: 0, shortfall_fte: 1 });
    // Role 3: nobody, no work.
    expect(week!.get(3)).toEqual({ headcount_fte: 0, awarded_fte: 0, pursuit_fte: 0, pursuit_weighted_fte: 0, shortfall_fte: 0 });
  });

  it('rounds FTE of a month to two decimals (1 day of 21 at 100 % is 0.05)', () => {
    const [jan] = demand(
      [1],
      [{ roleId: 1, ...span('2027-01-29', '2027-02-05'), awardedPercent: 100, pursuitPercent: 0, pursuitWeightedPercent: 0 }],
      [],
      periods('2027-01-01', '2027-01-31', 'month'),
    );
    // 1 working day (Friday the 29th) of 21: 0.047… → 0.05.
    expect(jan!.get(1)!.awarded_fte).toBe(0.05);
    expect(jan!.get(1)!.shortfall_fte).toBe(0.05);
  });
});

describe('backfill', () => {
  it('covers the working days of the overlap, trimmed to working days', () => {
    // Time off Saturday 9th to Sunday 17th over an assignment to the 14th: Monday 11th to Thursday 14th.
    expect(backfillIntervals(span('2027-01-04', '2027-01-14'), span('2027-01-09', '2027-01-17'))).toEqual([span('2027-01-11', '2027-01-14')]);
    // A weekend only: nothing.
    expect(backfillIntervals(span('2027-01-04', '2027-01-31'), span('2027-01-09', '2027-01-10'))).toEqual([]);
  });
});
