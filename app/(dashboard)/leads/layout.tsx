import type { ReactNode } from 'react';
import { mayOpenPage } from '@/lib/server/auth/page-access';

// The leads pages need the leads area (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  return (await mayOpenPage({ area: 'leads' })) ? children : null;
}
