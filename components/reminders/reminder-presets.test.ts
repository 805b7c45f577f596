import { describe, expect, it } from 'vitest';
import { pickedInstant, reminderPresets, zonedInstant } from './reminder-presets';

describe('reminder presets', () => {
  it('put tomorrow and next Monday at 8 AM in the user’s zone', () => {
    // Wednesday 2026-11-25, 23:30 in New York (04:30 UTC on the 26th).
    const now = new Date('2026-11-26T04:30:00Z');
    const [hour, tomorrow, monday] = reminderPresets(now, 'America/New_York');
    expect(hour!.at.toISOString()).toBe('2026-11-26T05:30:00.000Z');
    expect(tomorrow!.at.toISOString()).toBe('2026-11-26T13:00:00.000Z'); // Thursday 8 AM EST
    expect(monday!.at.toISOString()).toBe('2026-11-30T13:00:00.000Z');
    // The same instant is already Thursday in Berlin.
    const berlin = reminderPresets(now, 'Europe/Berlin');
    expect(berlin[1]!.at.toISOString()).toBe('2026-11-27T07:00:00.000Z');
  });

  it('take a Monday to the next one, and follow daylight saving time', () => {
    const monday = new Date('2026-03-02T15:00:00Z'); // Monday 10 AM in New York (EST)
    expect(reminderPresets(monday, 'America/New_York')[2]!.at.toISOString()).toBe('2026-03-09T12:00:00.000Z'); // EDT from March 8
    expect(pickedInstant('2026-07-04', '14:30', 'America/Los_Angeles').toISOString()).toBe('2026-07-04T21:30:00.000Z');
    // 2:30 AM does not exist on 2026-03-08 in New York: the hour after.
    expect(zonedInstant(2026, 3, 8, 2, 30, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });
});
