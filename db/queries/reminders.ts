import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { companies, contacts, leads, projects, reminders, tasks, users } from '@/db/schema';
import type { CommentableType } from '@/db/schema/enums';
import { personRefColumns } from './refs';
import { type PageWindow, pageWithTotal } from './sql';
import { ofAccount, oneRow, updatedSince } from './tenant';

// A user's reminders (docs/collaboration.md#reminders): a page with the record's name joined (one
// left join per kind of record, only one of which matches), and the due ones claimed once.

const remindableName = sql<string | null>`coalesce(${leads.name}, ${projects.name}, ${companies.name},
  nullif(concat_ws(' ', ${contacts.firstName}, ${contacts.lastName}), ''), ${contacts.email}, ${tasks.title})`;

function selectReminders(db: Db) {
  return db
    .select({ reminder: reminders, user: personRefColumns(users), remindableName })
    .from(reminders)
    .leftJoin(users, eq(users.id, reminders.userId))
    .leftJoin(leads, and(eq(reminders.remindableType, 'lead'), eq(leads.id, reminders.remindableId)))
    .leftJoin(projects, and(eq(reminders.remindableType, 'project'), eq(projects.id, reminders.remindableId)))
    .leftJoin(companies, and(eq(reminders.remindableType, 'company'), eq(companies.id, reminders.remindableId)))
    .leftJoin(contacts, and(eq(reminders.remindableType, 'contact'), eq(contacts.id, reminders.remindableId)))
    .leftJoin(tasks, and(eq(reminders.remindableType, 'task'), eq(tasks.id, reminders.remindableId)));
}
export type ReminderRow = Awaited<ReturnType<ReturnType<typeof selectReminders>['execute']>>[number];

export interface ReminderFilters {
  /** upcoming: remind_at still ahead; past: come. */
  due?: 'upcoming' | 'past';
  remindable_type?: CommentableType;
  remindable_id?: number;
  updated_since?: Date;
}

/** The user's reminders: upcoming soonest first, past most recent first (all: by time). */
export function listReminders(db: Db, accountId: number, userId: number, f: ReminderFilters, page: PageWindow) {
  const now = new Date();
  const where = and(
    eq(reminders.accountId, accountId),
    eq(reminders.userId, userId),
    f.due === 'upcoming' ? gt(reminders.remindAt, now) : f.due === 'past' ? lte(reminders.remindAt, now) : undefined,
    f.remindable_type !== undefined ? eq(reminders.remindableType, f.remindable_type) : undefined,
    f.remindable_id !== undefined ? eq(reminders.remindableId, f.remindable_id) : undefined,
    updatedSince(reminders.updatedAt, f.updated_since),
  );
  const order = f.due === 'past' ? [desc(reminders.remindAt), desc(reminders.id)] : [asc(reminders.remindAt), asc(reminders.id)];
  return pageWithTotal(db, selectReminders(db).$dynamic(), reminders, where, order, page);
}

/** One of the user's reminders (its row locked with `lock`). */
export function findReminder(db: Db, accountId: number, userId: number, id: number, lock = false): Promise<ReminderRow | undefined> {
  return oneRow(selectReminders(db).where(and(ofAccount(reminders, accountId, id), eq(reminders.userId, userId))), reminders, lock);
}

/**
 * Due reminders not yet notified, locked for this transaction (FOR UPDATE SKIP LOCKED: another
 * worker claiming at the same time takes others, or none) — `only`: that one alone.
 */
export function claimDueReminders(db: Db, limit: number, only?: number) {
  return db
    .select()
    .from(reminders)
    .where(and(isNull(reminders.notifiedAt), lte(reminders.remindAt, sql`now()`), only !== undefined ? eq(reminders.id, only) : undefined))
    .orderBy(asc(reminders.remindAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Deletes the reminders on a record (the record is being deleted): their ids, for their events. */
export async function deleteRemindersOn(db: Db, accountId: number, type: CommentableType, id: number): Promise<number[]> {
  const gone = await db
    .delete(reminders)
    .where(and(eq(reminders.accountId, accountId), eq(reminders.remindableType, type), eq(reminders.remindableId, id)))
    .returning({ id: reminders.id });
  return gone.map((r) => Number(r.id));
}
