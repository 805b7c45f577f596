import { describe, expect, it } from 'vitest';
import { DAY_MS, dayNumber, dayString, daysFromCivil } from './dates';
import { monthIndex } from './forecast';

describe('day numbers', () => {
  it('agree with Date.UTC on every day from 1899 to 2101 (leap years, centuries, 2000)', () => {
    for (let day = Date.UTC(1899, 0, 1) / DAY_MS; day <= Date.UTC(2101, 11, 31) / DAY_MS; day++) {
      const text = dayString(day);
      expect(dayNumber(text)).toBe(day);
    }
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1) - daysFromCivil(2000, 2, 28)).toBe(2);
    expect(daysFromCivil(1900, 3, 1) - daysFromCivil(1900, 2, 28)).toBe(1);
    expect(daysFromCivil(2100, 3, 1) - daysFromCivil(2100, 2, 28)).toBe(1);
  });

  it('read a month or a date as the month index', () => {
    expect(monthIndex('2027-01')).toBe(2027 * 12);
    expect(monthIndex('2027-12-31')).toBe(2027 * 12 + 11);
  });
});
