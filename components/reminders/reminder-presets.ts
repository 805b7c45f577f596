// "Remind me" choices, in the user's time zone (their profile's): "tomorrow 8 AM" is 8 in the
// morning where the estimator works, whatever the browser's clock says. Pure, so the test gives it
// any "now" and any zone.

export interface ReminderPreset {
  key: 'hour' | 'tomorrow' | 'monday';
  label: string;
  at: Date;
}

const MORNING = 8;

interface LocalDay {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

/** The calendar day (and weekday, 0 = Sunday) it is in `zone` at `t`. */
function localDay(t: Date, zone: string): LocalDay {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' })
      .formatToParts(t)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), weekday };
}

/** How far `zone` is ahead of UTC at `t`, in ms. */
function offsetAt(t: number, zone: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(t)
      .map((x) => [x.type, Number(x.value)]),
  );
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(t / 1000) * 1000;
}

/** The instant it is `hour:minute` on that day in `zone` (a time skipped by a clock change: the hour after). */
export function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, zone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let t = wall - offsetAt(wall, zone);
  const again = wall - offsetAt(t, zone);
  if (again !== t) t = Math.max(t, again);
  return new Date(t);
}

/** The day `days` after `d`. */
function plusDays(d: LocalDay, days: number): { year: number; month: number; day: number } {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** In an hour, tomorrow 8 AM, next Monday 8 AM (a week on when today is Monday) — in `zone`. */
export function reminderPresets(now: Date, zone: string): ReminderPreset[] {
  const today = localDay(now, zone);
  const tomorrow = plusDays(today, 1);
  const monday = plusDays(today, (8 - today.weekday) % 7 || 7);
  return [
    { key: 'hour', label: 'In 1 hour', at: new Date(now.getTime() + 3_600_000) },
    { key: 'tomorrow', label: 'Tomorrow 8 AM', at: zonedInstant(tomorrow.year, tomorrow.month, tomorrow.day, MORNING, 0, zone) },
    { key: 'monday', label: 'Next Monday 8 AM', at: zonedInstant(monday.year, monday.month, monday.day, MORNING, 0, zone) },
  ];
}

/** A picked date (YYYY-MM-DD) and time (HH:MM) in `zone`. */
export function pickedInstant(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return zonedInstant(y, m, d, h, min, zone);
}
