'use client';

import Link from 'next/link';
import { Pagination } from '@/components/ui/pagination';
import { SortHeader } from '@/components/ui/sort-header';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import type { QueryParams } from '@/lib/client/api-client';
import { formatDate, formatDollars } from '@/lib/client/format';
import { useProjects } from '@/lib/client/hooks/use-projects';
import { StatusBadge } from './labels';
import { PROJECTS_PER_PAGE } from './projects-params';

/** The table view: every filter, sortable columns and pages, all from the URL. */
export function ProjectsTable({
  params,
  filtered,
  onSort,
  onPage,
}: {
  /** The list's query (projectsTableParams): filters, sort and page. */
  params: QueryParams;
  filtered: boolean;
  onSort: (sort: string) => void;
  onPage: (page: number) => void;
}) {
  const { data, error, isPending, refetch, isFetching } = useProjects(params);
  const sort = String(params.sort);
  const page = Number(params.page);
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      {error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <TableSkeleton />
      ) : data.items.length === 0 ? (
        <EmptyState title="No projects match this view.">
          {filtered ? 'Clear a filter to see more.' : 'Create a project with “New project”, or convert a lead into one.'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto" aria-busy={isFetching}>
          <table className="min-w-full text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
              <tr>
                <SortHeader label="Name" field="name" sort={sort} onSort={onSort} />
                <th scope="col" className="px-3 py-2 text-left font-medium">Stage</th>
                <th scope="col" className="px-3 py-2 text-left font-medium">Status</th>
                <th scope="col" className="px-3 py-2 text-left font-medium">Company</th>
                <th scope="col" className="px-3 py-2 text-left font-medium">Assigned to</th>
                <SortHeader label="Amount" field="amount" sort={sort} onSort={onSort} />
                <SortHeader label="Bid due" field="bid_due_date" sort={sort} onSort={onSort} />
                <SortHeader label="Start" field="start_date" sort={sort} onSort={onSort} />
                <SortHeader label="Created" field="created_at" sort={sort} onSort={onSort} />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.items.map((p) => (
                <tr key={p.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
                  <td className="px-3 py-2">
                    <Link href={`/projects/${p.id}`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
                      {p.name}
                    </Link>
                    {p.project_number ? <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{p.project_number}</span> : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{p.project_stage?.name ?? '—'}</td>
                  <td className="px-3 py-2"><StatusBadge status={p.project_status} /></td>
                  <td className="px-3 py-2">{p.company?.name ?? '—'}</td>
                  <td className="whitespace-nowrap px-3 py-2">{p.assigned_to?.name ?? '—'}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDollars(p.amount)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{formatDate(p.bid_due_date)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{formatDate(p.start_date)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{formatDate(p.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={page} perPage={PROJECTS_PER_PAGE} total={data.total} onPage={onPage} />
        </div>
      )}
    </div>
  );
}
