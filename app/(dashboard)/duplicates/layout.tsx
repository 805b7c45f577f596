import type { ReactNode } from 'react';
import { mayOpenPage } from '@/lib/server/auth/page-access';

// Duplicates are the directory's: companies and contacts (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  return (await mayOpenPage({ area: 'directory' })) ? children : null;
}
