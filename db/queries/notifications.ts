import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { comments, companies, contacts, leads, notifications, projects, tasks, users } from '@/db/schema';
import { DEFAULT_NOTIFICATION_CHANNELS, type CommentableType, type NotificationKind } from '@/db/schema/enums';
import { alias } from 'drizzle-orm/pg-core';
import { personRefColumns } from './refs';
import { rows, type PageWindow } from './sql';
import { updatedSince } from './tenant';

// A user's notifications (docs/collaboration.md): a page with the actor, the record's name (by its
// type: one left join per kind of record, only one of which matches) and the comment's first 200
// characters joined — the page and its count, whatever the page's size.

const subjectName = sql<string | null>`coalesce(${leads.name}, ${projects.name}, ${companies.name},
  nullif(concat_ws(' ', ${contacts.firstName}, ${contacts.lastName}), ''), ${contacts.email}, ${tasks.title})`;

function selectNotifications(db: Db) {
  return db
    .select({
      notification: notifications,
      actor: personRefColumns(users),
      subjectName,
      commentExcerpt: sql<string | null>`left(${comments.body}, 200)`,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(leads, and(eq(notifications.subjectType, 'lead'), eq(leads.id, notifications.subjectId)))
    .leftJoin(projects, and(eq(notifications.subjectType, 'project'), eq(projects.id, notifications.subjectId)))
    .leftJoin(companies, and(eq(notifications.subjectType, 'company'), eq(companies.id, notifications.subjectId)))
    .leftJoin(contacts, and(eq(notifications.subjectType, 'contact'), eq(contacts.id, notifications.subjectId)))
    .leftJoin(tasks, and(eq(notifications.subjectType, 'task'), eq(tasks.id, notifications.subjectId)))
    .leftJoin(comments, eq(comments.id, notifications.commentId));
}
export type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

export interface NotificationFilters {
  unread?: boolean;
  kind?: NotificationKind;
  updated_since?: Date;
}

function mine(accountId: number, userId: number, f: NotificationFilters = {}): SQL {
  return and(
    eq(notifications.accountId, accountId),
    eq(notifications.userId, userId),
    f.unread === true ? isNull(notifications.readAt) : f.unread === false ? sql`${notifications.readAt} is not null` : undefined,
    f.kind !== undefined ? eq(notifications.kind, f.kind) : undefined,
    updatedSince(notifications.updatedAt, f.updated_since),
  )!;
}

/** The user's notifications, unread first, then newest first. */
export async function listNotifications(db: Db, accountId: number, userId: number, f: NotificationFilters, page: PageWindow) {
  const where = mine(accountId, userId, f);
  const [items, [total]] = await Promise.all([
    selectNotifications(db)
      .where(where)
      .orderBy(sql`${notifications.readAt} is not null`, desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findNotification(db: Db, accountId: number, userId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await selectNotifications(db).where(and(mine(accountId, userId), eq(notifications.id, id)));
  return row;
}

/** Notifications by id, newest first (a digest's). */
export async function notificationsByIds(db: Db, ids: number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return selectNotifications(db).where(inArray(notifications.id, ids)).orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** How many of the user's notifications are unread: one count on the user's index. */
export async function unreadCount(db: Db, accountId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(mine(accountId, userId, { unread: true }));
  return row?.n ?? 0;
}

/** Marks the user's unread notifications among `ids` (all of them with `ids` null) read: how many. */
export async function markRead(db: Db, accountId: number, userId: number, ids: number[] | null): Promise<number> {
  const now = new Date();
  const marked = await db
    .update(notifications)
    .set({ readAt: now, updatedAt: now })
    .where(and(mine(accountId, userId, { unread: true }), ids ? inArray(notifications.id, ids) : undefined))
    .returning({ id: notifications.id });
  return marked.length;
}

export interface NewNotification {
  accountId: number;
  userId: number;
  kind: NotificationKind;
  actorId: number | null;
  subjectType: (typeof notifications.$inferInsert)['subjectType'];
  subjectId: number;
  commentId: number | null;
  detail?: string | null;
  dedupeKey?: string | null;
}

/** Inserts them; one whose recipient already has its `dedupeKey` is skipped (made once per cause). */
export async function insertNotifications(db: Db, values: NewNotification[]): Promise<number[]> {
  if (values.length === 0) return [];
  const made = await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id });
  return made.map((n) => Number(n.id));
}

/** Of `ids`, the notifications whose recipient hears of their kind at once by email: each with the recipient's address. */
export async function instantlyMailed(db: Db, ids: number[]): Promise<{ row: NotificationRow; to: string }[]> {
  if (ids.length === 0) return [];
  const recipient = alias(users, 'recipient');
  const channel = sql`coalesce(${recipient.notificationSettings} ->> ${notifications.kind}, ${JSON.stringify(DEFAULT_NOTIFICATION_CHANNELS)}::jsonb ->> ${notifications.kind})`;
  const mailed = await db
    .select({ id: notifications.id, to: recipient.email })
    .from(notifications)
    .innerJoin(recipient, eq(recipient.id, notifications.userId))
    .where(and(inArray(notifications.id, ids), sql`${channel} = 'instant'`, isNull(recipient.deactivatedAt)));
  if (mailed.length === 0) return [];
  const to = new Map(mailed.map((m) => [Number(m.id), m.to]));
  const found = await selectNotifications(db).where(inArray(notifications.id, [...to.keys()]));
  return found.map((row) => ({ row, to: to.get(Number(row.notification.id))! }));
}

const ASSIGNEE_OF = { lead: leads, project: projects, contact: contacts, task: tasks } as const;

/** Who follows a record's comments: its assignee and everyone who commented on it (but `exceptComment`). */
export async function commentFollowers(db: Db, accountId: number, type: CommentableType, id: number, exceptComment: number): Promise<number[]> {
  const table = type === 'company' ? null : ASSIGNEE_OF[type];
  const assignee = table
    ? sql`(select ${table.assignedToId} from ${table} where ${table.id} = ${id} and ${table.accountId} = ${accountId})`
    : sql`null::bigint`;
  const found = await rows<{ user_id: string | number }>(
    db,
    sql`select ${assignee} as user_id
      union
      select ${comments.authorId} from ${comments}
      where ${comments.accountId} = ${accountId} and ${comments.commentableType} = ${type} and ${comments.commentableId} = ${id}
        and ${comments.id} <> ${exceptComment} and ${comments.authorId} is not null`,
  );
  return found.filter((r) => r.user_id !== null).map((r) => Number(r.user_id));
}
