import { getSessionCookie } from 'better-auth/cookies';
import type { Db } from '@/db';
import { deleteOtherSessions, deleteUserSession, listUserSessions } from '@/db/queries/sessions';
import { AUTH_COOKIE_PREFIX } from '@/lib/server/auth/cookies';
import { serializeSession } from '@/lib/server/serializers/sessions';
import type { SessionResponse } from '@/lib/shared/validation/sessions';
import { recordSecurityEvent } from './security-events';
import { notFound } from '@/lib/server/services/errors';
import type { CallerContext } from '@/lib/server/services/context';

// The caller's own browser sessions (Settings → Sessions): list, revoke one, sign out everywhere
// else. Session users only (the routes require it: ACCESS.sessions): a token must not see or end
// its user's sessions.

/**
 * The token of the request's session: the cookie's value before its signature. The request was
 * authenticated with this cookie (ACCESS.sessions), so it is valid.
 */
function currentToken(req: Request): string | null {
  return getSessionCookie(req.headers, { cookiePrefix: AUTH_COOKIE_PREFIX })?.split('.')[0] ?? null;
}

export async function listSessions(db: Db, ctx: CallerContext, req: Request): Promise<SessionResponse[]> {
  const token = currentToken(req);
  return (await listUserSessions(db, ctx.userId)).map((row) => serializeSession(row, token));
}

/** Ends one of the caller's sessions (the current one too: that signs this browser out). */
export async function revokeSession(db: Db, ctx: CallerContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteUserSession(tx, ctx.userId, id))) throw notFound('Session');
    await recordSecurityEvent(tx, ctx, { kind: 'session.revoked', subjectType: 'session', subjectId: id });
  });
}

/** Ends every session of the caller but this one; how many. */
export async function revokeOtherSessions(db: Db, ctx: CallerContext, req: Request): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await deleteOtherSessions(tx, ctx.userId, currentToken(req) ?? '');
    if (ids.length > 0) {
      await recordSecurityEvent(tx, ctx, {
        kind: 'session.revoked',
        subjectType: 'session',
        subjectId: null,
        details: { session_ids: ids.map(String), all_others: true },
      });
    }
    return ids.length;
  });
}
