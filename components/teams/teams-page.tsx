'use client';

import Link from 'next/link';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Options, Select } from '@/components/ui/field';
import { ListPageHeader } from '@/components/ui/list-page-header';
import { RecordFilter } from '@/components/ui/record-filter';
import { formatDate } from '@/lib/client/format';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useTeamMemberships, type Membership } from '@/lib/client/hooks/use-project-team-memberships';
import { MEMBERSHIP_ROLE_KEYS, MEMBERSHIP_ROLES } from '@/lib/shared/validation/enums';
import { TEAMS_PER_PAGE, TEAMS_URL_KEYS, teamMembershipsListParams } from './teams-params';

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
  const [state, setState] = useUrlState(TEAMS_URL_KEYS);
  const users = useOptions('/users', 'users').data ?? [];
  const params = teamMembershipsListParams(state);
  const sort = String(params.sort);
  const page = Number(params.page);
  const query = useTeamMemberships(params);
  const filtered = Boolean(state.project_id || state.user_id || state.role);
  // Grouped by project: the project's name once, on its first row of the page.
  const byProject = sort === 'project';
  const columns: Column<Membership>[] = [
    {
      key: 'project',
      header: 'Project',
      cellClassName: 'align-top',
      cell: (m, i, rows) =>
        !byProject || i === 0 || rows[i - 1]!.project.id !== m.project.id ? (
          <Link href={`/projects/${m.project.id}`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
            {m.project.name}
          </Link>
        ) : (
          <span className="sr-only">{m.project.name}</span>
        ),
    },
    {
      key: 'member',
      header: 'Member',
      cellClassName: 'whitespace-nowrap align-top',
      cell: (m) => (
        <>
          <span className="font-medium">{m.user.name ?? m.user.email}</span>
          {m.user.email && m.user.name ? <span className="block text-xs text-slate-500 dark:text-slate-400">{m.user.email}</span> : null}
          {/* Phones: the roles under the name, in place of their column. */}
          <RoleChips membership={m} className="mt-1 sm:hidden" />
        </>
      ),
    },
    { key: 'roles', header: 'Roles', className: 'hidden sm:table-cell', cellClassName: 'align-top', cell: (m) => <RoleChips membership={m} /> },
    { key: 'since', header: 'Since', className: 'hidden md:table-cell', cellClassName: 'whitespace-nowrap align-top', cell: (m) => formatDate(m.created_at) },
  ];

  return (
    <>
      <ListPageHeader
        title="Teams"
        description="Who works on which project, in which roles, across every project."
        exports={{ path: '/team_memberships', params, what: 'memberships' }}
      />
      <div className="mb-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <RecordFilter page="teams" kind="project" id={state.project_id} onChange={(id) => setState({ project_id: id })} />
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
          <Options options={SORTS} />
        </select>
      </div>

      <DataTable
        query={query}
        columns={columns}
        rowClassName={(m, i, rows) =>
          byProject && i > 0 && rows[i - 1]!.project.id !== m.project.id ? 'border-t-2 border-slate-200 dark:border-slate-700' : ''
        }
        empty={{
          title: filtered ? 'No team memberships match this view.' : 'No project has a team yet.',
          hint: filtered ? 'Clear a filter to see more.' : 'Open a project and use “Add member” on its Team panel.',
        }}
        paging={{ page, perPage: TEAMS_PER_PAGE, onPage: (p) => setState({ page: String(p) }) }}
      />
    </>
  );
}
