import { ServiceError } from '@/lib/server/services/errors';
import type { CallerContext } from '@/lib/server/services/context';

// Who may do what beyond the token scopes: an admin manages the account's users, and credentials
// and users are managed from a signed-in browser only. Routes declare these rules (`RouteAccess`),
// so the wrapper checks them before anything else runs — an idempotent replay included.

export const forbidden = (message: string) => new ServiceError('forbidden', message);

/** What a route's method requires of its caller, beyond the token scope of its HTTP method. */
export interface RouteAccess {
  /** A signed-in browser session (no API or OAuth token): `true`, or the refusal's message. */
  session?: true | string;
  /** An admin of the account: the action named in the refusal ("add users"). */
  admin?: string;
}

export function requireAdmin(ctx: CallerContext, action: string): void {
  if (ctx.role !== 'admin') throw forbidden(`Only an admin of the account can ${action}.`);
}

const SESSION_ONLY = 'This is done from a signed-in browser session (the dashboard), not with an API or OAuth token.';

/**
 * A token cannot manage credentials or users: a leaked token must not be able to outlive its own
 * revocation by minting a successor, or plant a login of its own.
 */
export function requireSession(ctx: CallerContext, message: string = SESSION_ONLY): void {
  if (ctx.authMethod !== 'session') throw new ServiceError('session_required', message);
}

/** The route's declared access: the session first (a token learns nothing else), then the role. */
export function checkAccess(ctx: CallerContext, access: RouteAccess | undefined): void {
  if (!access) return;
  if (access.session) requireSession(ctx, access.session === true ? SESSION_ONLY : access.session);
  if (access.admin) requireAdmin(ctx, access.admin);
}

/** The access rules routes declare, named by what they guard. */
export const ACCESS = {
  apiTokens: { session: 'API tokens are managed from a signed-in browser session (Settings → API tokens), not with an API token.' },
  oauthApplications: {
    session: 'OAuth applications are managed from a signed-in browser session (Settings → OAuth apps), not with a token.',
    admin: 'manage OAuth applications',
  },
  oauthGrants: { session: 'Authorizations are managed from a signed-in browser session (Settings → Authorized apps), not with a token.' },
  sessions: { session: 'Sessions are managed from a signed-in browser session (Settings → Sessions), not with an API token.' },
  addUsers: { session: 'Users are managed from a signed-in browser session (Settings → Users), not with an API or OAuth token.', admin: 'add users' },
  changeUsers: { session: 'Users are managed from a signed-in browser session (Settings → Users), not with an API or OAuth token.', admin: 'change users' },
  auditLog: { admin: 'read the audit log' },
  revenueTargets: { admin: 'set revenue targets' },
} satisfies Record<string, RouteAccess>;
