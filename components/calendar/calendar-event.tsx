import Link from 'next/link';
import type { CalendarEvent, CalendarEventType } from '@/lib/client/hooks/use-calendar';
import { eventHref, titleParts } from './calendar-params';

// One event as the views show it: a chip in a month cell, a fuller entry in a list. The type shows
// by color and by shape (a diamond for a bid due, a circle for a start, a square for a task), and
// in words: the API's title starts with them ("Bid due: …"), shown in lists and, where space is
// tight (chips, the week's columns), said to screen readers only.

export const TYPE_STYLE: Record<CalendarEventType, { chip: string; dot: string }> = {
  bid_due: {
    chip: 'bg-amber-100 text-amber-950 hover:bg-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:hover:bg-amber-900',
    dot: 'rotate-45 rounded-[1px] bg-amber-500 dark:bg-amber-400',
  },
  project_start: {
    chip: 'bg-emerald-100 text-emerald-950 hover:bg-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:hover:bg-emerald-900',
    dot: 'rounded-full bg-emerald-600 dark:bg-emerald-400',
  },
  task_deadline: {
    chip: 'bg-violet-100 text-violet-950 hover:bg-violet-200 dark:bg-violet-950 dark:text-violet-100 dark:hover:bg-violet-900',
    dot: 'rounded-[1px] bg-violet-600 dark:bg-violet-400',
  },
};

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** A timed event's time on the viewer's clock ("2:00 PM"); null for an all-day one. */
export function eventTime(event: CalendarEvent): string | null {
  return !event.all_day && event.starts_at ? timeFormat.format(new Date(event.starts_at)) : null;
}

export function TypeDot({ type, small = false, className = '' }: { type: CalendarEventType; small?: boolean; className?: string }) {
  return <span aria-hidden className={`inline-block shrink-0 ${small ? 'h-1.5 w-1.5' : 'h-2 w-2'} ${TYPE_STYLE[type].dot} ${className}`} />;
}

const personName = (p: NonNullable<CalendarEvent['assigned_to']>) => p.name || [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email || 'someone';

/** Where the type's words show only to screen readers: nowhere, everywhere, or from `md` up. */
type Compact = boolean | 'md';

/** The title: whole, or what it is about, with the type's words for screen readers (compact). */
function Title({ event, compact }: { event: CalendarEvent; compact: Compact }) {
  if (!compact) return <>{event.title}</>;
  const { type, name } = titleParts(event);
  return (
    <>
      <span className={compact === 'md' ? 'md:sr-only' : 'sr-only'}>{type}</span>
      {name}
    </>
  );
}

/** A chip in a month cell: the time (when timed) and what it is about, one line; the whole title in its title attribute. */
export function EventChip({ event }: { event: CalendarEvent }) {
  const time = eventTime(event);
  return (
    <Link
      href={eventHref(event)}
      data-event={event.uid}
      title={`${event.title}${time ? ` at ${time}` : ''}`}
      className={`block truncate rounded px-1.5 py-0.5 text-xs font-medium ${TYPE_STYLE[event.type].chip}`}
    >
      <TypeDot type={event.type} small className="mr-1 mb-px align-middle" />
      {time ? <span className="tabular-nums">{time} </span> : null}
      <Title event={event} compact />
    </Link>
  );
}

/**
 * An event in a list: the title as a link (after its time, when timed), then its project or stage
 * and who it is assigned to. Compact (the week's narrow columns, from `md` up): without the type's words.
 */
export function EventEntry({ event, compact = false }: { event: CalendarEvent; compact?: Compact }) {
  const time = eventTime(event);
  // A task names its project; a project's own event names its stage.
  const details = [event.task ? event.project?.name : event.project_stage?.name, event.assigned_to ? personName(event.assigned_to) : 'Unassigned'].filter(
    Boolean,
  );
  return (
    <li data-event={event.uid} className="flex min-w-0 gap-2 py-1.5">
      <TypeDot type={event.type} className="mt-1.5" />
      <div className="min-w-0">
        <Link
          href={eventHref(event)}
          // The week's columns are narrow: a size smaller there, so fewer words break.
          className={`block break-words hyphens-auto font-medium text-blue-800 hover:underline dark:text-blue-300 ${compact === 'md' ? 'text-sm md:text-[13px]' : 'text-sm'}`}
        >
          {time ? <span className="tabular-nums">{time} · </span> : null}
          <Title event={event} compact={compact} />
        </Link>
        <div className="break-words text-xs text-slate-600 dark:text-slate-400">{details.join(' · ')}</div>
      </div>
    </li>
  );
}
