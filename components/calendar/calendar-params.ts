import { addDays, addMonths, addWeeks, eachDayOfInterval, endOfMonth, endOfWeek, startOfMonth, startOfWeek } from 'date-fns';
import type { QueryParams } from '@/lib/client/api-client';
import type { CalendarEvent, CalendarEventType } from '@/lib/client/hooks/use-calendar';
import type { UrlState } from '@/lib/shared/url-state';

// The Calendar page's URL and its date grid. Days are calendar days as YYYY-MM-DD strings, counted
// in the browser's time zone (date-fns on local dates); weeks start on Monday. Names of days and
// months come from Intl (date-fns' format and parse would add their weight to the page).
//
// `date` is the day the page is on: the month (or week) holding it is shown and, in the month
// view, it is the day whose events are listed below the grid. Blank: today.

export const CALENDAR_URL_KEYS = ['view', 'date', 'assigned_to_id', 'mine', 'project_stage_id', 'type'] as const;
export type CalendarUrlState = UrlState<(typeof CALENDAR_URL_KEYS)[number]>;

export const CALENDAR_VIEWS = [
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
  { value: 'agenda', label: 'Agenda' },
] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number]['value'];

export const EVENT_TYPES: readonly { value: CalendarEventType; label: string }[] = [
  { value: 'bid_due', label: 'Bid due' },
  { value: 'project_start', label: 'Project start' },
  { value: 'task_deadline', label: 'Task deadline' },
];

const WEEK = { weekStartsOn: 1 } as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as YYYY-MM-DD. */
export const dayString = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A YYYY-MM-DD as a local date (midnight); a day past the month's end rolls over (2026-02-30 → March 2). */
export function localDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date);
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const monthDayYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The URL's view; the month for none or an unknown one. */
export function viewOf(state: Pick<CalendarUrlState, 'view'>): CalendarView {
  return CALENDAR_VIEWS.find((v) => v.value === state.view)?.value ?? 'month';
}

/** The URL's day when it is a real date (not 2026-02-30); else `today`. */
export function dayOf(state: Pick<CalendarUrlState, 'date'>, today: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(state.date) && dayString(localDate(state.date)) === state.date ? state.date : today;
}

/** The weeks (Monday to Sunday) that cover the month holding `day`: 4 to 6 rows of 7 days. */
export function monthWeeks(day: string): string[][] {
  const date = localDate(day);
  const days = eachDayOfInterval({ start: startOfWeek(startOfMonth(date), WEEK), end: endOfWeek(endOfMonth(date), WEEK) }).map(dayString);
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** The week (Monday to Sunday) holding `day`. */
export function weekDays(day: string): string[] {
  const date = localDate(day);
  return eachDayOfInterval({ start: startOfWeek(date, WEEK), end: endOfWeek(date, WEEK) }).map(dayString);
}

/** Every day of the month holding `day`. */
export function monthDays(day: string): string[] {
  const date = localDate(day);
  return eachDayOfInterval({ start: startOfMonth(date), end: endOfMonth(date) }).map(dayString);
}

/** The days a view shows: the month's grid (with the first and last weeks' days of the months beside it), the week, or the month's days. */
export function visibleDays(view: CalendarView, day: string): string[] {
  if (view === 'week') return weekDays(day);
  if (view === 'agenda') return monthDays(day);
  return monthWeeks(day).flat();
}

/** `day` moved by `n` of the view's steps: a week in the week view, a month otherwise (the 31st becomes the month's last day). */
export function shiftDay(view: CalendarView, day: string, n: number): string {
  const date = localDate(day);
  return dayString(view === 'week' ? addWeeks(date, n) : addMonths(date, n));
}

/** The view's heading: "November 2026", or a week as "Nov 23 – 29, 2026", "Nov 30 – Dec 6, 2026", "Dec 28, 2026 – Jan 3, 2027". */
export function periodTitle(view: CalendarView, day: string): string {
  if (view !== 'week') return monthYear.format(localDate(day));
  const days = weekDays(day);
  const first = localDate(days[0]!);
  const last = localDate(days[6]!);
  if (first.getFullYear() !== last.getFullYear()) return `${monthDayYear.format(first)} – ${monthDayYear.format(last)}`;
  if (first.getMonth() !== last.getMonth()) return `${monthDay.format(first)} – ${monthDayYear.format(last)}`;
  return `${monthDay.format(first)} – ${last.getDate()}, ${last.getFullYear()}`;
}

/**
 * The API's query for a view: its days and a day either side, since a bid due at a time is listed
 * under its UTC day and shown under the viewer's (up to a day earlier or later); and the filters.
 */
export function eventsParams(state: CalendarUrlState, view: CalendarView, day: string): QueryParams {
  const days = visibleDays(view, day);
  const type = EVENT_TYPES.some((t) => t.value === state.type) ? state.type : undefined;
  return {
    from: dayString(addDays(localDate(days[0]!), -1)),
    to: dayString(addDays(localDate(days.at(-1)!), 1)),
    mine: state.mine === 'true' ? 'true' : undefined,
    assigned_to_id: state.mine === 'true' ? undefined : state.assigned_to_id || undefined,
    project_stage_id: state.project_stage_id || undefined,
    type,
  };
}

/** The day an event falls on for the viewer: a timed one's local day, an all-day one's date. */
export function eventDay(event: CalendarEvent): string {
  return !event.all_day && event.starts_at ? dayString(new Date(event.starts_at)) : event.date;
}

/** Events by the viewer's day: each day's all-day events first (in the API's order), then the timed ones by time. */
export function eventsByDay(events: readonly CalendarEvent[]): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const day = eventDay(event);
    const list = days.get(day);
    if (list) list.push(event);
    else days.set(day, [event]);
  }
  // All-day events sort as the day's first moment; the sort is stable, so they keep the API's order.
  const time = (e: CalendarEvent) => (e.all_day || !e.starts_at ? 0 : new Date(e.starts_at).getTime());
  for (const list of days.values()) list.sort((a, b) => time(a) - time(b));
  return days;
}

/**
 * An event's title in two parts: the words of its type, as the API's title starts ("Bid due: "),
 * and what it is about (the project's name, the task's title). Tight places show the second and
 * say the first to screen readers only; the type shows by its color and shape there.
 */
export function titleParts(event: CalendarEvent): { type: string; name: string } {
  const name = (event.type === 'task_deadline' ? event.task?.title : event.project?.name) ?? '';
  if (name && event.title.endsWith(name) && event.title.length > name.length) return { type: event.title.slice(0, -name.length), name };
  return { type: `${EVENT_TYPES.find((t) => t.value === event.type)?.label ?? event.type}: `, name: event.title };
}

/** Where an event leads: its project, or for a task the tasks page (that project's, when it has one). */
export function eventHref(event: CalendarEvent): string {
  if (event.type !== 'task_deadline' && event.project) return `/projects/${event.project.id}`;
  const query = new URLSearchParams({ view: 'all' });
  if (event.project) query.set('project_id', event.project.id);
  else if (event.assigned_to) query.set('assigned_to_id', event.assigned_to.id);
  return `/tasks?${query.toString()}`;
}
