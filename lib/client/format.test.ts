import { describe, expect, it } from 'vitest';
import {
  centsToDollarsInput,
  dollarsToCents,
  formatCents,
  formatDate,
  formatRelative,
  fromDateTimeLocal,
  localDayIso,
  toDateTimeLocal,
  websiteHref,
} from './format';

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

describe('local days and times', () => {
  it('counts days in the local calendar and round-trips datetime-local values', () => {
    const now = new Date(2026, 2, 31, 23, 30); // 31 March, local time
    expect(localDayIso(0, now)).toBe('2026-03-31');
    expect(localDayIso(1, now)).toBe('2026-04-01');
    expect(localDayIso(-31, now)).toBe('2026-02-28');
    const local = toDateTimeLocal(now);
    expect(local).toBe('2026-03-31T23:30');
    expect(fromDateTimeLocal(local)).toBe(now.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(fromDateTimeLocal('')).toBeNull();
    expect(websiteHref('acme.com')).toBe('https://acme.com');
    expect(websiteHref('http://acme.com')).toBe('http://acme.com');
  });
});

describe('relative times', () => {
  it('says how long ago or how far ahead, in the largest whole unit', () => {
    const now = new Date('2027-03-10T12:00:00Z');
    expect(formatRelative('2027-03-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2027-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2027-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelative('2027-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelative('2027-03-13T12:00:00Z', now)).toBe('in 3 days');
    expect(formatRelative('2026-12-01T12:00:00Z', now)).toBe('3 months ago');
  });
});
