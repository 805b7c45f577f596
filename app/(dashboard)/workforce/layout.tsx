import type { ReactNode } from 'react';
import { mayOpenPage } from '@/lib/server/auth/page-access';

// The workforce pages need the workforce area (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  return (await mayOpenPage({ area: 'workforce' })) ? children : null;
}
