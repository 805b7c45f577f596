import type { ReactNode } from 'react';
import { requirePageAccess } from '@/lib/server/auth/page-access';

// The leads pages need the leads area (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  await requirePageAccess({ area: 'leads' });
  return children;
}
