'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useAccess } from '@/components/shell/access-context';
import { useMe } from '@/lib/client/hooks/use-users';
import { useOverflowFade } from '@/components/ui/use-overflow-fade';

/** The account's own set-up, then the person's. */
const TABS = [
  { href: '/settings/pipeline', label: 'Pipeline' },
  { href: '/settings/lists', label: 'Lists' },
  { href: '/settings/users', label: 'Users' },
  { href: '/settings/custom-fields', label: 'Custom fields' },
  { href: '/settings/scorecard', label: 'Scorecard' },
  { href: '/settings/import', label: 'Import' },
  { href: '/settings/notifications', label: 'Notifications' },
  { href: '/settings/calendar-feed', label: 'Calendar feed' },
  { href: '/settings/email-capture', label: 'Email capture' },
  { href: '/settings/ai-assistants', label: 'AI assistants' },
  { href: '/settings/sessions', label: 'Sessions' },
] as const;
/** The developer tools, grouped after a divider. */
const DEVELOPER_TABS = [
  { href: '/settings/tokens', label: 'API tokens' },
  { href: '/settings/oauth-apps', label: 'OAuth apps' },
  { href: '/settings/authorized-apps', label: 'Authorized apps' },
] as const;
/** For admins only (the API answers others 403). */
const ADMIN_DEVELOPER_TABS = [
  { href: '/settings/webhooks', label: 'Webhooks' },
  { href: '/settings/audit-log', label: 'Audit log' },
] as const;

function Tab({ tab, pathname }: { tab: { href: string; label: string }; pathname: string }) {
  return (
    <Link
      href={tab.href}
      aria-current={pathname === tab.href || pathname.startsWith(`${tab.href}/`) ? 'page' : undefined}
      className="-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 aria-[current=page]:border-blue-700 aria-[current=page]:text-blue-800 dark:text-slate-400 dark:hover:text-slate-100 dark:aria-[current=page]:border-blue-400 dark:aria-[current=page]:text-blue-300"
    >
      {tab.label}
    </Link>
  );
}

/** The parts of Settings, one page each: the account's set-up first, the developer tools after a divider. */
export function SettingsTabs() {
  const pathname = usePathname();
  const me = useMe();
  const { can } = useAccess();
  // The scorecard is the insights area's, the calendar feed the projects area's: hidden without
  // them (their pages would only answer 404).
  const hidden = new Set([...(can('insights', 'read') ? [] : ['/settings/scorecard']), ...(can('projects', 'read') ? [] : ['/settings/calendar-feed'])]);
  const tabs = TABS.filter((t) => !hidden.has(t.href));
  const developer = me.data?.role === 'admin' ? [...DEVELOPER_TABS, ...ADMIN_DEVELOPER_TABS] : DEVELOPER_TABS;
  const nav = useRef<HTMLElement>(null);
  const fade = useOverflowFade(nav);
  // On a phone the tabs scroll sideways: keep the current one in view (also when the window narrows).
  useEffect(() => {
    const reveal = () => nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    reveal();
    window.addEventListener('resize', reveal);
    return () => window.removeEventListener('resize', reveal);
  }, [pathname]);
  return (
    <nav ref={nav} aria-label="Settings" className={`mb-5 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800 ${fade}`}>
      {tabs.map((tab) => (
        <Tab key={tab.href} tab={tab} pathname={pathname} />
      ))}
      <span className="ml-2 flex items-center whitespace-nowrap border-l border-slate-200 pl-3 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-700 dark:text-slate-400">
        Developers
      </span>
      {developer.map((tab) => (
        <Tab key={tab.href} tab={tab} pathname={pathname} />
      ))}
    </nav>
  );
}
