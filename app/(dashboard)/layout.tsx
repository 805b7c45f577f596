import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { getCurrentUser } from '@/lib/server/auth/session';

// Every dashboard page needs a signed-in user; the data itself comes from the public API.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in');
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return <AppShell user={{ name, email: user.email, role: user.role, access: user.access }}>{children}</AppShell>;
}
