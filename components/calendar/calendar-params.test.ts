import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '@/lib/client/hooks/use-calendar';
import {
  dayOf,
  eventDay,
  eventHref,
  eventsByDay,
  eventsParams,
  monthDays,
  monthWeeks,
  periodTitle,
  shiftDay,
  titleParts,
  viewOf,
  visibleDays,
  weekDays,
  type CalendarUrlState,
} from './calendar-params';

const blank: CalendarUrlState = { view: '', date: '', assigned_to_id: '', mine: '', project_stage_id: '', type: '' };

const stamps = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const dana = { id: 'u9', ...stamps, first_name: 'Dana', last_name: 'Whitfield', name: 'Dana Whitfield', email: 'dana@example.com' };

const event = (overrides: Partial<CalendarEvent>): CalendarEvent => ({
  uid: overrides.uid ?? 'e',
  type: 'bid_due',
  title: 'Bid due: Riverside Clinic',
  date: '2026-11-24',
  starts_at: null,
  all_day: true,
  updated_at: stamps.updated_at,
  project: { id: 'p1', ...stamps, name: 'Riverside Clinic' },
  task: null,
  assigned_to: null,
  project_stage: null,
  ...overrides,
});

/** A moment given on the browser's clock (so the tests mean the same in every time zone). */
const local = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

describe('the month grid', () => {
  it('covers the month in Monday-first weeks, with the days of the months beside it', () => {
    // November 2026 starts on a Sunday and ends on a Monday: six rows.
    const weeks = monthWeeks('2026-11-24');
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01']);
    expect(weeks.at(-1)![0]).toBe('2026-11-30');
    expect(weeks.at(-1)![6]).toBe('2026-12-06');
  });

  it('needs only four rows for a February that starts on a Monday', () => {
    const weeks = monthWeeks('2027-02-10');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toBe('2027-02-01');
    expect(weeks[3]![6]).toBe('2027-02-28');
  });

  it('counts days, not hours, across a daylight-saving change', () => {
    // Whatever the time zone, each day appears once, in order, with no gap.
    const days = monthWeeks('2026-03-15').flat();
    for (let i = 1; i < days.length; i++) expect(days[i]! > days[i - 1]!).toBe(true);
    expect(new Set(days).size).toBe(days.length);
    expect(monthDays('2026-10-01')).toHaveLength(31);
    expect(monthDays('2028-02-01').at(-1)).toBe('2028-02-29');
  });
});

describe('weeks and views', () => {
  it('starts a week on Monday, also when the day is a Sunday', () => {
    expect(weekDays('2026-11-24')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(weekDays('2026-11-29')[0]).toBe('2026-11-23');
    expect(weekDays('2026-11-30')[0]).toBe('2026-11-30');
  });

  it('shows the grid, the week or the month’s days', () => {
    expect(visibleDays('month', '2026-11-24')).toHaveLength(42);
    expect(visibleDays('week', '2026-11-24')).toHaveLength(7);
    expect(visibleDays('agenda', '2026-11-24')).toEqual(monthDays('2026-11-01'));
  });

  it('steps by a week or a month, keeping the day where the month has it', () => {
    expect(shiftDay('week', '2026-12-28', 1)).toBe('2027-01-04');
    expect(shiftDay('month', '2026-11-24', -1)).toBe('2026-10-24');
    expect(shiftDay('agenda', '2027-01-31', 1)).toBe('2027-02-28');
    expect(shiftDay('month', '2026-12-15', 1)).toBe('2027-01-15');
  });

  it('names the month, or the week across a month or a year', () => {
    expect(periodTitle('month', '2026-11-24')).toBe('November 2026');
    expect(periodTitle('agenda', '2026-11-24')).toBe('November 2026');
    expect(periodTitle('week', '2026-11-24')).toBe('Nov 23 – 29, 2026');
    expect(periodTitle('week', '2026-12-01')).toBe('Nov 30 – Dec 6, 2026');
    expect(periodTitle('week', '2026-12-30')).toBe('Dec 28, 2026 – Jan 3, 2027');
  });
});

describe('the URL', () => {
  it('reads the view and the day, falling back to the month and today', () => {
    expect(viewOf({ view: '' })).toBe('month');
    expect(viewOf({ view: 'agenda' })).toBe('agenda');
    expect(viewOf({ view: 'year' })).toBe('month');
    expect(dayOf({ date: '' }, '2026-11-24')).toBe('2026-11-24');
    expect(dayOf({ date: '2027-02-03' }, '2026-11-24')).toBe('2027-02-03');
    expect(dayOf({ date: '2027-02-30' }, '2026-11-24')).toBe('2026-11-24');
    expect(dayOf({ date: 'soon' }, '2026-11-24')).toBe('2026-11-24');
  });

  it('asks the API for the view’s days and one either side, with the filters', () => {
    expect(eventsParams(blank, 'month', '2026-11-24')).toEqual({
      from: '2026-10-25',
      to: '2026-12-07',
      mine: undefined,
      assigned_to_id: undefined,
      project_stage_id: undefined,
      type: undefined,
    });
    expect(eventsParams({ ...blank, assigned_to_id: 'u1', project_stage_id: 's2', type: 'task_deadline' }, 'week', '2026-11-24')).toEqual({
      from: '2026-11-22',
      to: '2026-11-30',
      mine: undefined,
      assigned_to_id: 'u1',
      project_stage_id: 's2',
      type: 'task_deadline',
    });
    // "Mine" wins over a person; an unknown type asks for every type.
    const mine = eventsParams({ ...blank, mine: 'true', assigned_to_id: 'u1', type: 'party' }, 'agenda', '2026-11-24');
    expect(mine).toMatchObject({ from: '2026-10-31', to: '2026-12-01', mine: 'true', assigned_to_id: undefined, type: undefined });
  });
});

describe('events by day', () => {
  it('puts a timed bid under the viewer’s day, an all-day event under its date', () => {
    expect(eventDay(event({ all_day: true, date: '2026-11-24' }))).toBe('2026-11-24');
    // Late in the evening locally, which may be the next day in UTC (the API's `date`).
    expect(eventDay(event({ all_day: false, date: '2026-11-25', starts_at: local(2026, 11, 24, 23, 30) }))).toBe('2026-11-24');
    expect(eventDay(event({ all_day: false, date: '2026-11-24', starts_at: local(2026, 11, 25, 0, 15) }))).toBe('2026-11-25');
  });

  it('lists a day’s all-day events first, in the API’s order, then the timed ones by time', () => {
    const byDay = eventsByDay([
      event({ uid: 'late', all_day: false, starts_at: local(2026, 11, 24, 17) }),
      event({ uid: 'b', type: 'project_start' }),
      event({ uid: 'early', all_day: false, starts_at: local(2026, 11, 24, 9) }),
      event({ uid: 'a', type: 'task_deadline' }),
      event({ uid: 'other', date: '2026-11-25' }),
    ]);
    expect(byDay.get('2026-11-24')!.map((e) => e.uid)).toEqual(['b', 'a', 'early', 'late']);
    expect(byDay.get('2026-11-25')!.map((e) => e.uid)).toEqual(['other']);
    expect(byDay.has('2026-11-26')).toBe(false);
  });

  it('splits a title into the type’s words and what it is about', () => {
    expect(titleParts(event({}))).toEqual({ type: 'Bid due: ', name: 'Riverside Clinic' });
    expect(titleParts(event({ type: 'project_start', title: 'Start: Riverside Clinic' }))).toEqual({ type: 'Start: ', name: 'Riverside Clinic' });
    const task = event({ type: 'task_deadline', title: 'Task due: Site visit', task: { id: 't1', title: 'Site visit' } });
    expect(titleParts(task)).toEqual({ type: 'Task due: ', name: 'Site visit' });
    // A title of another form is kept whole, after the type's label.
    expect(titleParts(event({ title: 'Riverside bid' }))).toEqual({ type: 'Bid due: ', name: 'Riverside bid' });
  });

  it('links a project’s event to the project and a task to the tasks page', () => {
    expect(eventHref(event({}))).toBe('/projects/p1');
    expect(eventHref(event({ type: 'project_start' }))).toBe('/projects/p1');
    expect(eventHref(event({ type: 'task_deadline', task: { id: 't1', title: 'Site visit' } }))).toBe('/tasks?view=all&project_id=p1');
    const loose = event({ type: 'task_deadline', task: { id: 't2', title: 'Renew insurance' }, project: null, assigned_to: dana });
    expect(eventHref(loose)).toBe('/tasks?view=all&assigned_to_id=u9');
    expect(eventHref({ ...loose, assigned_to: null })).toBe('/tasks?view=all');
  });
});
