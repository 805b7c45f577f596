'use client';

import Link from 'next/link';
import { useMemo } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { inputClass, Options } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { localDayIso } from '@/lib/client/format';
import { useCalendarEvents } from '@/lib/client/hooks/use-calendar';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useProjectStages } from '@/lib/client/hooks/use-projects';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { TypeDot } from './calendar-event';
import {
  CALENDAR_URL_KEYS,
  CALENDAR_VIEWS,
  dayOf,
  EVENT_TYPES,
  eventsByDay,
  eventsParams,
  periodTitle,
  shiftDay,
  viewOf,
  type CalendarView,
} from './calendar-params';
import { AgendaView, DayList, MonthGrid, WeekView } from './calendar-views';
import { CARD } from '@/components/ui/section-card';

const label = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300';
const MINE = 'mine';

function segment(active: boolean, first: boolean) {
  return `px-3 py-1.5 text-sm font-medium ${first ? '' : 'border-l border-slate-300 dark:border-slate-600'} ${
    active
      ? 'bg-blue-700 text-white dark:bg-blue-600'
      : 'bg-white text-slate-700 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;
}

/**
 * Bid due dates, project starts and task deadlines by month, week or as an agenda. The day shown
 * and "today" are the browser's, which the server does not know: the calendar draws once hydrated.
 */
export function CalendarPage() {
  const [state, setState] = useUrlState(CALENDAR_URL_KEYS);
  const hydrated = useHydrated();
  const today = hydrated ? localDayIso() : null;
  const view = viewOf(state);
  const day = today ? dayOf(state, today) : null;
  const query = useCalendarEvents(day ? eventsParams(state, view, day) : {}, day !== null);
  const users = useOptions('/users', 'users').data ?? [];
  const stages = useProjectStages().data ?? [];
  const byDay = useMemo(() => eventsByDay(query.data ?? []), [query.data]);

  const go = (next: string) => setState({ date: next === today ? null : next });
  const setView = (next: CalendarView) => setState({ view: next === 'month' ? null : next });
  const unit = view === 'week' ? 'week' : 'month';
  const title = day ? periodTitle(view, day) : '';
  const filtered = Boolean(state.mine || state.assigned_to_id || state.project_stage_id || state.type);

  return (
    <>
      <PageHeader
        title="Calendar"
        description="Bids due, project starts and task deadlines."
        actions={
          <Link href="/settings/calendar-feed" className={buttonClass('secondary')}>
            Subscribe in your calendar app
          </Link>
        }
      />

      <div className="mb-4 grid grid-cols-3 items-end gap-2 sm:flex sm:flex-wrap sm:gap-3">
        <label className="min-w-0 text-sm sm:w-52">
          <span className={label}>Assigned to</span>
          <select
            className={inputClass}
            value={state.mine === 'true' ? MINE : state.assigned_to_id}
            onChange={(e) => {
              const v = e.target.value;
              setState(v === MINE ? { mine: 'true', assigned_to_id: null } : { mine: null, assigned_to_id: v || null });
            }}
          >
            <option value="">Anyone</option>
            <option value={MINE}>Mine</option>
            <Options options={users} />
          </select>
        </label>
        <label className="min-w-0 text-sm sm:w-52">
          <span className={label}>Stage</span>
          <select className={inputClass} value={state.project_stage_id} onChange={(e) => setState({ project_stage_id: e.target.value || null })}>
            <option value="">Any stage</option>
            <Options options={stages} />
          </select>
        </label>
        <label className="min-w-0 text-sm sm:w-52">
          <span className={label}>Type</span>
          <select className={inputClass} value={state.type} onChange={(e) => setState({ type: e.target.value || null })}>
            <option value="">All types</option>
            {EVENT_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        {filtered ? (
          <Button
            variant="ghost"
            className="col-span-3 justify-self-start sm:mb-0.5"
            onClick={() => setState({ mine: null, assigned_to_id: null, project_stage_id: null, type: null })}
          >
            Clear filters
          </Button>
        ) : null}
      </div>

      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div role="group" aria-label="View" className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-600">
          {CALENDAR_VIEWS.map((v, i) => (
            <button key={v.value} type="button" aria-pressed={view === v.value} className={segment(view === v.value, i === 0)} onClick={() => setView(v.value)}>
              {v.label}
            </button>
          ))}
        </div>
        <Button variant="secondary" disabled={!day} onClick={() => setState({ date: null })}>
          Today
        </Button>
        {/* On a phone the period and its arrows take a line of their own. */}
        <div className="flex w-full items-center justify-between gap-2 sm:ml-auto sm:w-auto">
          <Button variant="secondary" disabled={!day} aria-label={`Previous ${unit}`} onClick={() => day && go(shiftDay(view, day, -1))}>
            ←
          </Button>
          <h2 className="min-h-7 min-w-40 text-center text-lg font-semibold" aria-live="polite">
            {title}
          </h2>
          <Button variant="secondary" disabled={!day} aria-label={`Next ${unit}`} onClick={() => day && go(shiftDay(view, day, 1))}>
            →
          </Button>
        </div>
      </div>

      <ul aria-label="Legend" className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
        {EVENT_TYPES.map((t) => (
          <li key={t.value} className="flex items-center gap-1.5">
            <TypeDot type={t.value} />
            {t.label}
          </li>
        ))}
      </ul>

      <div className={`min-w-0 overflow-hidden ${CARD} ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={query.isPlaceholderData}>
        {query.error ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : !day || !today || !query.data ? (
          <div role="status" aria-label="Loading calendar" className="space-y-2 p-4">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-96 w-full" />
          </div>
        ) : view === 'month' ? (
          <>
            <MonthGrid
              day={day}
              today={today}
              byDay={byDay}
              onSelect={go}
              caption={`${title}: bids due, project starts and task deadlines, weeks from Monday`}
            />
            <DayList day={day} byDay={byDay} />
          </>
        ) : view === 'week' ? (
          <WeekView day={day} today={today} byDay={byDay} />
        ) : (
          <AgendaView
            day={day}
            today={today}
            byDay={byDay}
            empty={
              <EmptyState title={`Nothing in ${title}.`}>
                {filtered
                  ? 'Clear the filters to see more, or try another month.'
                  : 'No bids are due, no projects start and no task deadlines fall this month.'}
              </EmptyState>
            }
          />
        )}
      </div>
    </>
  );
}
