import type { Db } from '@/db';
import { claimDueReminders, findReminder, listReminders as queryReminders, type ReminderRow } from '@/db/queries/reminders';
import { updateRow } from '@/db/queries/tenant';
import { reminders } from '@/db/schema';
import { enqueueReminder } from '@/db/queries/job-queue';
import { serializeReminder } from '@/lib/server/serializers/reminders';
import type { ReminderCreate, ReminderListQuery, ReminderResponse, ReminderUpdate } from '@/lib/shared/validation/reminders';
import type { CallerContext } from './context';
import { validationFailed } from './errors';
import { notify } from './notify';
import { pageWindow, toPage, type Page } from './paging';
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind } from './records';
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

/**
 * Reminders as the write skeleton reads and writes them: only the caller's own (another's is a
 * 404, for a delete too). A new time arms the reminder again and queues its job anew.
 */
function reminderKind(ctx: CallerContext): RecordKind<ReminderRow, ReminderResponse> {
  return {
    resource: 'reminder',
    table: reminders,
    read: (db, accountId, id, lock) => findReminder(db, accountId, ctx.userId, id, lock),
    columns: (row) => row.reminder,
    serialize: serializeReminder,
    narrowed: true,
  };
}

export async function listReminders(db: Db, ctx: CallerContext, query: ReminderListQuery): Promise<Page<ReminderResponse>> {
  return toPage(query, await queryReminders(db, ctx.accountId, ctx.userId, query, pageWindow(query)), serializeReminder);
}

export function getReminder(db: Db, ctx: CallerContext, id: number): Promise<ReminderResponse> {
  return getRecord(db, ctx, reminderKind(ctx), id);
}

export function createReminder(db: Db, ctx: CallerContext, input: ReminderCreate): Promise<ReminderResponse> {
  assertFuture(input.remind_at);
  return createRecord(
    db,
    ctx,
    reminderKind(ctx),
    input,
    async (tx) => {
      await assertSees(tx, ctx, input.remindable_type, input.remindable_id);
      return {
        userId: ctx.userId,
        remindableType: input.remindable_type,
        remindableId: input.remindable_id,
        remindAt: input.remind_at,
        note: input.note ?? null,
      };
    },
    (tx, id) => enqueueReminder(tx, id, input.remind_at),
  );
}

export function updateReminder(db: Db, ctx: CallerContext, id: number, input: ReminderUpdate): Promise<ReminderResponse> {
  if (input.remind_at) assertFuture(input.remind_at);
  return updateRecord(db, ctx, reminderKind(ctx), id, input, {
    columns: () => ({
      ...(input.note === undefined ? {} : { note: input.note }),
      ...(input.remind_at ? { remindAt: input.remind_at } : {}),
    }),
    changed: async (changes, _current, tx) => {
      if (!changes.remindAt) return;
      // A new time arms it again.
      changes.notifiedAt = null;
      await enqueueReminder(tx, id, input.remind_at!);
    },
  });
}

export function deleteReminder(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, reminderKind(ctx), id);
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
