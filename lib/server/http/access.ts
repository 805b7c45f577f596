import type { PermissionArea } from '@/db/schema/enums';
import { ServiceError } from '@/lib/server/services/errors';
import type { CallerContext } from '@/lib/server/services/context';
import { requireArea } from '@/lib/server/services/permissions';
import type { AreaAction } from '@/lib/shared/permissions';

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
  webhooks: { admin: 'manage webhooks' },
  webhookMessages: { admin: 'read the webhook message log' },
  settings: { admin: "change the account's lookups and project stages" },
  customFields: { admin: 'define, change or delete custom fields' },
  goNoGoCriteria: { admin: 'change the go / no-go scorecard' },
  account: { admin: "change the account's name and time zone" },
  calendarFeed: { session: 'Your calendar feed is managed from a signed-in browser session (Settings → Calendar feed), not with a token.' },
} satisfies Record<string, RouteAccess>;

/**
 * The permission areas of the API's paths (below /api/2023-01), by their leading segments (`*`:
 * any one segment; the first match wins). A path with none needs no area (users, lookups, the
 * caller's own credentials); tests/api/permissions.test.ts holds every route to this table.
 * Imports check the area of the resource they carry (lib/server/imports/service.ts).
 */
export const PATH_AREAS: readonly (readonly [pattern: string, areas: readonly PermissionArea[]])[] = [
  ['/leads/*/convert', ['leads', 'projects']],
  ['/leads', ['leads']],
  ['/projects/*/forecast', ['projects', 'forecast']],
  ['/projects/*/go_no_go', ['projects', 'insights']],
  ['/projects', ['projects']],
  ['/project_team_memberships', ['projects']],
  ['/team_memberships', ['projects']],
  ['/task_lists', ['projects']],
  ['/tasks', ['projects']],
  ['/calls', ['projects']],
  ['/bid_results', ['projects']],
  ['/reports/pipeline', ['projects']],
  ['/companies', ['directory']],
  ['/contacts', ['directory']],
  ['/duplicates', ['directory']],
  ['/merges', ['directory']],
  ['/workforce', ['workforce']],
  ['/forecast', ['forecast']],
  ['/revenue_targets', ['forecast']],
  ['/insights/probability_gaps', ['insights', 'projects']],
  ['/insights', ['insights']],
  ['/go_no_go_criteria', ['insights']],
  ['/calendar_events', ['projects']],
];

/** The areas of a path below /api/2023-01 (`/leads/12/convert`). */
export function areasOfPath(path: string): readonly PermissionArea[] {
  const segments = path.split('/').filter(Boolean);
  for (const [pattern, areas] of PATH_AREAS) {
    const want = pattern.split('/').filter(Boolean);
    if (want.length <= segments.length && want.every((w, i) => w === '*' || w === segments[i])) return areas;
  }
  return [];
}

/** What an HTTP method does to its area: reads, deletes, or writes (creates and updates). */
export function actionOf(method: string): AreaAction {
  return method === 'GET' || method === 'HEAD' ? 'read' : method === 'DELETE' ? 'delete' : 'write';
}

/** The path's areas, each allowing the method's action. */
export function checkAreas(ctx: CallerContext, path: string, method: string): void {
  for (const area of areasOfPath(path)) requireArea(ctx, area, actionOf(method));
}
