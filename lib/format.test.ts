import { describe, expect, it } from 'vitest';
import { centsToDollarsInput, dollarsToCents, formatCents, formatDate } from './format';

describe('money and dates', () => {
  it('turns typed dollars into exact cents', () => {
    expect(dollarsToCents('1,250,000.50')).toBe(125_000_050);
    expect(dollarsToCents('$ 19.99')).toBe(1999);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('12.345')).toBeNaN();
    expect(dollarsToCents('abc')).toBeNaN();
    expect(centsToDollarsInput(125_000_050)).toBe('1250000.50');
    expect(centsToDollarsInput(500)).toBe('5');
  });

  it('formats cents and calendar days in UTC', () => {
    expect(formatCents(123_456_700)).toBe('$1,234,567');
    expect(formatCents(null)).toBe('—');
    expect(formatDate('2027-03-01')).toBe('Mar 1, 2027');
  });
});
