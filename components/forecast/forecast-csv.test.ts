import { describe, expect, it } from 'vitest';
import { forecastCsv } from './forecast-csv';
import { centsToDecimal } from './money';

const row = (month: string, contracted: number, target: number | null) => ({
  month,
  contracted_in_cents: contracted,
  weighted_pipeline_in_cents: 5,
  unweighted_pipeline_in_cents: 10,
  total_weighted_in_cents: contracted + 5,
  backlog_in_cents: 0,
  target_in_cents: target,
  gap_in_cents: target === null ? null : target - contracted - 5,
});

describe('forecastCsv', () => {
  it('writes dollars with two decimals, a header, a row per month and the totals', () => {
    const months = [row('2027-01', 123_456_789, 200_000_000), row('2027-02', 1, null)];
    const csv = forecastCsv({
      from: '2027-01',
      to: '2027-02',
      snapshot_id: null,
      probability_source: 'entered',
      months,
      totals: { ...row('', 123_456_790, 200_000_000), weighted_pipeline_in_cents: 10, unweighted_pipeline_in_cents: 20, total_weighted_in_cents: 123_456_800 },
      unscheduled: { count: 0, amount_in_cents: 0 },
      closing_the_gap: { since: '2024-01-01', won_count: 0, lost_count: 0, win_rate: null, average_contract_in_cents: null, months: [] },
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Month,Contracted,Weighted pipeline,Unweighted pipeline,Total weighted,Target,Gap,Backlog');
    expect(lines[1]).toBe('2027-01,1234567.89,0.05,0.10,1234567.94,2000000.00,765432.06,0.00');
    expect(lines[2]).toBe('2027-02,0.01,0.05,0.10,0.06,,,0.00');
    expect(lines[3]!.startsWith('Total,1234567.90,')).toBe(true);
  });

  it('keeps the sign of negative amounts (a gap beyond the target)', () => {
    expect(centsToDecimal(-105)).toBe('-1.05');
    expect(centsToDecimal(0)).toBe('0.00');
  });
});
