'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { CommandPaletteLauncher } from './command-palette-launcher';
import { AccessProvider } from './access-context';
import { pageOutOfReach, visibleLinks } from './nav-links';
import type { UserAccess } from '@/lib/shared/permissions';
import type { UserRole } from '@/lib/shared/validation/enums';
import { SignOutButton } from './sign-out-button';
import { NotificationBell } from './notification-bell';
import { ThemeToggle } from './theme-toggle';
import { CARD } from '@/components/ui/section-card';

export interface ShellUser {
  name: string;
  email: string;
  role: UserRole;
  access: UserAccess;
}

function isActive(pathname: string, href: string) {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/** A page the user's access does not reach: what it is, and who can open it for them. */
function NoAccess({ page }: { page: string }) {
  return (
    <div role="alert" className={`${CARD} px-6 py-14 text-center`}>
      <h1 className="text-lg font-semibold">You don’t have access to {page}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Ask an admin of your account to give you access, or go back to your pages.</p>
      <Link href="/" className="mt-4 inline-block text-sm font-medium text-blue-800 hover:underline dark:text-blue-300">
        Go to Home
      </Link>
    </div>
  );
}

/** Sidebar navigation on wide screens, a menu button on phones; the page in the main column. */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const outOfReach = pageOutOfReach(pathname, user.role, user.access);
  const nav = (
    <nav aria-label="Main" className="flex flex-col gap-0.5 p-3">
      {visibleLinks(user.role, user.access).map((link) => (
        <Link
          key={link.href}
          href={link.href}
          onClick={() => setMenuOpen(false)}
          aria-current={isActive(pathname, link.href) ? 'page' : undefined}
          className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-blue-950 dark:aria-[current=page]:text-blue-200"
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
  return (
    <AccessProvider role={user.role} access={user.access}>
      <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr]">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <aside className="hidden border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
          <div className="px-6 py-5 text-lg font-semibold tracking-tight">Groundwork</div>
          {nav}
        </aside>
        <div className="min-w-0">
          <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2.5 dark:border-slate-800 dark:bg-slate-900">
            <div className="flex items-center gap-2">
              <button
                type="button"
                className="whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
                aria-expanded={menuOpen}
                aria-controls="mobile-nav"
                onClick={() => setMenuOpen((o) => !o)}
              >
                ☰ Menu
              </button>
              <span className="hidden font-semibold sm:inline lg:hidden">Groundwork</span>
              <CommandPaletteLauncher />
            </div>
            <div className="flex items-center gap-2 text-sm">
              <NotificationBell />
              <ThemeToggle />
              <Link
                href="/profile"
                className="hidden rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:inline dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
                title={`${user.email} · your profile`}
              >
                {user.name}
              </Link>
              <SignOutButton />
            </div>
          </header>
          {menuOpen ? (
            <div id="mobile-nav" className="border-b border-slate-200 bg-white lg:hidden dark:border-slate-800 dark:bg-slate-900">
              {nav}
            </div>
          ) : null}
          <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
            {outOfReach ? <NoAccess page={outOfReach} /> : children}
          </main>
        </div>
      </div>
    </AccessProvider>
  );
}
