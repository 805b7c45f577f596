import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { date, DATE_PATTERN, isApiDate, month, MONTH_PATTERN, timestamp, TIMESTAMP_PATTERN, timestampOf } from './common';

// The one check of every date, month and timestamp the API takes (docs/api.md#dates-and-times):
// the years 1900 to 2200, and inside them exactly what zod's ISO checks take.

const zodDate = z.iso.date();
const zodTimestamp = z.iso.datetime({ offset: true });
const OUT_OF_RANGE_YEARS = ['0000', '0001', '0099', '0100', '1000', '1899', '2201', '9999'];

function* days(from: string, to: string) {
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) yield new Date(t).toISOString().slice(0, 10);
}

describe('dates, months and timestamps: 1900 to 2200', () => {
  it('takes every real day from 1900-01-01 to 2200-12-31, as zod does, and none outside', () => {
    let n = 0;
    for (const day of days('1900-01-01', '2200-12-31')) {
      if (!DATE_PATTERN.test(day)) throw new Error(`${day} refused`);
      n += 1;
    }
    expect(n).toBe(109_938);
    for (const day of [...days('1899-12-01', '1899-12-31'), ...days('2201-01-01', '2201-01-31')]) expect(DATE_PATTERN.test(day), day).toBe(false);
  });

  it('agrees with zod on every month-day text of the range, leap days included', () => {
    for (let y = 1900; y <= 2200; y++) {
      for (let m = 1; m <= 12; m++) {
        for (let d = 0; d <= 32; d++) {
          const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          if (DATE_PATTERN.test(text) !== zodDate.safeParse(text).success) throw new Error(`${text}: the pattern and zod disagree`);
        }
      }
    }
    expect(isApiDate('2000-02-29')).toBe(true);
    for (const text of ['1900-02-29', '2100-02-29', '2200-02-29', '2023-02-29', '2023-04-31']) expect(isApiDate(text), text).toBe(false);
  });

  it('refuses the years outside the range in dates, months and timestamps, with a message naming the range', () => {
    for (const y of OUT_OF_RANGE_YEARS) {
      const d = date.safeParse(`${y}-01-01`);
      expect(d.success, y).toBe(false);
      expect(d.error!.issues[0]!.message).toBe('must be a date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)');
      expect(month.safeParse(`${y}-01`).success, y).toBe(false);
      const t = timestamp.safeParse(`${y}-01-01T00:00:00Z`);
      expect(t.success, y).toBe(false);
      expect(t.error!.issues[0]!.message).toMatch(/from 1900 to 2200/);
      expect(isApiDate(`${y}-01-01`)).toBe(false);
    }
    expect(month.safeParse('1900-01').success).toBe(true);
    expect(month.safeParse('2200-12').success).toBe(true);
    expect(month.safeParse('2200-13').success).toBe(false);
    expect(MONTH_PATTERN.test('2024-00')).toBe(false);
  });

  it('takes timestamps as zod does inside the range, and as an instant in UTC from 1900 to the end of 2200', () => {
    const samples = [
      '2023-02-14T18:13:00Z',
      '2023-02-14T18:13:00.123456Z',
      '2023-02-14T18:13:00+02:00',
      '2023-02-14T18:13:00-23:59',
      '2023-02-14T18:13Z',
      '2023-02-14T18:13:00',
      '2023-02-14 18:13:00Z',
      '2023-02-14T24:00:00Z',
      '2023-02-14T18:13:00+0200',
      '2023-02-14T18:13:00z',
      '2024-02-29T00:00:00Z',
      '2023-02-29T00:00:00Z',
    ];
    for (const text of samples) expect(TIMESTAMP_PATTERN.test(text), text).toBe(zodTimestamp.safeParse(text).success);
    expect(timestamp.parse('1900-01-01T00:00:00Z').toISOString()).toBe('1900-01-01T00:00:00.000Z');
    expect(timestamp.parse('2200-12-31T23:59:59.999Z').toISOString()).toBe('2200-12-31T23:59:59.999Z');
    // Written inside the range, yet an instant outside it.
    expect(timestamp.safeParse('1900-01-01T00:00:00+01:00').success).toBe(false);
    expect(timestamp.safeParse('2200-12-31T23:00:00-05:00').success).toBe(false);
    // What issue 25 item 22 saw: 0099 came back as 1999.
    expect(timestamp.safeParse('0099-01-01T00:00:00Z').success).toBe(false);
  });

  it('words a null timestamp as its caller asks (a call always has a time)', () => {
    const recordedAt = timestampOf((issue) => (issue.input === null ? "can't be null" : undefined));
    expect(recordedAt.safeParse(null).error!.issues[0]!.message).toBe("can't be null");
    expect(recordedAt.safeParse('0099-01-01T00:00:00Z').error!.issues[0]!.message).toMatch(/from 1900 to 2200/);
  });
});
