import { headers } from 'next/headers';
import { cache } from 'react';
import type { UserRole } from '@/db/schema/enums';
import { accessOfUser, type UserAccess } from '@/lib/shared/permissions';
import { hasSessionCookie } from './request-session';
import { getAuth } from './server';

export interface CurrentUser {
  userId: number;
  accountId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: UserRole;
  /** What the user may see and do (the dashboard hides the rest). */
  access: UserAccess;
}

/**
 * The signed-in user of this request, for server components and layouts; null without a valid
 * session. Once per request (React cache). The session is not refreshed here: a server component
 * cannot set the cookie that would follow (the API and /api/auth refresh it).
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const requestHeaders = await headers();
  if (!hasSessionCookie(requestHeaders)) return null;
  const session = await getAuth().api.getSession({ headers: requestHeaders, query: { disableRefresh: true } });
  if (!session || session.user.deactivatedAt) return null;
  const { user } = session;
  return {
    userId: Number(user.id),
    accountId: user.accountId,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    ...accessOfUser(user),
  };
});
