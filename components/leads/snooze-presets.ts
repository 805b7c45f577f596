// The snooze menu's choices, in the browser's own time zone: a lead snoozed "until tomorrow 8 AM"
// wakes at 8 in the morning where the estimator is. Pure, so the test gives it any "now".

export interface SnoozePreset {
  key: 'later' | 'tomorrow' | 'monday' | 'month';
  label: string;
  until: Date;
}

const MORNING = 8;

function at(day: Date, hour: number): Date {
  const d = new Date(day);
  d.setHours(hour, 0, 0, 0);
  return d;
}

function addDays(day: Date, days: number): Date {
  const d = new Date(day);
  d.setDate(d.getDate() + days);
  return d;
}

/** The same day next month, or the month's last day when it has no such day (Jan 31 → Feb 28). */
function nextMonth(day: Date): Date {
  const d = new Date(day.getFullYear(), day.getMonth() + 1, 1);
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day.getDate(), last));
  return d;
}

/**
 * Later today (three hours on, at the next full hour; offered only while that is still today and
 * before 9 PM), tomorrow 8 AM, next Monday 8 AM (a week on when today is Monday), in a month 8 AM.
 */
export function snoozePresets(now: Date): SnoozePreset[] {
  const later = new Date(now.getTime() + 3 * 3600_000);
  if (later.getMinutes() || later.getSeconds() || later.getMilliseconds()) later.setMinutes(60, 0, 0);
  const daysToMonday = (8 - now.getDay()) % 7 || 7;
  return [
    ...(later.getDate() === now.getDate() && later.getHours() <= 21 ? [{ key: 'later' as const, label: 'Later today', until: later }] : []),
    { key: 'tomorrow', label: 'Tomorrow', until: at(addDays(now, 1), MORNING) },
    { key: 'monday', label: 'Next Monday', until: at(addDays(now, daysToMonday), MORNING) },
    { key: 'month', label: 'In a month', until: at(nextMonth(now), MORNING) },
  ];
}

/** A picked day, at 8 AM there. */
export const pickedDay = (isoDate: string): Date => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, MORNING);
};

/** The API's timestamp: UTC, to the second. */
export const apiTime = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
