'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ReminderList } from '@/components/reminders/reminder-list';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { RelativeTime } from '@/components/ui/relative-time';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useMarkRead, useNotifications, type Notification } from '@/lib/client/hooks/use-notifications';
import { CARD } from '@/components/ui/section-card';

// The notification inbox (docs/collaboration.md): unread first, grouped by day; mark one or all
// read; a click opens the record at the comment and marks it read. Below, one's upcoming reminders.

const KEYS = ['show'] as const;
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

/** The dashboard path of a notification's absolute URL. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}${u.hash}`;
};

function groups(items: Notification[]): [string, Notification[]][] {
  const out = new Map<string, Notification[]>();
  for (const n of items) {
    const label = n.read_at === null ? 'Unread' : dayFormat.format(new Date(n.created_at));
    out.set(label, [...(out.get(label) ?? []), n]);
  }
  return [...out];
}

function Item({ n }: { n: Notification }) {
  const mark = useMarkRead();
  const router = useRouter();
  const unread = n.read_at === null;
  return (
    <li className={`flex items-start gap-3 px-4 py-3 ${unread ? 'bg-blue-50/60 dark:bg-blue-950/30' : ''}`}>
      <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-blue-600' : 'bg-transparent'}`} />
      <div className="min-w-0 flex-1">
        <Link
          href={pathOf(n.url)}
          className="font-medium text-slate-900 hover:underline dark:text-slate-100"
          onClick={(e) => {
            if (!unread) return;
            e.preventDefault();
            mark.mutate({ ids: [n.id] }, { onSettled: () => router.push(pathOf(n.url)) });
          }}
        >
          {n.message}
        </Link>
        {n.comment ? (
          <p className="mt-0.5 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{n.comment.excerpt.replace(/@\[([^\]]+)\]\(user:\d+\)/g, '@$1')}</p>
        ) : null}
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
          <RelativeTime at={n.created_at} />
        </p>
      </div>
      {unread ? (
        <Button variant="ghost" size="sm" onClick={() => mark.mutate({ ids: [n.id] })} aria-label={`Mark read: ${n.message}`}>
          Mark read
        </Button>
      ) : null}
    </li>
  );
}

export function NotificationsPage() {
  const [state, setState] = useUrlState(KEYS);
  const unreadOnly = state.show === 'unread';
  const query = useNotifications({ per_page: 100, ...(unreadOnly ? { unread: 'true' } : {}) });
  const mark = useMarkRead();
  const items = query.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Mentions of you, records assigned to you, comments on them, your reminders and what is due."
        actions={
          <>
            <Link
              href="/settings/notifications"
              className="rounded-md px-3 py-2 text-sm font-medium text-blue-700 hover:bg-slate-100 dark:text-blue-300 dark:hover:bg-slate-800"
            >
              Email settings
            </Link>
            <Button variant="secondary" onClick={() => mark.mutate({ all: true })} disabled={mark.isPending || !items.some((n) => n.read_at === null)}>
              Mark all read
            </Button>
          </>
        }
      />
      <div className="mb-3 inline-flex rounded-md border border-slate-300 text-sm dark:border-slate-600" role="group" aria-label="Show">
        {(
          [
            ['', 'All'],
            ['unread', 'Unread'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={label}
            type="button"
            aria-pressed={(state.show ?? '') === value}
            onClick={() => setState({ show: value || null })}
            className="px-3 py-1.5 first:rounded-l-md last:rounded-r-md aria-pressed:bg-blue-700 aria-pressed:text-white"
          >
            {label}
          </button>
        ))}
      </div>
      <div className={`overflow-hidden ${CARD}`}>
        {query.error ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : query.isPending ? (
          <TableSkeleton rows={4} />
        ) : items.length === 0 ? (
          <EmptyState title={unreadOnly ? 'Nothing unread.' : 'No notifications yet.'}>
            When a colleague @mentions you, assigns you a record or comments on yours, or a reminder comes due, it shows here.
          </EmptyState>
        ) : (
          groups(items).map(([label, group]) => (
            <section key={label} aria-label={label}>
              <h2 className="border-b border-slate-100 bg-slate-50 px-4 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
                {label}
              </h2>
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {group.map((n) => (
                  <Item key={n.id} n={n} />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      <div className="mt-6">
        <ReminderList />
      </div>
    </>
  );
}
