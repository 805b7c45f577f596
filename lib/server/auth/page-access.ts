import 'server-only';
import { notFound, redirect } from 'next/navigation';
import type { PermissionArea } from '@/db/schema/enums';
import { allows } from '@/lib/shared/permissions';
import { getCurrentUser } from './session';

/**
 * A dashboard page of an area the user cannot read, or of admins' when they are not one, is not
 * there for them (404): the dashboard never shows a page that would only answer 403.
 */
export async function requirePageAccess(rule: { area: PermissionArea } | { admin: true }): Promise<void> {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in');
  const allowed = 'admin' in rule ? user.role === 'admin' : allows(user.access.permissions[rule.area], 'read');
  if (!allowed) notFound();
}
