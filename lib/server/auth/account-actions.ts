import type { SecurityEventKind } from '@/db/schema/enums';
import { insertSecurityEvent } from '@/db/queries/security-events';
import { getDb } from '@/lib/server/db';
import { clientAddress } from '@/lib/server/security/client-address';
import { getAuth } from './server';

// Better Auth's own endpoints that change a signed-in user's password or end their sessions,
// written to the account's security log as the 2023-01 API's are (lib/server/services/*): a
// password changed by its owner (`POST /api/auth/change-password`, `details.revoked_other_sessions`
// when they asked to end the rest) and "sign out everywhere" (`POST /api/auth/revoke-sessions`,
// this session included). Better Auth makes the change itself, so the event is written once it
// answered 200, not in its transaction; a lost row is logged. Who acts is read before the handler
// runs: revoke-sessions deletes the very session that says so. Better Auth's other session
// endpoints are off (lib/server/auth/server.ts): the Sessions API is the recorded way.

interface Action {
  kind: SecurityEventKind;
  subject: (userId: number) => { subjectType: string; subjectId: number | null };
  details: (answer: Record<string, unknown> | null) => Record<string, unknown>;
}

const ACTIONS: Record<string, Action> = {
  '/change-password': {
    kind: 'user.password_changed',
    subject: (userId) => ({ subjectType: 'user', subjectId: userId }),
    // Better Auth answers a new session token only when it ended the others.
    details: (answer) => ({ self_service: true, revoked_other_sessions: typeof answer?.token === 'string' }),
  },
  '/revoke-sessions': {
    kind: 'session.revoked',
    subject: () => ({ subjectType: 'session', subjectId: null }),
    details: () => ({ all: true }),
  },
};

export async function auditedAuthAction(req: Request, path: string, handler: (req: Request) => Promise<Response>): Promise<Response> {
  const action = ACTIONS[path];
  if (!action) return handler(req);
  const session = await getAuth()
    .api.getSession({ headers: req.headers, query: { disableRefresh: true } })
    .catch(() => null);
  const res = await handler(req);
  if (!res.ok || !session) return res;
  try {
    const userId = Number(session.user.id);
    const answer = (await res
      .clone()
      .json()
      .catch(() => null)) as Record<string, unknown> | null;
    await insertSecurityEvent(getDb(), {
      accountId: session.user.accountId,
      kind: action.kind,
      actorId: userId,
      ...action.subject(userId),
      details: action.details(answer),
      ipAddress: clientAddress(req),
      userAgent: req.headers.get('user-agent'),
    });
  } catch (err) {
    console.error(`[auth] could not record ${action.kind}`, err);
  }
  return res;
}
