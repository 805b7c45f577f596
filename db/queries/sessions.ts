import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { sessions } from '@/db/schema';

export type SessionRow = typeof sessions.$inferSelect;

/** A user's live sessions, most recently active first (a user has a handful; capped all the same). */
export async function listUserSessions(db: Db, userId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id))
    .limit(200);
}

/** Deletes one of the user's sessions; whether there was one. */
export async function deleteUserSession(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Deletes every session of the user but the one with this token; their ids. */
export async function deleteOtherSessions(db: Db, userId: number, keepToken: string): Promise<number[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.token, keepToken)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
