import type { ReactNode } from 'react';
import { requirePageAccess } from '@/lib/server/auth/page-access';

// The contacts pages need the directory area (docs/permissions.md).
export default async function Layout({ children }: { children: ReactNode }) {
  await requirePageAccess({ area: 'directory' });
  return children;
}
