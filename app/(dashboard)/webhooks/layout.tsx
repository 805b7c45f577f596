import type { ReactNode } from 'react';
import { requirePageAccess } from '@/lib/server/auth/page-access';

// The webhook message log is the admins' (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  await requirePageAccess({ admin: true });
  return children;
}
