import { dayNumber, dayString, weekday, type PlanInterval } from '@/lib/shared/domain/workforce';

// The date ranges the planning pages show: a window of weeks or months, paged back and forth.

export type { PlanInterval };

/** How many periods one screen shows. */
export const WINDOW: Record<PlanInterval, number> = { week: 12, month: 6 };

/** The first day of the period holding `date`: its Monday, or the first of its month. */
export function periodStart(date: string, interval: PlanInterval): string {
  if (interval === 'month') return `${date.slice(0, 7)}-01`;
  const day = dayNumber(date);
  return dayString(day - weekday(day));
}

/** `from` moved by `n` periods (negative: back). */
export function shiftPeriods(from: string, interval: PlanInterval, n: number): string {
  if (interval === 'week') return dayString(dayNumber(from) + 7 * n);
  const d = new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 10);
}

/** The last day of a window of `count` periods starting at `from`. */
export function windowEnd(from: string, interval: PlanInterval, count = WINDOW[interval]): string {
  return dayString(dayNumber(shiftPeriods(from, interval, count)) - 1);
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Jan 2027" for a month, "Jan 4" for the week starting that Monday. */
export function periodLabel(start: string, interval: PlanInterval): string {
  return (interval === 'month' ? monthFormat : dayFormat).format(utc(start));
}

export const asInterval = (value: string): PlanInterval => (value === 'month' ? 'month' : 'week');

/** A YYYY-MM-DD from the URL, or undefined when it is not one. */
export const asDate = (value: string): string | undefined => (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayNumber(value)) ? value : undefined);
