import type { ReactNode } from 'react';
import type { CalendarEvent } from '@/lib/client/hooks/use-calendar';
import { EventChip, EventEntry, TypeDot } from './calendar-event';
import { localDate, monthDays, monthWeeks, weekDays } from './calendar-params';

// The three views of the Calendar page, drawn by hand (a table for the month, lists for the week
// and the agenda): no calendar library, so the page stays within its first-load budget.

type ByDay = ReadonlyMap<string, readonly CalendarEvent[]>;

const NONE: readonly CalendarEvent[] = [];
/** A month cell shows this many events from `sm` up; the rest are "+N more", listed below the grid. */
const CHIPS = 3;
/** A phone's month cell shows a dot per event up to this many. */
const DOTS = 3;

const WEEKDAYS = [
  ['Monday', 'Mon'],
  ['Tuesday', 'Tue'],
  ['Wednesday', 'Wed'],
  ['Thursday', 'Thu'],
  ['Friday', 'Fri'],
  ['Saturday', 'Sat'],
  ['Sunday', 'Sun'],
] as const;

const longDayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
const weekdayLong = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
const weekdayShort = new Intl.DateTimeFormat('en-US', { weekday: 'short' });
const monthDayLong = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric' });

/** "Tuesday, November 24". */
export const longDay = (day: string) => longDayFormat.format(localDate(day));

const countText = (n: number) => (n === 0 ? 'no events' : n === 1 ? '1 event' : `${n} events`);

interface MonthProps {
  day: string;
  today: string;
  byDay: ByDay;
  caption: string;
  onSelect: (day: string) => void;
}

/**
 * The month as Monday-first weeks. From `sm` up a cell lists its first events; on a phone it shows
 * a dot per event, and the chosen day's events are listed below the grid at every width.
 */
export function MonthGrid({ day, today, byDay, caption, onSelect }: MonthProps) {
  const month = day.slice(0, 7);
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([long, short]) => (
            <th
              key={long}
              scope="col"
              aria-label={long}
              className="border-b border-slate-200 px-1 py-1.5 text-center text-xs font-medium text-slate-600 sm:text-left dark:border-slate-800 dark:text-slate-400"
            >
              <span aria-hidden className="sm:hidden">
                {short.slice(0, 2)}
              </span>
              <span aria-hidden className="hidden sm:inline">
                {short}
              </span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(day).map((week) => (
          <tr key={week[0]}>
            {week.map((d) => {
              const events = byDay.get(d) ?? NONE;
              const inMonth = d.slice(0, 7) === month;
              const selected = d === day;
              const isToday = d === today;
              return (
                <td
                  key={d}
                  data-day={d}
                  className={`h-14 border border-slate-200 p-0 align-top sm:h-28 dark:border-slate-800 ${selected ? 'bg-blue-50 dark:bg-blue-950/60' : inMonth ? 'bg-white dark:bg-slate-900' : 'bg-slate-50 dark:bg-slate-800/40'}`}
                >
                  <button
                    type="button"
                    onClick={() => onSelect(d)}
                    aria-pressed={selected}
                    aria-current={isToday ? 'date' : undefined}
                    aria-label={`${longDay(d)}: ${countText(events.length)}`}
                    className="flex w-full flex-col items-center gap-0.5 px-0.5 pt-1 pb-1 hover:bg-slate-100 sm:flex-row sm:px-1.5 sm:pb-0.5 dark:hover:bg-slate-800"
                  >
                    <span
                      className={`inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs tabular-nums ${
                        isToday
                          ? 'bg-blue-700 font-semibold text-white dark:bg-blue-500 dark:text-slate-950'
                          : inMonth
                            ? 'font-medium text-slate-900 dark:text-slate-100'
                            : 'text-slate-500 dark:text-slate-400'
                      }`}
                    >
                      {Number(d.slice(8))}
                    </span>
                    {events.length > 0 ? (
                      <span aria-hidden className="flex h-3 items-center gap-0.5 sm:hidden">
                        {events.slice(0, DOTS).map((e) => (
                          <TypeDot key={e.uid} type={e.type} small />
                        ))}
                        {events.length > DOTS ? (
                          <span className="text-[10px] leading-none text-slate-600 dark:text-slate-400">+{events.length - DOTS}</span>
                        ) : null}
                      </span>
                    ) : null}
                  </button>
                  {events.length > 0 ? (
                    <ul className="hidden space-y-0.5 px-1 pb-1 sm:block">
                      {events.slice(0, CHIPS).map((e) => (
                        <li key={e.uid}>
                          <EventChip event={e} />
                        </li>
                      ))}
                      {events.length > CHIPS ? (
                        <li>
                          <button
                            type="button"
                            onClick={() => onSelect(d)}
                            className="px-1.5 text-xs font-medium text-slate-700 hover:underline dark:text-slate-300"
                            aria-label={`${events.length - CHIPS} more on ${longDay(d)}`}
                          >
                            +{events.length - CHIPS} more
                          </button>
                        </li>
                      ) : null}
                    </ul>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EventList({ events, empty, compact = false }: { events: readonly CalendarEvent[]; empty: string; compact?: boolean | 'md' }) {
  if (events.length === 0) return <p className="py-1.5 text-sm text-slate-600 dark:text-slate-400">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {events.map((e) => (
        <EventEntry key={e.uid} event={e} compact={compact} />
      ))}
    </ul>
  );
}

/** The chosen day's events, below the month grid. */
export function DayList({ day, byDay }: { day: string; byDay: ByDay }) {
  return (
    <section aria-labelledby="calendar-day-heading" className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
      <h3 id="calendar-day-heading" className="text-sm font-semibold">
        {longDay(day)}
      </h3>
      <EventList events={byDay.get(day) ?? NONE} empty="Nothing on this day." />
    </section>
  );
}

/** The week: seven columns from `md` up, a list by day below. */
export function WeekView({ day, today, byDay }: { day: string; today: string; byDay: ByDay }) {
  return (
    <ol className="divide-y divide-slate-200 md:grid md:grid-cols-7 md:divide-x md:divide-y-0 dark:divide-slate-800">
      {weekDays(day).map((d) => {
        const date = localDate(d);
        return (
          <li key={d} data-day={d} aria-labelledby={`calendar-week-${d}`} className="min-w-0 px-3 py-2 md:min-h-72 md:px-2">
            <h3 id={`calendar-week-${d}`} className="flex items-baseline gap-1.5 text-sm">
              <span className="font-medium text-slate-600 dark:text-slate-400">
                <span className="md:hidden">{weekdayLong.format(date)}</span>
                <span className="hidden md:inline">{weekdayShort.format(date)}</span>
              </span>
              <span
                aria-current={d === today ? 'date' : undefined}
                className="rounded-full px-1.5 font-semibold tabular-nums aria-[current=date]:bg-blue-700 aria-[current=date]:text-white dark:aria-[current=date]:bg-blue-500 dark:aria-[current=date]:text-slate-950"
              >
                <span className="md:hidden">{monthDayLong.format(date)}</span>
                <span className="hidden md:inline">{date.getDate()}</span>
              </span>
            </h3>
            <EventList events={byDay.get(d) ?? NONE} empty="Nothing" compact="md" />
          </li>
        );
      })}
    </ol>
  );
}

/** The month's days that have events, each with its list; `empty` when none has. */
export function AgendaView({ day, today, byDay, empty }: { day: string; today: string; byDay: ByDay; empty: ReactNode }) {
  const days = monthDays(day).filter((d) => (byDay.get(d)?.length ?? 0) > 0);
  if (days.length === 0) return empty;
  return (
    <ol className="divide-y divide-slate-200 dark:divide-slate-800">
      {days.map((d) => (
        <li key={d} data-day={d} aria-labelledby={`calendar-agenda-${d}`} className="gap-4 px-4 py-3 sm:flex">
          <h3 id={`calendar-agenda-${d}`} className="shrink-0 text-sm font-semibold sm:w-48 sm:pt-1.5">
            {longDay(d)}
            {d === today ? (
              <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs font-medium text-blue-900 dark:bg-blue-950 dark:text-blue-200">Today</span>
            ) : null}
          </h3>
          <div className="min-w-0 flex-1">
            <EventList events={byDay.get(d)!} empty="" />
          </div>
        </li>
      ))}
    </ol>
  );
}
