import type { ReactNode } from 'react';
import { mayOpenPage } from '@/lib/server/auth/page-access';

// The companies pages need the directory area (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  return (await mayOpenPage({ area: 'directory' })) ? children : null;
}
