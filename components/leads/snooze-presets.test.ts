import { describe, expect, it } from 'vitest';
import { pickedDay, snoozePresets } from './snooze-presets';

// Local times (the test runs in whatever zone the machine has): each case is built and read locally.
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const byKey = (now: Date) => Object.fromEntries(snoozePresets(now).map((p) => [p.key, p.until.getTime()]));

describe('snooze presets', () => {
  it('on a Wednesday morning: later today at the next full hour three hours on, tomorrow, Monday and a month at 8 AM', () => {
    // Wednesday 2026-12-02, 9:20.
    const p = byKey(local(2026, 12, 2, 9, 20));
    expect(p.later).toBe(local(2026, 12, 2, 13).getTime());
    expect(p.tomorrow).toBe(local(2026, 12, 3, 8).getTime());
    expect(p.monday).toBe(local(2026, 12, 7, 8).getTime());
    expect(p.month).toBe(local(2027, 1, 2, 8).getTime());
  });

  it('on the hour, later today is exactly three hours on', () => {
    expect(byKey(local(2026, 12, 2, 10)).later).toBe(local(2026, 12, 2, 13).getTime());
  });

  it('in the evening there is no later today', () => {
    expect(byKey(local(2026, 12, 2, 19, 30)).later).toBeUndefined();
    expect(byKey(local(2026, 12, 2, 18)).later).toBe(local(2026, 12, 2, 21).getTime());
  });

  it('on a Monday, next Monday is a week on; on a Sunday it is tomorrow', () => {
    expect(byKey(local(2026, 11, 30, 9)).monday).toBe(local(2026, 12, 7, 8).getTime());
    expect(byKey(local(2026, 11, 29, 9)).monday).toBe(local(2026, 11, 30, 8).getTime());
  });

  it('in a month keeps the day, or takes the month’s last', () => {
    expect(byKey(local(2027, 1, 31, 9)).month).toBe(local(2027, 2, 28, 8).getTime());
    expect(byKey(local(2026, 12, 15, 9)).month).toBe(local(2027, 1, 15, 8).getTime());
  });

  it('a picked day wakes at 8 AM on it', () => {
    expect(pickedDay('2030-01-15').getTime()).toBe(local(2030, 1, 15, 8).getTime());
  });
});
