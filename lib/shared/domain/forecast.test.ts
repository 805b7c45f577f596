import { describe, expect, it } from 'vitest';
import { companyForecast, decimalRatio, manualPercentagesProblem, monthlyCents, monthIndex, monthsSpanned, spread, weigh } from './forecast';

// Expected values computed by hand with exact fractions (Python's `fractions`, independently of this
// code): months of a run of D days, round half up of A·F(t) at each month's end.

const cents = (rows: { month: string; cents: number }[]) => rows.map((r) => [r.month, r.cents]);
const sum = (rows: { cents: number }[]) => rows.reduce((s, r) => s + r.cents, 0);

describe('spread', () => {
  it('splits $1,000.00 over January to March 2027 (90 days) by every curve', () => {
    const run = (curve: Parameters<typeof spread>[3]) => spread(100_000, '2027-01-01', '2027-03-31', curve);
    expect(cents(run('linear'))).toEqual([
      ['2027-01', 34_444],
      ['2027-02', 31_112],
      ['2027-03', 34_444],
    ]);
    expect(cents(run('s_curve'))).toEqual([
      ['2027-01', 27_419],
      ['2027-02', 45_162],
      ['2027-03', 27_419],
    ]);
    expect(cents(run('front_loaded'))).toEqual([
      ['2027-01', 57_025],
      ['2027-02', 31_111],
      ['2027-03', 11_864],
    ]);
    expect(cents(run('back_loaded'))).toEqual([
      ['2027-01', 11_864],
      ['2027-02', 31_111],
      ['2027-03', 57_025],
    ]);
  });

  it('crosses a year boundary (16 days of December, 15 of January)', () => {
    expect(cents(spread(1_234_567, '2026-12-16', '2027-01-15', 'linear'))).toEqual([
      ['2026-12', 637_196],
      ['2027-01', 597_371],
    ]);
    expect(cents(spread(1_234_567, '2026-12-16', '2027-01-15', 's_curve'))).toEqual([
      ['2026-12', 647_142],
      ['2027-01', 587_425],
    ]);
  });

  it('puts a one-day project in its month whole', () => {
    expect(cents(spread(500_050, '2027-05-15', '2027-05-15', 's_curve'))).toEqual([['2027-05', 500_050]]);
  });

  it('spreads a year-long S-curve over 13 months that add up to the amount exactly', () => {
    const rows = spread(120_000_000, '2027-01-15', '2028-01-14', 's_curve');
    expect(cents(rows)).toEqual([
      ['2027-01', 756_686],
      ['2027-02', 4_265_511],
      ['2027-03', 8_419_111],
      ['2027-04', 11_042_281],
      ['2027-05', 13_542_963],
      ['2027-06', 14_347_992],
      ['2027-07', 15_250_912],
      ['2027-08', 14_809_811],
      ['2027-09', 13_081_144],
      ['2027-10', 11_365_910],
      ['2027-11', 8_095_482],
      ['2027-12', 4_506_110],
      ['2028-01', 516_087],
    ]);
    expect(sum(rows)).toBe(120_000_000);
  });

  it('always adds up to the amount, whatever the curve, amount or dates', () => {
    for (const curve of ['linear', 's_curve', 'front_loaded', 'back_loaded'] as const) {
      for (const [amount, start, end] of [
        [1, '2027-01-31', '2027-02-01'],
        [99_999_999_999, '2026-02-27', '2031-07-04'],
        [7, '2028-02-29', '2028-03-01'],
      ] as const) {
        expect(sum(spread(amount, start, end, curve)), `${curve} ${amount} ${start}..${end}`).toBe(amount);
      }
    }
  });

  it('follows manual cumulative percentages, rounding each boundary half up', () => {
    // 100,001 × 20% = 20,000.2 → 20,000; × 50% = 50,000.5 → 50,001; the last month takes the rest.
    expect(cents(spread(100_001, '2027-01-10', '2027-03-05', 'manual', [20, 50, 100]))).toEqual([
      ['2027-01', 20_000],
      ['2027-02', 30_001],
      ['2027-03', 50_000],
    ]);
    expect(cents(spread(300, '2027-01-01', '2027-03-31', 'manual', [33.33, 66.66, 100]))).toEqual([
      ['2027-01', 100],
      ['2027-02', 100],
      ['2027-03', 100],
    ]);
  });
});

describe('manual percentages', () => {
  it('need one per month, 0 to 100, never decreasing, ending at exactly 100', () => {
    expect(manualPercentagesProblem([20, 50, 100], 3)).toBeNull();
    expect(manualPercentagesProblem([0, 0, 100], 3)).toBeNull();
    expect(manualPercentagesProblem([50, 100], 3)).toMatch(/one cumulative percentage per month/);
    expect(manualPercentagesProblem([50, 40, 100], 3)).toMatch(/must not decrease/);
    expect(manualPercentagesProblem([20, 50, 99.5], 3)).toMatch(/exactly 100/);
    expect(manualPercentagesProblem([-1, 50, 100], 3)).toMatch(/between 0 and 100/);
    expect(manualPercentagesProblem([20, 150, 100], 3)).toMatch(/between 0 and 100/);
  });
});

describe('weights and months', () => {
  it('weighs by a probability as the decimal written, half up', () => {
    expect(weigh(10_001, 0.5)).toBe(5_001); // 5,000.5 → 5,001
    expect(weigh(3, 0.35)).toBe(1); // 1.05 → 1
    expect(weigh(10, 0.35)).toBe(4); // 3.5 → 4 (0.35 as a float is below 0.35: read as written)
    expect(weigh(12_345, 0)).toBe(0);
    expect(weigh(12_345, 1)).toBe(12_345);
    expect(decimalRatio(1e-7)).toEqual({ n: 1n, d: 10_000_000n });
  });

  it('computes only the months asked for, the same as the whole run', () => {
    const run = { amountCents: 120_000_000, start: '2027-01-15', end: '2028-01-14', curve: 's_curve' as const };
    const all = monthlyCents(run);
    expect(monthlyCents(run, monthIndex('2027-06'), monthIndex('2027-08'))).toEqual(all.slice(5, 8));
    expect(monthlyCents(run, monthIndex('2028-01'), monthIndex('2030-12'))).toEqual(all.slice(12));
    expect(monthlyCents(run, monthIndex('2026-01'), monthIndex('2026-12'))).toEqual([]);
  });

  it('rounds exactly at a tie that floating point misses', () => {
    // 0.29 × 50 = 14.5 exactly; in floating point 14.499999999999998.
    expect(weigh(50, 0.29)).toBe(15);
    // 1,000,001 cents over 2 days, linear: day 1 earns 500,000.5 → 500,001.
    expect(spread(1_000_001, '2027-01-31', '2027-02-01', 'linear').map((r) => r.cents)).toEqual([500_001, 500_000]);
  });

  it('lists the months a run touches', () => {
    expect(monthsSpanned('2026-11-30', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
  });
});

describe('companyForecast', () => {
  const run = { startDate: '2027-01-01', endDate: '2027-03-31', forecastManualPercentages: null, stageDefaultProbability: null, probability: null };
  it('adds contracted, weighted and unweighted pipeline, backlog, targets and gaps month by month (hand-computed)', () => {
    const projects = [
      { ...run, won: true, amountInCents: 100_000, forecastCurve: 'linear' as const },
      { ...run, won: true, amountInCents: 5_000, forecastCurve: 'linear' as const, startDate: '2027-04-01', endDate: '2027-04-30' },
      { ...run, won: false, amountInCents: 100_000, forecastCurve: 's_curve' as const, probability: 0.5 },
      { ...run, won: false, amountInCents: 100_000, forecastCurve: 'linear' as const, stageDefaultProbability: 0.25 },
      { ...run, won: false, amountInCents: 3_000, forecastCurve: 'linear' as const, startDate: '2027-02-01', endDate: '2027-02-28' },
      { ...run, won: false, amountInCents: 7_000, forecastCurve: 'linear' as const, endDate: null },
      { ...run, won: true, amountInCents: null, forecastCurve: 'linear' as const },
    ];
    const f = companyForecast(
      projects,
      '2027-01',
      '2027-03',
      new Map([
        ['2027-01', 100_000],
        ['2027-02', 50_000],
      ]),
    );
    expect(f.months).toEqual([
      {
        month: '2027-01',
        contracted_in_cents: 34_444,
        weighted_pipeline_in_cents: 22_321,
        unweighted_pipeline_in_cents: 61_863,
        total_weighted_in_cents: 56_765,
        backlog_in_cents: 70_556,
        target_in_cents: 100_000,
        gap_in_cents: 43_235,
      },
      {
        month: '2027-02',
        contracted_in_cents: 31_112,
        weighted_pipeline_in_cents: 30_359,
        unweighted_pipeline_in_cents: 79_274,
        total_weighted_in_cents: 61_471,
        backlog_in_cents: 39_444,
        target_in_cents: 50_000,
        gap_in_cents: -11_471,
      },
      {
        month: '2027-03',
        contracted_in_cents: 34_444,
        weighted_pipeline_in_cents: 22_321,
        unweighted_pipeline_in_cents: 61_863,
        total_weighted_in_cents: 56_765,
        backlog_in_cents: 5_000,
        target_in_cents: null,
        gap_in_cents: null,
      },
    ]);
    expect(f.totals).toEqual({
      contracted_in_cents: 100_000,
      weighted_pipeline_in_cents: 75_001,
      unweighted_pipeline_in_cents: 203_000,
      total_weighted_in_cents: 175_001,
      backlog_in_cents: 115_000,
      target_in_cents: 150_000,
      gap_in_cents: 31_764,
    });
    expect(f.unscheduled).toEqual({ count: 2, amount_in_cents: 7_000 });
  });

  it('counts a won project that ended before the range nowhere, and one starting after it as backlog only', () => {
    const f = companyForecast(
      [
        { ...run, won: true, amountInCents: 9_000, forecastCurve: 'linear', startDate: '2026-01-01', endDate: '2026-06-30' },
        { ...run, won: true, amountInCents: 4_000, forecastCurve: 'back_loaded', startDate: '2028-01-01', endDate: '2028-12-31' },
      ],
      '2027-01',
      '2027-02',
      new Map(),
    );
    expect(f.months.map((m) => [m.contracted_in_cents, m.backlog_in_cents, m.target_in_cents, m.gap_in_cents])).toEqual([
      [0, 4_000, null, null],
      [0, 4_000, null, null],
    ]);
    expect(f.totals.target_in_cents).toBeNull();
  });
});
