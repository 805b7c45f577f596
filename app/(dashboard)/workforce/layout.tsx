import type { ReactNode } from 'react';
import { requirePageAccess } from '@/lib/server/auth/page-access';

// The workforce pages need the workforce area (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  await requirePageAccess({ area: 'workforce' });
  return children;
}
