import type { ReactNode } from 'react';
import { requirePageAccess } from '@/lib/server/auth/page-access';

// The forecast pages need the forecast area (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  await requirePageAccess({ area: 'forecast' });
  return children;
}
