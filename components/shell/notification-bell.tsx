'use client';

import Link from 'next/link';
import { useUnreadCount, useUnreadPush } from '@/lib/client/hooks/use-notifications';

/** The header's bell: how many notifications are unread (pushed at each change, asked again every 30 s), opening the inbox. */
export function NotificationBell() {
  useUnreadPush();
  const unread = useUnreadCount().data ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <Link
      href="/notifications"
      aria-label={label}
      title={label}
      className="relative rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
    >
      <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
        <path d="M10 2a6 6 0 0 0-6 6v3.6l-1.7 2.6A1 1 0 0 0 3.1 16h13.8a1 1 0 0 0 .8-1.8L16 11.6V8a6 6 0 0 0-6-6Zm0 18a3 3 0 0 1-2.8-2h5.6A3 3 0 0 1 10 20Z" />
      </svg>
      {unread > 0 ? (
        <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
