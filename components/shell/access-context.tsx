'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { PermissionArea, UserRole } from '@/lib/shared/validation/enums';
import { allows, FULL_ACCESS, type AreaAction, type UserAccess } from '@/lib/shared/permissions';

// What the signed-in user may do, as the server read it for the page (lib/server/auth/session.ts):
// the dashboard hides the navigation, searches and buttons that would only answer 403. The API
// decides; this only keeps people from trying.

interface Access {
  role: UserRole;
  access: UserAccess;
  /** Whether the user's level in `area` allows `action`. */
  can: (area: PermissionArea, action: AreaAction) => boolean;
}

const AccessContext = createContext<Access>({ role: 'admin', access: FULL_ACCESS, can: () => true });

export function AccessProvider({ role, access, children }: { role: UserRole; access: UserAccess; children: ReactNode }) {
  const can = (area: PermissionArea, action: AreaAction) => allows(access.permissions[area], action);
  return <AccessContext value={{ role, access, can }}>{children}</AccessContext>;
}

export const useAccess = () => useContext(AccessContext);
