'use client';

import Link from 'next/link';
import { Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { formatDate } from '@/lib/format';
import { useUrlState } from '@/lib/hooks/use-url-state';
import { useOptions } from '@/lib/queries/lookups';
import { useTeamMemberships, type Membership } from '@/lib/queries/project-team-memberships';
import { MEMBERSHIP_ROLE_KEYS, MEMBERSHIP_ROLES } from '@/lib/validation/enums';

const KEYS = ['project_id', 'user_id', 'role', 'sort', 'page'] as const;
const PER_PAGE = 50;
const SORTS = [
  { id: 'project', name: 'By project' },
  { id: 'user', name: 'By person' },
  { id: '-created_at', name: 'Newest first' },
];

function RoleChips({ membership: m, className = '' }: { membership: Membership; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-1 ${className}`} aria-label={`Roles of ${m.user.name ?? m.user.email} on ${m.project.name}`}>
      {m.roles.map((r) => (
        <li key={r.id} className="rounded bg-blue-50 px-1.5 py-0.5 text-xs text-blue-900 dark:bg-blue-950 dark:text-blue-200">
          {r.name}
        </li>
      ))}
    </ul>
  );
}

/** Every project team of the account (GET /team_memberships), by project or by person, filtered in the URL. */
export function TeamsPage() {
  const [state, setState] = useUrlState(KEYS);
  const users = useOptions('/users', 'users').data ?? [];
  const projects = useOptions('/projects', 'projects').data ?? [];
  const sort = state.sort || 'project';
  const page = Number(state.page) || 1;
  const { data, error, isPending, refetch, isFetching } = useTeamMemberships({
    project_id: state.project_id,
    user_id: state.user_id,
    role: state.role,
    sort,
    page,
    per_page: PER_PAGE,
  });
  const filtered = Boolean(state.project_id || state.user_id || state.role);

  return (
    <>
      <PageHeader title="Teams" description="Who works on which project, in which roles, across every project." />
      <div className="mb-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Select aria-label="Project" placeholder="Any project" options={projects} value={state.project_id} onChange={(e) => setState({ project_id: e.target.value })} />
        <Select aria-label="Person" placeholder="Anyone" options={users} value={state.user_id} onChange={(e) => setState({ user_id: e.target.value })} />
        <Select
          aria-label="Role"
          placeholder="Any role"
          options={MEMBERSHIP_ROLE_KEYS.map((r) => ({ id: r, name: MEMBERSHIP_ROLES[r] }))}
          value={state.role}
          onChange={(e) => setState({ role: e.target.value })}
        />
        <select
          aria-label="Order"
          value={sort}
          onChange={(e) => setState({ sort: e.target.value === 'project' ? null : e.target.value })}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        >
          {SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>

      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <TableSkeleton />
        ) : data.items.length === 0 ? (
          <EmptyState title={filtered ? 'No team memberships match this view.' : 'No project has a team yet.'}>
            {filtered ? 'Clear a filter to see more.' : 'Open a project and use “Add member” on its Team panel.'}
          </EmptyState>
        ) : (
          <div className="overflow-x-auto" aria-busy={isFetching}>
            <table className="min-w-full text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Project</th>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Member</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium sm:table-cell">Roles</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium md:table-cell">Since</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.items.map((m, i) => {
                  // Grouped by project: the project's name once, on its first row of the page.
                  const first = sort !== 'project' || i === 0 || data.items[i - 1]!.project.id !== m.project.id;
                  return (
                    <tr key={m.id} className={first && sort === 'project' && i > 0 ? 'border-t-2 border-slate-200 dark:border-slate-700' : ''}>
                      <td className="px-3 py-2 align-top">
                        {first ? (
                          <Link href={`/projects/${m.project.id}`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
                            {m.project.name}
                          </Link>
                        ) : (
                          <span className="sr-only">{m.project.name}</span>
                        )}
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 align-top">
                        <span className="font-medium">{m.user.name ?? m.user.email}</span>
                        {m.user.email && m.user.name ? <span className="block text-xs text-slate-500 dark:text-slate-400">{m.user.email}</span> : null}
                        {/* Phones: the roles under the name, in place of their column. */}
                        <RoleChips membership={m} className="mt-1 sm:hidden" />
                      </td>
                      <td className="hidden px-3 py-2 align-top sm:table-cell">
                        <RoleChips membership={m} />
                      </td>
                      <td className="hidden whitespace-nowrap px-3 py-2 align-top md:table-cell">{formatDate(m.created_at)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Pagination page={page} perPage={PER_PAGE} total={data.total} onPage={(p) => setState({ page: String(p) })} />
          </div>
        )}
      </div>
    </>
  );
}
