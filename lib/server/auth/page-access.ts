import 'server-only';
import { redirect } from 'next/navigation';
import type { PermissionArea } from '@/db/schema/enums';
import { allows } from '@/lib/shared/permissions';
import { getCurrentUser } from './session';

/**
 * Whether the user may open a dashboard page of an area (or of admins'). A page they may not is
 * not rendered (nothing of it is fetched): the shell says "You don't have access to …, ask an
 * admin" in its place (components/shell/app-shell.tsx), never a page that would only answer 403.
 */
export async function mayOpenPage(rule: { area: PermissionArea } | { admin: true }): Promise<boolean> {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in');
  return 'admin' in rule ? user.role === 'admin' : allows(user.access.permissions[rule.area], 'read');
}
