'use client';

import Link from 'next/link';
import { ImportLink } from '@/components/ui/import-link';
import { useAccess } from '@/components/shell/access-context';
import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { FilterBar } from '@/components/ui/filter-bar';
import { EmptyState, ErrorState, Skeleton, TableSkeleton } from '@/components/ui/states';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useProjectStages } from '@/lib/client/hooks/use-projects';
import { PROJECT_STATUSES } from '@/lib/shared/validation/enums';
import { humanize } from '@/lib/client/format';
import { ProjectBoard } from './project-board';
import { customFieldFilters } from '@/components/custom-fields/custom-field-params';
import {
  BIDDER_FILTERS,
  boardClosedSince,
  boardFilters,
  CLOSED_WINDOW_DAYS,
  LINKED_FILTERS,
  PROJECTS_URL_KEYS,
  projectsTableParams,
  projectsView,
} from './projects-params';
import { useMoveProject } from './use-move-project';
import { CARD } from '@/components/ui/section-card';

// The New project dialog and its form (react-hook-form and the API's zod schemas) load when it opens.
const NewProjectDialog = dynamic(() => import('./new-project-dialog').then((m) => m.NewProjectDialog), {
  loading: () => <Skeleton className="h-96 w-full" />,
});
// The export links load after the page (still rendered on the server): the board sits at the edge
// of the 200 kB first-load budget.
const ExportMenu = dynamic(() => import('@/components/ui/export-menu').then((m) => m.ExportMenu));
// So does the company filter's search box (a combobox), rendered on the server all the same. Each in
// a Suspense boundary of its own, so the board hydrates (and takes drags) without waiting for them.
const RecordFilter = dynamic(() => import('@/components/ui/record-filter').then((m) => m.RecordFilter));
// The table's filters on the account's select fields load with that view too.
// The view picker (saved views) loads after the board, out of its first-load JavaScript.
const ProjectViewPicker = dynamic(() => import('./project-view-picker').then((m) => m.ProjectViewPicker));
const CustomFieldFilters = dynamic(() => import('@/components/custom-fields/custom-field-filters').then((m) => m.CustomFieldFilters));
// The filters by a company's bids (links from Insights → Competitors), named in words: loaded when set.
const BidderFilters = dynamic(() => import('./bidder-filters').then((m) => m.BidderFilters));
// The table view loads with that view, out of the first-load JavaScript of the board (the default view).
const ProjectsTable = dynamic(() => import('./projects-table').then((m) => m.ProjectsTable), { loading: () => <TableSkeleton /> });

function ViewToggle({ view, onChange }: { view: 'board' | 'table'; onChange: (view: 'board' | 'table') => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-900">
      {(['board', 'table'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
          className="rounded px-3 py-1.5 text-sm font-medium text-slate-700 aria-pressed:bg-blue-700 aria-pressed:text-white dark:text-slate-200 dark:aria-pressed:bg-blue-600"
        >
          {v === 'board' ? 'Board' : 'Table'}
        </button>
      ))}
    </div>
  );
}

/** Projects by stage (a board to drag cards across) or as a table; the view and filters live in the URL. */
export function ProjectsPage() {
  const teamOnly = useAccess().access.projectAccess === 'team';
  const [state, setState] = useUrlState(PROJECTS_URL_KEYS);
  const [creating, setCreating] = useState(false);
  const stages = useProjectStages();
  const users = useOptions('/users', 'users').data ?? [];
  const { requestMove, dialog } = useMoveProject(stages.data ?? []);
  const view = projectsView(state);
  const linked = LINKED_FILTERS.filter(([key]) => state[key]);
  const bidders = BIDDER_FILTERS.filter(([key]) => state[key]);
  // The table filters by the account's select fields too: `custom_fields[<key>]=<option value>` in the URL.
  const custom = customFieldFilters(useSearchParams());
  const tableParams = projectsTableParams(state, custom);
  const filtered = Boolean(
    state.q ||
    state.assigned_to_id ||
    state.company_id ||
    bidders.length ||
    (view === 'table' && (state.project_stage_id || state.project_status || linked.length || Object.keys(custom).length)),
  );

  return (
    <>
      <PageHeader
        title="Projects"
        description={`${teamOnly ? 'The projects of your teams' : 'Every project'}${view === 'board' ? ' by stage. Drag a card, or pick its stage, to move it.' : ', filtered and sorted.'}`}
        actions={
          <>
            <ViewToggle view={view} onChange={(v) => setState({ view: v === 'board' ? null : 'table' })} />
            {/* The board's filters (every stage, most recently changed first), or the table's filters and sort. */}
            <Suspense fallback={null}>
              <ExportMenu path="/projects" params={view === 'table' ? tableParams : { ...boardFilters(state), sort: '-updated_at' }} what="projects" />
            </Suspense>
            <ImportLink resource="projects" />
            <Button onClick={() => setCreating(true)}>New project</Button>
          </>
        }
      />
      <div className="mb-3 min-h-9">
        <Suspense fallback={null}>
          <ProjectViewPicker state={state} custom={custom} setState={setState} />
        </Suspense>
      </div>
      <FilterBar
        search="Search projects"
        placeholder="Search by name…"
        q={state.q}
        setState={setState}
        columns={6}
        active={[state.assigned_to_id, state.company_id, state.project_stage_id, state.project_status]}
      >
        {view === 'table' ? (
          <>
            <Select
              aria-label="Stage"
              placeholder="Any stage"
              options={stages.data ?? []}
              value={state.project_stage_id}
              onChange={(e) => setState({ project_stage_id: e.target.value })}
            />
            <Select
              aria-label="Status"
              placeholder="Any status"
              options={PROJECT_STATUSES.map((s) => ({ id: s, name: humanize(s) }))}
              value={state.project_status}
              onChange={(e) => setState({ project_status: e.target.value })}
            />
            <Suspense fallback={null}>
              <CustomFieldFilters resource="projects" filters={custom} onChange={(changes) => setState(changes)} />
            </Suspense>
          </>
        ) : null}
        <Select
          aria-label="Assigned to"
          placeholder="Anyone"
          options={users}
          value={state.assigned_to_id}
          onChange={(e) => setState({ assigned_to_id: e.target.value })}
        />
        <Suspense fallback={null}>
          <RecordFilter page="projects" kind="company" id={state.company_id} onChange={(id) => setState({ company_id: id })} />
        </Suspense>
      </FilterBar>

      {bidders.length > 0 ? (
        <Suspense fallback={null}>
          <BidderFilters state={state} setState={setState} />
        </Suspense>
      ) : null}
      {view === 'table' && linked.length > 0 ? (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          Also filtered by {linked.map(([key, label]) => `${label} ${state[key]}`).join(', ')}.
          <Button variant="secondary" size="sm" onClick={() => setState(Object.fromEntries(linked.map(([key]) => [key, null])))}>
            Clear
          </Button>
        </p>
      ) : null}
      {stages.error ? (
        <div className={CARD}>
          <ErrorState error={stages.error} onRetry={() => stages.refetch()} />
        </div>
      ) : view === 'table' ? (
        <ProjectsTable
          params={tableParams}
          filtered={filtered}
          onSort={(sort) => setState({ sort })}
          onPage={(page) => setState({ page: String(page) })}
          columns={state.columns}
          onColumns={(columns) => setState({ columns })}
        />
      ) : stages.isPending ? (
        <TableSkeleton rows={4} />
      ) : stages.data.length === 0 ? (
        <div className={CARD}>
          <EmptyState title="This account has no project stages.">
            An admin sets up the pipeline in{' '}
            <Link href="/settings/pipeline" className="font-medium text-blue-700 underline dark:text-blue-300">
              Settings → Pipeline
            </Link>
            .
          </EmptyState>
        </div>
      ) : (
        <>
          {state.closed === 'all' ? (
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
              Won and lost columns show every closed project.{' '}
              <button type="button" className="text-blue-800 underline dark:text-blue-300" onClick={() => setState({ closed: null })}>
                Only the last {CLOSED_WINDOW_DAYS} days
              </button>
            </p>
          ) : null}
          <ProjectBoard
            stages={stages.data}
            filters={boardFilters(state)}
            closedSince={boardClosedSince(state)}
            onShowAllClosed={() => setState({ closed: 'all' })}
            onMove={requestMove}
          />
        </>
      )}
      {dialog}
      {creating ? <NewProjectDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
