import type { Db } from '@/db';
import { commentFollowers, insertNotifications } from '@/db/queries/notifications';
import { mailInstantly, publicBaseUrl } from '@/lib/server/mail/outbox';
import type { CommentableType, NotificationKind } from '@/db/schema/enums';
import { userSees } from './visibility';

// Who hears of what (docs/collaboration.md#notifications): a notification is made in the same
// transaction as its cause, for each recipient who is active and sees the record — never for one's
// own action — and at most once per cause (`dedupeKey`: a second worker's insert of the same one
// does nothing).

export interface NotificationCause {
  kind: NotificationKind;
  subjectType: CommentableType;
  subjectId: number;
  commentId?: number | null;
  /** What it says beyond its record (a reminder's note). */
  detail?: string | null;
  /** Made once per recipient and key: `reminder:12`, `task_due:7:2026-11-29`. */
  dedupeKey?: string | null;
}

/** Who acts: their account, and themselves (null: the system — a reminder, a due date); the origin of links. */
interface Actor {
  accountId: number;
  userId: number | null;
  baseUrl?: string;
}

/** Notifies each of `userIds` who sees the record, but the actor; the users notified. */
export async function notify(db: Db, actor: Actor, cause: NotificationCause, userIds: Iterable<number>): Promise<number[]> {
  const recipients: number[] = [];
  for (const userId of new Set(userIds)) {
    if (userId === actor.userId) continue;
    if (await userSees(db, actor.accountId, userId, cause.subjectType, cause.subjectId)) recipients.push(userId);
  }
  const made = await insertNotifications(
    db,
    recipients.map((userId) => ({
      accountId: actor.accountId,
      userId,
      kind: cause.kind,
      actorId: actor.userId,
      subjectType: cause.subjectType,
      subjectId: cause.subjectId,
      commentId: cause.commentId ?? null,
      detail: cause.detail ?? null,
      dedupeKey: cause.dedupeKey ?? null,
    })),
  );
  // Those who asked to hear of this kind at once get a mail, queued with it.
  await mailInstantly(db, made, actor.baseUrl ?? publicBaseUrl());
  return recipients;
}

/** The records with an assignee, whose assignment is told. */
export const ASSIGNABLE: readonly CommentableType[] = ['lead', 'project', 'task', 'contact'];

/** An `assignment` notification for the record's new assignee (unless they assigned it themselves). */
export async function notifyAssigned(db: Db, actor: Actor, type: CommentableType, id: number, assigneeId: unknown): Promise<void> {
  if (!ASSIGNABLE.includes(type) || typeof assigneeId !== 'number') return;
  await notify(db, actor, { kind: 'assignment', subjectType: type, subjectId: id }, [assigneeId]);
}

/**
 * A `comment` notification for the record's assignee and everyone who commented on it before,
 * but the writer and those the comment already told (its mentions).
 */
export async function notifyCommentFollowers(db: Db, actor: Actor, type: CommentableType, id: number, commentId: number, told: number[]): Promise<void> {
  const skip = new Set(told);
  const followers = (await commentFollowers(db, actor.accountId, type, id, commentId)).filter((u) => !skip.has(u));
  await notify(db, actor, { kind: 'comment', subjectType: type, subjectId: id, commentId }, followers);
}
