'use client';

import { useQueries } from '@tanstack/react-query';
import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/states';
import { api, toSearch, type QueryParams } from '@/lib/api-client';
import { localDayIso } from '@/lib/format';
import { useMe } from '@/lib/queries/users';

interface Tile {
  label: string;
  path: string;
  key: string;
  params: QueryParams;
  /** Where the number leads: the filtered list behind it. */
  href: string;
}

function tiles(me: string): Tile[] {
  return [
    { label: 'Open leads', path: '/leads', key: 'leads', params: {}, href: '/leads' },
    { label: 'Priority leads', path: '/leads', key: 'leads', params: { priority: 'true' }, href: '/leads?priority=true' },
    { label: 'Leads assigned to me', path: '/leads', key: 'leads', params: { assigned_to_id: me }, href: `/leads?assigned_to_id=${me}` },
    { label: 'Snoozed leads', path: '/leads', key: 'leads', params: { snoozed: 'true' }, href: '/leads?snoozed=true' },
    { label: 'Archived leads', path: '/leads', key: 'leads', params: { archived: 'true' }, href: '/leads?archived=true' },
    { label: 'Projects in pursuit', path: '/projects', key: 'projects', params: { project_status: 'pursuit' }, href: '/projects?view=table&project_status=pursuit' },
    { label: 'Active projects', path: '/projects', key: 'projects', params: { project_status: 'active' }, href: '/projects?view=table&project_status=active' },
    {
      label: 'My overdue tasks',
      path: '/tasks',
      key: 'tasks',
      params: { assigned_to_id: me, completed: 'false', deadline_before: localDayIso() },
      href: '/tasks?due=overdue',
    },
  ];
}

/** The pipeline at a glance: each number is the total of a filtered list, and links to it. */
export function HomePage() {
  const me = useMe();
  const list = me.data ? tiles(me.data.id) : [];
  const counts = useQueries({
    queries: list.map((t) => ({
      queryKey: ['count', t.path, t.params],
      queryFn: async () => (await api.list(t.path, t.key, { ...t.params, per_page: 1 })).total,
    })),
  });
  return (
    <>
      <PageHeader title={me.data?.first_name ? `Good to see you, ${me.data.first_name}` : 'Home'} description="Your pipeline at a glance." />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {list.map((tile, i) => (
          <li key={tile.label}>
            <Link
              href={tile.href}
              className="block rounded-lg border border-slate-200 bg-white p-4 hover:border-blue-400 dark:border-slate-800 dark:bg-slate-900"
              aria-label={`${tile.label}: ${counts[i]?.data ?? 'loading'}`}
            >
              <span className="block text-sm text-slate-600 dark:text-slate-400">{tile.label}</span>
              {counts[i]?.data === undefined ? (
                <Skeleton className="mt-2 h-8 w-16" />
              ) : (
                <span className="mt-1 block text-3xl font-semibold tabular-nums">{counts[i]!.data}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-500 dark:text-slate-400">
        API: <a className="underline" href={`/api/2023-01/openapi.json${toSearch()}`}>OpenAPI document</a>
      </p>
    </>
  );
}
