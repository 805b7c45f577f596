'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { CommandPaletteLauncher } from './command-palette-launcher';
import { AccessProvider } from './access-context';
import { visibleLinks } from './nav-links';
import type { UserAccess } from '@/lib/shared/permissions';
import type { UserRole } from '@/lib/shared/validation/enums';
import { SignOutButton } from './sign-out-button';
import { ThemeToggle } from './theme-toggle';

export interface ShellUser {
  name: string;
  email: string;
  role: UserRole;
  access: UserAccess;
}

function isActive(pathname: string, href: string) {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/** Sidebar navigation on wide screens, a menu button on phones; the page in the main column. */
export function AppShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
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
                className="rounded-md px-2 py-1 text-sm font-medium hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
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
              <ThemeToggle />
              <span className="hidden text-slate-600 sm:inline dark:text-slate-400" title={user.email}>
                {user.name}
              </span>
              <SignOutButton />
            </div>
          </header>
          {menuOpen ? (
            <div id="mobile-nav" className="border-b border-slate-200 bg-white lg:hidden dark:border-slate-800 dark:bg-slate-900">
              {nav}
            </div>
          ) : null}
          <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
            {children}
          </main>
        </div>
      </div>
    </AccessProvider>
  );
}
