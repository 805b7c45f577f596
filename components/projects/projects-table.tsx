'use client';

import Link from 'next/link';
import { customFieldColumns } from '@/components/custom-fields/custom-field-columns';
import { ColumnPicker, visibleColumns } from '@/components/ui/column-picker';
import { DataTable, NONE, type Column } from '@/components/ui/data-table';
import type { QueryParams } from '@/lib/client/api-client';
import { formatDate, formatDollars } from '@/lib/client/format';
import { useCustomFields } from '@/lib/client/hooks/use-custom-fields';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useProjects, type Project } from '@/lib/client/hooks/use-projects';
import { StatusBadge } from './labels';
import { PROJECTS_PER_PAGE } from './projects-params';

const nowrap = 'whitespace-nowrap';

const COLUMNS: Column<Project>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (p) => (
      <>
        <Link href={`/projects/${p.id}`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
          {p.name}
        </Link>
        {p.project_number ? <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{p.project_number}</span> : null}
      </>
    ),
  },
  { key: 'stage', header: 'Stage', cellClassName: nowrap, cell: (p) => p.project_stage?.name ?? NONE },
  { key: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.project_status} /> },
  { key: 'company', header: 'Company', cell: (p) => p.company?.name ?? NONE },
  { key: 'assigned_to', header: 'Assigned to', cellClassName: nowrap, cell: (p) => p.assigned_to?.name ?? NONE },
  { key: 'amount', header: 'Amount', sortKey: 'amount', cellClassName: `${nowrap} tabular-nums`, cell: (p) => formatDollars(p.amount) },
  { key: 'bid_due', header: 'Bid due', sortKey: 'bid_due_date', cellClassName: nowrap, cell: (p) => formatDate(p.bid_due_date) },
  { key: 'start', header: 'Start', sortKey: 'start_date', cellClassName: nowrap, cell: (p) => formatDate(p.start_date) },
  { key: 'created', header: 'Created', sortKey: 'created_at', cellClassName: nowrap, cell: (p) => formatDate(p.created_at) },
];

/** The table view: every filter, sortable columns and pages, all from the URL; a column per custom field. */
export function ProjectsTable({
  params,
  filtered,
  onSort,
  onPage,
  columns: chosen,
  onColumns,
}: {
  /** The list's query (projectsTableParams): filters, sort and page. */
  params: QueryParams;
  filtered: boolean;
  onSort: (sort: string) => void;
  onPage: (page: number) => void;
  /** The URL's `columns` (the ones chosen; absent: all), and how to change them. */
  columns: string | undefined;
  onColumns: (columns: string | null) => void;
}) {
  const fields = useCustomFields('projects').data;
  const users = useOptions('/users', 'users').data;
  // The account's own fields after the built-in ones (before Created, the row's last).
  const all = [...COLUMNS.slice(0, -1), ...customFieldColumns<Project>(fields, users), ...COLUMNS.slice(-1)];
  return (
    <>
      <div className="mb-2 flex justify-end">
        <ColumnPicker columns={all} chosen={chosen} fixed={['name']} onChange={onColumns} />
      </div>
      <DataTable
        query={useProjects(params)}
        columns={visibleColumns(all, chosen, ['name'])}
        empty={{
          title: 'No projects match this view.',
          hint: filtered ? 'Clear a filter to see more.' : 'Create a project with “New project”, or convert a lead into one.',
        }}
        paging={{ page: Number(params.page), perPage: PROJECTS_PER_PAGE, onPage }}
        sort={{ sort: String(params.sort), onSort }}
      />
    </>
  );
}
