import type { ReactNode } from 'react';
import { mayOpenPage } from '@/lib/server/auth/page-access';

// The forecast pages need the forecast area (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  return (await mayOpenPage({ area: 'forecast' })) ? children : null;
}
