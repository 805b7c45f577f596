import { addDays, differenceInCalendarDays, endOfMonth, parseISO } from 'date-fns';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Db } from '@/db';
import { calendarRows, deleteFeedToken, feedOwner, findFeedToken, replaceFeedToken, type CalendarFilters } from '@/db/queries/calendar';
import { hashToken } from '@/lib/server/auth/tokens';
import { base, iso, isoOrNull, personRef } from '@/lib/server/serializers/common';
import { serializeProjectStage } from '@/lib/server/serializers/lookups';
import { accessOfUser } from '@/lib/shared/permissions';
import { todayUtc } from '@/lib/shared/domain/projects';
import { MAX_CALENDAR_DAYS, type CalendarEventResponse, type CalendarFeedResponse, type CalendarQuery } from '@/lib/shared/validation/calendar';
import { randomBytes } from 'node:crypto';
import { teamOf, type CallerContext } from './context';
import { invalidField, notFound } from './errors';
import { recordSecurityEvent } from './security-events';

// The bid calendar (docs/insights.md): bid due dates and times, project starts and task deadlines,
// for the Calendar page and, as iCalendar, for the feed people subscribe to in their own calendars.

/** The window: a calendar month by default (from's, or this one), at most MAX_CALENDAR_DAYS days. */
function windowOf(query: Pick<CalendarQuery, 'from' | 'to'>, now: Date): { from: string; to: string } {
  const from = query.from ?? `${todayUtc(now).slice(0, 7)}-01`;
  const to = query.to ?? todayUtc(endOfMonth(parseISO(from)));
  if (to < from) throw invalidField('to', `must not be before from (${from})`);
  if (differenceInCalendarDays(parseISO(to), parseISO(from)) + 1 > MAX_CALENDAR_DAYS) {
    throw invalidField('to', `must be within ${MAX_CALENDAR_DAYS} days of from (${from}, both included)`);
  }
  return { from, to };
}

async function events(db: Db, accountId: number, f: CalendarFilters): Promise<CalendarEventResponse[]> {
  const { bids, starts, deadlines } = await calendarRows(db, accountId, f);
  const project = (p: { id: number; name: string; createdAt: Date; updatedAt: Date }) => ({ ...base(p), name: p.name });
  const stage = (s: Parameters<typeof serializeProjectStage>[0] | null) => (s ? serializeProjectStage(s) : null);
  const out: CalendarEventResponse[] = [
    ...bids.map((b) => {
      const timed = b.timed && b.at !== null;
      return {
        uid: `bid_due-project-${b.id}@groundwork`,
        type: 'bid_due' as const,
        title: `Bid due: ${b.name}`,
        date: b.day,
        starts_at: timed ? isoOrNull(b.at) : null,
        all_day: !timed,
        updated_at: iso(b.updatedAt),
        project: project(b),
        task: null,
        assigned_to: personRef(b.assignedTo),
        project_stage: stage(b.stage),
      };
    }),
    ...starts.map((s) => ({
      uid: `project_start-project-${s.id}@groundwork`,
      type: 'project_start' as const,
      title: `Start: ${s.name}`,
      date: s.day,
      starts_at: null,
      all_day: true,
      updated_at: iso(s.updatedAt),
      project: project(s),
      task: null,
      assigned_to: personRef(s.assignedTo),
      project_stage: stage(s.stage),
    })),
    ...deadlines.map((t) => ({
      uid: `task_deadline-task-${t.id}@groundwork`,
      type: 'task_deadline' as const,
      title: `Task due: ${t.title}`,
      date: t.day,
      starts_at: null,
      all_day: true,
      updated_at: iso(t.updatedAt),
      project: t.project ? project(t.project) : null,
      task: { id: String(t.id), title: t.title },
      assigned_to: personRef(t.assignedTo),
      project_stage: stage(t.stage),
    })),
  ];
  // By day; all-day events first, then by time; then by title.
  return out.sort((a, b) => a.date.localeCompare(b.date) || (a.starts_at ?? '').localeCompare(b.starts_at ?? '') || a.title.localeCompare(b.title));
}

/** GET /calendar_events: the window's events as the caller sees them. */
export async function calendarEvents(db: Db, ctx: CallerContext, query: CalendarQuery, now = new Date()): Promise<CalendarEventResponse[]> {
  const window = windowOf(query, now);
  return events(db, ctx.accountId, {
    ...window,
    type: query.type,
    assigned_to_id: query.mine ? ctx.userId : query.assigned_to_id,
    project_stage_id: query.project_stage_id,
    teamOf: teamOf(ctx),
  });
}

// The feed.

const FEED_PREFIX = 'gw_cal_';

function feedUrl(baseUrl: string, token: string) {
  return `${baseUrl}/api/2023-01/calendar.ics?token=${encodeURIComponent(token)}`;
}

export async function getCalendarFeed(db: Db, ctx: CallerContext): Promise<CalendarFeedResponse> {
  const row = await findFeedToken(db, ctx.accountId, ctx.userId);
  return { active: Boolean(row), hint: row?.hint ?? null, created_at: row ? iso(row.createdAt) : null };
}

/**
 * A new feed token for the caller (the previous one stops working); the token and URL are shown
 * once. The security log records it (`calendar_feed.created`, `details.replaced` when there was one).
 */
export async function createCalendarFeed(db: Db, ctx: CallerContext): Promise<CalendarFeedResponse> {
  const token = FEED_PREFIX + randomBytes(24).toString('base64url');
  const row = await db.transaction(async (tx) => {
    const replaced = await deleteFeedToken(tx, ctx.accountId, ctx.userId);
    const created = await replaceFeedToken(tx, ctx.accountId, ctx.userId, hashToken(token), token.slice(-4));
    await recordSecurityEvent(tx, ctx, {
      kind: 'calendar_feed.created',
      subjectType: 'user',
      subjectId: ctx.userId,
      details: { replaced, hint: created.hint },
    });
    return created;
  });
  return { active: true, hint: row.hint, created_at: iso(row.createdAt), token, url: feedUrl(ctx.baseUrl, token) };
}

export async function deleteCalendarFeed(db: Db, ctx: CallerContext): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await revokeCalendarFeed(tx, ctx, ctx.userId, 'revoked'))) throw notFound('Calendar feed');
  });
}

/**
 * Revokes a user's feed token, if they have one, and records it (`calendar_feed.revoked`, with
 * why: `revoked` by its owner, or `password_reset` by an admin); false when there was none.
 */
export async function revokeCalendarFeed(db: Db, ctx: CallerContext, userId: number, reason: 'revoked' | 'password_reset'): Promise<boolean> {
  if (!(await deleteFeedToken(db, ctx.accountId, userId))) return false;
  await recordSecurityEvent(db, ctx, { kind: 'calendar_feed.revoked', subjectType: 'user', subjectId: userId, details: { reason } });
  return true;
}

/** Seconds since 2023-01-01: an event's SEQUENCE, which grows each time its record changes. */
const sequenceOf = (updatedAt: string) => Math.max(0, Math.floor((Date.parse(updatedAt) - Date.UTC(2023, 0, 1)) / 1000));

/**
 * GET /calendar.ics?token=: the feed token's user's events from 90 days back to a year ahead, as
 * they would see them (their project access), as iCalendar. Null: no such token.
 */
export async function calendarIcs(db: Db, token: string, baseUrl: string, now = new Date()): Promise<string | null> {
  const owner = await feedOwner(db, hashToken(token));
  if (!owner) return null;
  const { access } = accessOfUser(owner);
  const calendar = ical({
    name: 'Groundwork bid calendar',
    prodId: { company: 'Groundwork', product: 'bid-calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  if (access.permissions.projects === 'none') return calendar.toString();
  const today = parseISO(todayUtc(now));
  const list = await events(db, owner.accountId, {
    from: todayUtc(addDays(today, -90)),
    to: todayUtc(addDays(today, 365)),
    teamOf: teamOf({ access, userId: owner.userId }),
  });
  for (const e of list) {
    const updated = new Date(e.updated_at);
    calendar.createEvent({
      id: e.uid,
      summary: e.title,
      allDay: e.all_day,
      start: e.all_day ? parseISO(e.date) : new Date(e.starts_at!),
      ...(e.all_day ? {} : { end: new Date(Date.parse(e.starts_at!) + 30 * 60_000) }),
      stamp: updated,
      lastModified: updated,
      sequence: sequenceOf(e.updated_at),
      url: e.project ? `${baseUrl}/projects/${e.project.id}` : `${baseUrl}/tasks`,
      description: [
        e.project_stage ? `Stage: ${e.project_stage.name}` : null,
        e.assigned_to ? `Assigned to: ${e.assigned_to.name ?? e.assigned_to.email}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
    });
  }
  return calendar.toString();
}
