import type { ReactNode } from 'react';
import { mayOpenPage } from '@/lib/server/auth/page-access';

// The scorecard belongs to the insights area (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  return (await mayOpenPage({ area: 'insights' })) ? children : null;
}
