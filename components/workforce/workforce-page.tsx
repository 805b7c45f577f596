'use client';

import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { formatDate } from '@/lib/format';
import { useUrlState } from '@/lib/hooks/use-url-state';
import { useOptions } from '@/lib/queries/lookups';
import { employeeName, useAllEmployees, useEmployees } from '@/lib/queries/workforce';
import { EmployeeDialog } from './employee-dialog';
import { WorkforceTabs } from './workforce-tabs';

const KEYS = ['q', 'role_id', 'manager_id', 'page', 'employee'] as const;
const PER_PAGE = 50;

/** Everyone who manages someone, by name: the choices of the manager filter. */
function useManagerOptions() {
  const everyone = useAllEmployees();
  return useMemo(() => {
    const all = everyone.data?.items ?? [];
    const managerIds = new Set(all.flatMap((e) => (e.manager ? [e.manager.id] : [])));
    return all
      .filter((e) => managerIds.has(e.id))
      .map((e) => ({ id: e.id, name: employeeName(e) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [everyone.data]);
}

export function WorkforcePage() {
  const [state, setState] = useUrlState(KEYS);
  const [search, setSearch] = useState(state.q);
  const roles = useOptions('/workforce/roles', 'workforce_roles').data ?? [];
  const managers = useManagerOptions();
  const page = Number(state.page) || 1;
  const { data, error, isPending, refetch, isFetching } = useEmployees({
    q: state.q,
    role_id: state.role_id,
    manager_id: state.manager_id,
    page,
    per_page: PER_PAGE,
  });

  // Search as you type, without a request per keystroke.
  useEffect(() => {
    if (search === state.q) return;
    const t = setTimeout(() => setState({ q: search }), 300);
    return () => clearTimeout(t);
  }, [search, state.q, setState]);

  // Opening and closing a person keeps the page the reader is on.
  const openEmployee = (id: string | null) => setState({ employee: id, page: state.page || null });
  const filtered = Boolean(state.q || state.role_id || state.manager_id);

  return (
    <>
      <PageHeader
        title="Workforce"
        description="Field and office staff, their roles and who they report to."
        actions={<Button onClick={() => openEmployee('new')}>New employee</Button>}
      />
      <WorkforceTabs current="/workforce" />
      <div className="mb-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Input
          aria-label="Search employees"
          placeholder="Search by name or email…"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="lg:col-span-2"
        />
        <Select aria-label="Role" placeholder="Any role" options={roles} value={state.role_id} onChange={(e) => setState({ role_id: e.target.value })} />
        <Select
          aria-label="Manager"
          placeholder="Any manager"
          options={managers}
          value={state.manager_id}
          onChange={(e) => setState({ manager_id: e.target.value })}
        />
      </div>

      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <TableSkeleton />
        ) : data.items.length === 0 ? (
          <EmptyState title={filtered ? 'No one matches this view.' : 'No employees yet.'}>
            {filtered ? 'Clear the search or a filter to see more people.' : 'Add your first person with “New employee”.'}
          </EmptyState>
        ) : (
          <div className="overflow-x-auto" aria-busy={isFetching}>
            <table className="min-w-full text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-left text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">Name</th>
                  <th scope="col" className="px-3 py-2 font-medium">Role</th>
                  <th scope="col" className="px-3 py-2 font-medium">Manager</th>
                  <th scope="col" className="px-3 py-2 font-medium">Email</th>
                  <th scope="col" className="px-3 py-2 font-medium">Phone</th>
                  <th scope="col" className="px-3 py-2 font-medium">Started</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.items.map((e) => (
                  <tr key={e.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
                    <td className="whitespace-nowrap px-3 py-2">
                      <button
                        type="button"
                        className="text-left font-medium text-blue-800 hover:underline dark:text-blue-300"
                        onClick={() => openEmployee(e.id)}
                      >
                        {employeeName(e)}
                      </button>
                      {e.preferred_first_name && e.preferred_first_name !== e.legal_first_name ? (
                        <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">({e.legal_first_name})</span>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{e.role?.name ?? '—'}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      {e.manager ? (
                        <button
                          type="button"
                          className="text-left hover:underline"
                          aria-label={`Show the reports of ${employeeName(e.manager)}`}
                          onClick={() => setState({ manager_id: e.manager!.id })}
                        >
                          {employeeName(e.manager)}
                        </button>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="px-3 py-2">{e.email ? <a className="hover:underline" href={`mailto:${e.email}`}>{e.email}</a> : '—'}</td>
                    <td className="whitespace-nowrap px-3 py-2">{e.phone ? <a className="hover:underline" href={`tel:${e.phone}`}>{e.phone}</a> : '—'}</td>
                    <td className="whitespace-nowrap px-3 py-2">{formatDate(e.start_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination page={page} perPage={PER_PAGE} total={data.total} onPage={(p) => setState({ page: String(p) })} />
          </div>
        )}
      </div>
      <EmployeeDialog id={state.employee} onClose={() => openEmployee(null)} />
    </>
  );
}
