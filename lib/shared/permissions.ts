import { PERMISSION_AREAS, PERMISSION_LEVELS, type PermissionArea, type PermissionLevel, type ProjectAccess, type UserRole } from '@/db/schema/enums';

// What a user may do (docs/permissions.md): which projects they see, and a level per area. The API
// enforces it (lib/server/http/access.ts, the queries' project-access filter); the dashboard reads
// the same rules to hide what would only answer 403.

export type Permissions = Record<PermissionArea, PermissionLevel>;

/** What an area's level allows: `read` any level but none, `write` (create, update) the same, `delete` admin only. */
export type AreaAction = 'read' | 'write' | 'delete';

export interface UserAccess {
  projectAccess: ProjectAccess;
  permissions: Permissions;
}

/** Every project, admin everywhere: an account admin's access. */
export const FULL_ACCESS: UserAccess = Object.freeze({
  projectAccess: 'all',
  permissions: Object.freeze(Object.fromEntries(PERMISSION_AREAS.map((a) => [a, 'admin'])) as Permissions),
});

/** Account admins have everything, whatever their stored levels say. */
export function effectiveAccess(role: UserRole, stored: UserAccess): UserAccess {
  return role === 'admin' ? FULL_ACCESS : stored;
}

export function allows(level: PermissionLevel, action: AreaAction): boolean {
  if (level === 'none') return false;
  return action !== 'delete' || level === 'admin';
}

/** The levels of a users row's columns (`permissionLeads`, …), by area. */
export function permissionsOf(row: { [K in `permission${Capitalize<PermissionArea>}`]: PermissionLevel }): Permissions {
  return {
    leads: row.permissionLeads,
    projects: row.permissionProjects,
    directory: row.permissionDirectory,
    workforce: row.permissionWorkforce,
    forecast: row.permissionForecast,
    insights: row.permissionInsights,
  };
}

/** The columns of a users row for these levels (a PATCH may give some areas only). */
export function permissionColumns(permissions: Partial<Permissions>) {
  const column = (area: PermissionArea) => `permission${area[0]!.toUpperCase()}${area.slice(1)}` as `permission${Capitalize<PermissionArea>}`;
  return Object.fromEntries(Object.entries(permissions).map(([area, level]) => [column(area as PermissionArea), level])) as Partial<
    Record<`permission${Capitalize<PermissionArea>}`, PermissionLevel>
  >;
}

/**
 * The access of a user record whose fields are loosely typed (Better Auth's session user): an
 * unknown value grants nothing (`none`, `team`), never more.
 */
export function accessOfUser(user: { role?: unknown; projectAccess?: unknown } & Partial<Record<`permission${Capitalize<PermissionArea>}`, unknown>>): {
  role: UserRole;
  access: UserAccess;
} {
  const role: UserRole = user.role === 'admin' ? 'admin' : 'member';
  const level = (v: unknown): PermissionLevel => (PERMISSION_LEVELS.includes(v as PermissionLevel) ? (v as PermissionLevel) : 'none');
  const stored: UserAccess = {
    projectAccess: user.projectAccess === 'all' ? 'all' : 'team',
    permissions: {
      leads: level(user.permissionLeads),
      projects: level(user.permissionProjects),
      directory: level(user.permissionDirectory),
      workforce: level(user.permissionWorkforce),
      forecast: level(user.permissionForecast),
      insights: level(user.permissionInsights),
    },
  };
  return { role, access: effectiveAccess(role, stored) };
}
