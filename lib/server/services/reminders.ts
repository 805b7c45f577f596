import type { Db } from '@/db';
import { claimDueReminders, findReminder, listReminders as queryReminders, type ReminderRow } from '@/db/queries/reminders';
import { deleteRow, insertRow, updateRow } from '@/db/queries/tenant';
import { reminders } from '@/db/schema';
import { enqueueReminder } from '@/db/queries/job-queue';
import { serializeReminder } from '@/lib/server/serializers/reminders';
import type { ReminderCreate, ReminderListQuery, ReminderResponse, ReminderUpdate } from '@/lib/shared/validation/reminders';
import { recordEvent, resourcePath } from './common';
import type { CallerContext } from './context';
import { notFound, validationFailed } from './errors';
import { notify } from './notify';
import { pageWindow, toPage, type Page } from './paging';
import { lockForWrite } from './preconditions';
import { assertSees } from './visibility';

// Reminders (docs/collaboration.md#reminders): each the caller's own, about a record they see, at a
// time in the future. At that time exactly one `reminder` notification is made: a job queued for
// the moment (graphile-worker, keyed by the reminder: a new time replaces it) and a sweep every
// minute (and the embedded database's loop) claim due reminders FOR UPDATE SKIP LOCKED and set
// `notified_at` in the transaction that makes the notification — two workers never both make it,
// and one that dies mid-way leaves it to the next.

function assertFuture(at: Date): void {
  if (at.getTime() <= Date.now()) throw validationFailed({ remind_at: ['must be in the future'] }, 'remind_at must be in the future');
}

async function mine(db: Db, ctx: CallerContext, id: number, lock = false): Promise<ReminderRow> {
  const row = await findReminder(db, ctx.accountId, ctx.userId, id, lock);
  if (!row) throw notFound('Reminder');
  return row;
}

const event = (db: Db, ctx: CallerContext, action: 'create' | 'update' | 'delete', id: number, changed?: Record<string, unknown>) =>
  recordEvent(db, ctx, { resource: 'reminder', action, id, path: resourcePath('reminder', id), ...(changed && { changed }) });

export async function listReminders(db: Db, ctx: CallerContext, query: ReminderListQuery): Promise<Page<ReminderResponse>> {
  return toPage(query, await queryReminders(db, ctx.accountId, ctx.userId, query, pageWindow(query)), serializeReminder);
}

export async function getReminder(db: Db, ctx: CallerContext, id: number): Promise<ReminderResponse> {
  return serializeReminder(await mine(db, ctx, id));
}

export function createReminder(db: Db, ctx: CallerContext, input: ReminderCreate): Promise<ReminderResponse> {
  assertFuture(input.remind_at);
  return db.transaction(async (tx) => {
    await assertSees(tx, ctx, input.remindable_type, input.remindable_id);
    const id = await insertRow(tx, reminders, {
      accountId: ctx.accountId,
      userId: ctx.userId,
      remindableType: input.remindable_type,
      remindableId: input.remindable_id,
      remindAt: input.remind_at,
      note: input.note ?? null,
    });
    await enqueueReminder(tx, id, input.remind_at);
    await event(tx, ctx, 'create', id);
    return getReminder(tx, ctx, id);
  });
}

export function updateReminder(db: Db, ctx: CallerContext, id: number, input: ReminderUpdate): Promise<ReminderResponse> {
  if (input.remind_at) assertFuture(input.remind_at);
  return db.transaction(async (tx) => {
    const current = await lockForWrite(ctx.ifMatch, {
      key: 'reminder',
      label: 'Reminder',
      lock: () => findReminder(tx, ctx.accountId, ctx.userId, id, true),
      answer: serializeReminder,
    });
    const changed: Record<string, unknown> = {};
    if (input.remind_at && input.remind_at.getTime() !== current.reminder.remindAt.getTime()) {
      // A new time arms it again.
      Object.assign(changed, { remindAt: input.remind_at, notifiedAt: null });
    }
    if (input.note !== undefined && input.note !== current.reminder.note) changed.note = input.note;
    if (Object.keys(changed).length === 0) return serializeReminder(current);
    await updateRow(tx, reminders, ctx.accountId, id, { ...changed, updatedAt: new Date() });
    if (input.remind_at && 'remindAt' in changed) await enqueueReminder(tx, id, input.remind_at);
    await event(tx, ctx, 'update', id, changed);
    return getReminder(tx, ctx, id);
  });
}

export function deleteReminder(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    await lockForWrite(ctx.ifMatch, {
      key: 'reminder',
      label: 'Reminder',
      lock: () => findReminder(tx, ctx.accountId, ctx.userId, id, true),
      answer: serializeReminder,
    });
    await deleteRow(tx, reminders, ctx.accountId, id);
    await event(tx, ctx, 'delete', id);
  });
}

/** How many due reminders one transaction claims. */
const BATCH = 100;

/**
 * Makes the notification of each due reminder (`only`: that one) not yet notified, once: claimed,
 * notified and marked in one transaction per batch. A reminder whose owner no longer sees its
 * record is marked without a notification. The number claimed.
 */
export async function fireDueReminders(db: Db, only?: number): Promise<number> {
  let fired = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, BATCH, only);
      for (const r of due) {
        await notify(
          tx,
          { accountId: r.accountId, userId: null },
          {
            kind: 'reminder',
            subjectType: r.remindableType,
            subjectId: r.remindableId,
            detail: r.note,
            dedupeKey: `reminder:${r.id}:${r.remindAt.toISOString()}`,
          },
          [r.userId],
        );
        await updateRow(tx, reminders, r.accountId, r.id, { notifiedAt: new Date(), updatedAt: new Date() });
      }
      return due.length;
    });
    fired += claimed;
    if (claimed < BATCH || only !== undefined) return fired;
  }
}
