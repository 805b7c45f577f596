import { describe, expect, it } from 'vitest';
import { forecastVerdict, gapWords, wholeAwards } from './verdict';

const forecast = (target: number | null, weighted: number, rate: number | null = 0.25, average: number | null = 200_000_000) => ({
  months: Array.from({ length: 12 }, (_, i) => ({ target_in_cents: target === null || i === 11 ? null : 1 }) as never),
  totals: { target_in_cents: target, total_weighted_in_cents: weighted, gap_in_cents: target === null ? null : target - weighted } as never,
  closing_the_gap: { win_rate: rate, average_contract_in_cents: average } as never,
});

describe('the forecast in words', () => {
  it('says how far ahead, never a negative gap', () => {
    expect(forecastVerdict(forecast(1_000_000_000, 1_250_000_000))).toEqual({ tone: 'ahead', text: 'On track: $2,500,000 above the 11-month target.' });
    expect(gapWords(-250_000_000)).toBe('Ahead by $2,500,000');
    expect(gapWords(125_000)).toBe('Short by $1,250');
    expect(gapWords(0)).toBe('On target');
    expect(gapWords(null)).toBe('—');
  });

  it('says how short, and how many whole awards close it at the win rate', () => {
    // Gap $3,000,000 ÷ 25 % ÷ $2,000,000 average = 6 awards exactly.
    expect(forecastVerdict(forecast(1_000_000_000, 700_000_000))).toEqual({
      tone: 'short',
      text: 'Short by $3,000,000: about 6 more awards at your win rate of 25%.',
    });
    // $100,000 ÷ 25 % ÷ $2,000,000 = 0.2 of an award: still one more.
    expect(forecastVerdict(forecast(1_000_000_000, 990_000_000))!.text).toBe('Short by $100,000: about 1 more award at your win rate of 25%.');
    expect(wholeAwards(2.01)).toBe(3);
    expect(wholeAwards(3)).toBe(3);
  });

  it('says only the gap without a win rate, and nothing without a target', () => {
    expect(forecastVerdict(forecast(1_000_000_000, 700_000_000, null))!.text).toBe('Short by $3,000,000 of the 11-month target.');
    expect(forecastVerdict(forecast(null, 700_000_000))).toBeNull();
  });
});
