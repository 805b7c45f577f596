import type { UserRole } from '@/db/schema/enums';
import { accessOfUser, type UserAccess } from '@/lib/shared/permissions';
import type { IfMatch } from './preconditions';

/** Who is calling, for which account: every handler and service is scoped by this. */
export interface CallerContext {
  requestId: string;
  accountId: number;
  userId: number;
  /** The caller's role in the account (`admin` also manages the account's users). */
  role: UserRole;
  /** The projects the caller sees and their level per area, as in effect (an admin's: everything). */
  access: UserAccess;
  scopes: string[];
  /** `session`: the browser's cookie; `token`: an `Authorization` token. */
  authMethod: 'session' | 'token';
  /** The token's id, for the audit log (webhook_messages.token_id). */
  tokenId?: number;
  /**
   * The credential the caller used (`token:<id>`, `oauth_grant:<id>`, `oauth_app:<id>`,
   * `session:<id>`): idempotency keys belong to it.
   */
  credential: string;
  /** Origin for absolute links to records. */
  baseUrl: string;
  /** Where the request came from, for the security events of the audit log. */
  client?: { address: string; userAgent: string | null };
  /** PATCH and DELETE: the `If-Match` precondition the service checks after locking the row. */
  ifMatch?: IfMatch | null;
}

/**
 * Work done for a user outside a request (an import's batches, a captured email): their role and
 * access as they are now, with full scopes, as their session would have.
 */
export function contextOfUser(
  user: Parameters<typeof accessOfUser>[0] & { id: number },
  work: { accountId: number; requestId: string; credential: string; baseUrl: string },
): CallerContext {
  const { role, access } = accessOfUser(user);
  return { ...work, userId: user.id, role, access, scopes: ['read', 'write'], authMethod: 'session', ifMatch: null };
}

/** The user whose teams bound what the caller sees (project access `team`); undefined: all projects. */
export function teamOf(ctx: Pick<CallerContext, 'access' | 'userId'>): number | undefined {
  return ctx.access.projectAccess === 'team' ? ctx.userId : undefined;
}
