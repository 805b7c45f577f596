import type { PermissionArea, UserRole } from '@/lib/shared/validation/enums';
import { allows, type UserAccess } from '@/lib/shared/permissions';

/** The dashboard's pages, each with the area it shows (none: everyone's) or for admins only. */
export const NAV_LINKS: readonly { href: string; label: string; area?: PermissionArea; admin?: true }[] = [
  { href: '/', label: 'Home' },
  { href: '/leads', label: 'Leads', area: 'leads' },
  { href: '/projects', label: 'Projects', area: 'projects' },
  { href: '/forecast', label: 'Forecast', area: 'forecast' },
  { href: '/insights', label: 'Insights', area: 'insights' },
  { href: '/tasks', label: 'Tasks', area: 'projects' },
  { href: '/calendar', label: 'Calendar', area: 'projects' },
  { href: '/companies', label: 'Companies', area: 'directory' },
  { href: '/contacts', label: 'Contacts', area: 'directory' },
  { href: '/calls', label: 'Calls', area: 'projects' },
  { href: '/teams', label: 'Teams', area: 'projects' },
  { href: '/workforce', label: 'Workforce', area: 'workforce' },
  { href: '/webhooks', label: 'Webhook messages', admin: true },
  { href: '/settings', label: 'Settings' },
];

/** The pages this user can open: their areas readable, admins' pages for admins. */
export function visibleLinks(role: UserRole, access: UserAccess) {
  return NAV_LINKS.filter((l) => (l.admin ? role === 'admin' : !l.area || allows(access.permissions[l.area], 'read')));
}

/**
 * The page `pathname` belongs to, when this user may not open it (its area unreadable, or an
 * admins' page): what it is called, so the page can say so instead of failing. Null otherwise.
 */
export function pageOutOfReach(pathname: string, role: UserRole, access: UserAccess): string | null {
  const link = NAV_LINKS.find((l) => l.href !== '/' && (pathname === l.href || pathname.startsWith(`${l.href}/`)));
  if (!link) return null;
  const allowed = link.admin ? role === 'admin' : !link.area || allows(access.permissions[link.area], 'read');
  return allowed ? null : link.label;
}
