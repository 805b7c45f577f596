'use client';

import { useAccess } from '@/components/shell/access-context';
import type { PermissionArea } from '@/lib/shared/validation/enums';
import dynamic from 'next/dynamic';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRef, useState, type ReactNode } from 'react';
import { CustomFieldLines } from '@/components/custom-fields/custom-field-details';
import { Button } from '@/components/ui/button';
import { Breadcrumb } from '@/components/ui/detail';
import { Dialog } from '@/components/ui/dialog';
import { CARD, SectionCard } from '@/components/ui/section-card';
import { EmptyState, ErrorState, Skeleton, TableSkeleton } from '@/components/ui/states';
import { Options } from '@/components/ui/field';
import { ApiClientError } from '@/lib/client/api-client';
import { formatDate, formatDollars } from '@/lib/client/format';
import { projectCallsQuery, projectTasksQuery, useProject, useProjectStages, type Project } from '@/lib/client/hooks/use-projects';
import { enteredProbability, probabilitySource } from '@/lib/shared/domain/insights';
import { useOverflowFade } from '@/components/ui/use-overflow-fade';
import { projectForecastQuery } from '@/lib/client/hooks/use-forecast';
import { goNoGoQuery } from '@/lib/client/hooks/use-go-no-go';
import { projectTeamQuery } from '@/lib/client/hooks/use-project-team-memberships';
import { projectBidResultsQuery } from '@/lib/client/hooks/use-bid-results';
import { assignmentsQuery } from '@/lib/client/hooks/use-workforce-planning';
import { humanize } from '@/lib/client/format';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { StatusBadge } from './labels';
import { ProjectTeam } from './project-team';
import { useMoveProject } from './use-move-project';
import { RecordTimeline } from '@/components/comments/record-timeline';
import { RecordDocuments } from '@/components/documents/record-documents';
import { RecordEmails } from '@/components/emails/record-emails';
import { timelineQuery } from '@/lib/client/hooks/use-timeline';
import { RemindMe } from '@/components/reminders/remind-me';

// The form (react-hook-form and the API's zod schemas) loads when its dialog opens.
const ProjectForm = dynamic(() => import('./project-form').then((m) => m.ProjectForm), {
  loading: () => <Skeleton className="h-96 w-full" />,
});
// Each tab but the first loads when opened.
const ProjectForecast = dynamic(() => import('./project-forecast').then((m) => m.ProjectForecast), {
  loading: () => <Skeleton className="h-96 w-full" />,
});

/** The project's tabs (`?tab=`), the first the default. */
const TABS = [
  ['overview', 'Overview'],
  ['timeline', 'Timeline'],
  ['documents', 'Documents'],
  ['email', 'Email'],
  ['forecast', 'Forecast'],
  ['team', 'Team'],
  ['go_no_go', 'Go / no-go'],
] as const;
type Tab = (typeof TABS)[number][0];

/** The area a tab shows (its requests would answer 403 without it). */
const TAB_AREA: Partial<Record<Tab, PermissionArea>> = { forecast: 'forecast', go_no_go: 'insights' };

/** The tab's old names in links and bookmarks (`tab=staffing`: the Team tab, where staffing now is). */
const TAB_ALIASES: Record<string, Tab> = { staffing: 'team' };

/** The classes of a tab's panel, where it lays out its parts. */
const PANEL_CLASS: Partial<Record<Tab, string>> = { overview: 'grid gap-4 lg:grid-cols-3', team: 'space-y-4' };

// The bid results (a table, its actions and their dialog) load after the page, still rendered on the server.
const ProjectBidResults = dynamic(() => import('./project-bid-results').then((m) => m.ProjectBidResults), {
  loading: () => <Skeleton className="h-40 w-full" />,
});

// The go / no-go tab loads when opened.
const ProjectGoNoGo = dynamic(() => import('./project-go-no-go').then((m) => m.ProjectGoNoGo), {
  loading: () => <Skeleton className="h-96 w-full" />,
});

// The staffing tab (its timeline and dialogs) loads when opened.
const ProjectStaffing = dynamic(() => import('./project-staffing').then((m) => m.ProjectStaffing), {
  loading: () => <Skeleton className="h-64 w-full" />,
});

/** A definition list of label → value; empty values show as a dash. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 p-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="mt-0.5 break-words font-medium">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

const n = (v: number | null, unit: string) => (v == null ? '—' : `${v.toLocaleString('en-US')} ${unit}`);
const money = (v: number | null, per: string) => (v == null ? '—' : `${v.toLocaleString('en-US', { style: 'currency', currency: 'USD' })} ${per}`);
const orDash = (v: string | null | undefined) => v || '—';

function bidDueAt(p: Project) {
  if (!p.bid_due_at) return '—';
  const d = new Date(p.bid_due_at);
  return p.bid_due_at_includes_time ? d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : formatDate(p.bid_due_at);
}

function addressLines(p: Project) {
  const a = p.address;
  const lines = [a.street_address, a.street_address2, [a.city, a.state, a.zip].filter(Boolean).join(', '), a.country].filter(Boolean);
  return lines.length ? lines : null;
}

function Tasks({ projectId }: { projectId: string }) {
  const { data, error, isPending, refetch } = useQuery(projectTasksQuery(projectId));
  if (error) return <ErrorState error={error} onRetry={() => refetch()} />;
  if (isPending) return <TableSkeleton rows={3} />;
  if (data.items.length === 0) return <EmptyState title="No tasks on this project.">Tasks added to the project on the Tasks page show here.</EmptyState>;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {data.items.map((t) => {
        const overdue = !t.completed_at && t.deadline !== null && t.deadline < today;
        return (
          <li key={t.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm">
            <span className={t.completed_at ? 'text-slate-500 line-through dark:text-slate-400' : 'font-medium'}>
              <span className="sr-only">{t.completed_at ? 'Done: ' : 'Open: '}</span>
              {t.title}
              {t.task_list ? <span className="ml-2 text-xs font-normal text-slate-500 no-underline dark:text-slate-400">{t.task_list.name}</span> : null}
            </span>
            <span className="flex gap-3 text-xs text-slate-600 dark:text-slate-400">
              <span>{t.assigned_to?.name ?? 'Unassigned'}</span>
              <span className={overdue ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
                {t.deadline ? `${overdue ? 'Overdue since' : 'Due'} ${formatDate(t.deadline)}` : 'No deadline'}
              </span>
            </span>
          </li>
        );
      })}
      <MoreLink shown={data.items.length} total={data.total} href={`/tasks?view=all&status=any&project_id=${projectId}`} what="tasks" />
    </ul>
  );
}

/** Under a capped list: how many more there are, and the full list that has them. */
function MoreLink({ shown, total, href, what }: { shown: number; total: number; href: string; what: string }) {
  if (total <= shown) return null;
  return (
    <li className="px-4 py-2 text-xs">
      <Link href={href} className="text-blue-800 hover:underline dark:text-blue-300">
        See all {total} {what} ({total - shown} more)
      </Link>
    </li>
  );
}

function Calls({ projectId }: { projectId: string }) {
  const { data, error, isPending, refetch } = useQuery(projectCallsQuery(projectId));
  if (error) return <ErrorState error={error} onRetry={() => refetch()} />;
  if (isPending) return <TableSkeleton rows={3} />;
  if (data.items.length === 0) return <EmptyState title="No calls logged for this project.">Calls logged against the project show here.</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {data.items.map((c) => (
        <li key={c.id} className="px-4 py-2.5 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <span className="font-medium">{c.contact?.name ?? c.company?.name ?? 'Unknown contact'}</span>
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {c.call_outcome?.name ?? 'No outcome'} · {new Date(c.recorded_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
            </span>
          </div>
          {c.notes ? <p className="mt-1 text-slate-700 dark:text-slate-300">{c.notes}</p> : null}
        </li>
      ))}
      <MoreLink shown={data.items.length} total={data.total} href={`/calls?project_id=${projectId}`} what="calls" />
    </ul>
  );
}

const TAB_KEYS = ['tab'] as const;

/**
 * The tab list: arrows move between tabs (and open them), as the ARIA tabs pattern has it. Each tab
 * is a link to its URL, so a tap before the page's script has loaded (a slow phone) still opens it,
 * and a Ctrl-click opens it in a new browser tab; once loaded, a click switches in place.
 */
function ProjectTabs({
  tabs,
  tab,
  onTab,
  onIntent,
}: {
  tabs: readonly (typeof TABS)[number][];
  tab: Tab;
  onTab: (tab: Tab) => void;
  onIntent: (tab: Tab) => void;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const fade = useOverflowFade(strip);
  const go = (index: number) => {
    const [next] = tabs[(index + tabs.length) % tabs.length]!;
    onTab(next);
    document.getElementById(`project-tab-${next}`)?.focus();
  };
  return (
    <div ref={strip} role="tablist" aria-label="Project" className={`mb-4 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800 ${fade}`}>
      {tabs.map(([id, label], i) => (
        <a
          key={id}
          id={`project-tab-${id}`}
          href={id === 'overview' ? '?' : `?tab=${id}`}
          role="tab"
          aria-selected={tab === id}
          aria-controls={`project-tabpanel-${id}`}
          tabIndex={tab === id ? 0 : -1}
          onClick={(e) => {
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            onTab(id);
          }}
          onMouseEnter={() => onIntent(id)}
          onFocus={() => onIntent(id)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go(i + 1);
            else if (e.key === 'ArrowLeft') go(i - 1);
            else if (e.key === ' ') {
              // Space opens a tab as it did when tabs were buttons (a link takes only Enter).
              e.preventDefault();
              onTab(id);
            }
          }}
          className="-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 aria-selected:border-blue-700 aria-selected:text-blue-800 dark:text-slate-400 dark:hover:text-slate-100 dark:aria-selected:border-blue-400 dark:aria-selected:text-blue-300"
        >
          {label}
        </a>
      ))}
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading project" className="space-y-4">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** Every field of a project (derived ones read-only, with units), its team, tasks and calls; an edit form. */
const percent = (v: number | null) => (v == null ? '—' : `${Math.round(v * 1000) / 10} %`);

/** The odds the forecast weighs the project by, and where they come from (its own, or its stage's default). */
function probabilityInUse(p: Project): string {
  const source = probabilitySource(p);
  return source ? `${percent(enteredProbability(p))} (${source})` : '—';
}

/** The learned probability beside the entered one, with whose record it comes from (docs/insights.md). */
function suggested(p: Project): string {
  const basis = p.suggested_probability_basis;
  if (p.suggested_probability == null || !basis) return '—';
  const whose = basis.group_by === 'market_sector' ? 'this market sector' : 'all projects';
  return `${percent(p.suggested_probability)} (${whose}: ${basis.won} won, ${basis.lost} lost in 36 months)`;
}

export function ProjectDetail({ id }: { id: string }) {
  const { data: p, error, isPending, refetch } = useProject(id);
  const stages = useProjectStages().data ?? [];
  const { requestMove, dialog } = useMoveProject(stages);
  const [editing, setEditing] = useState(false);
  const [tabState, setTabState] = useUrlState(TAB_KEYS);
  const { can } = useAccess();
  const tabs = TABS.filter(([t]) => !TAB_AREA[t] || can(TAB_AREA[t], 'read'));
  const qc = useQueryClient();
  // A tab's first answer is asked for when the pointer or the focus reaches it, before the click.
  const prefetchTab = (t: Tab) => {
    if (t === 'overview')
      void Promise.all([qc.prefetchQuery(projectTasksQuery(id)), qc.prefetchQuery(projectCallsQuery(id)), qc.prefetchQuery(projectBidResultsQuery(id))]);
    else if (t === 'timeline') void qc.prefetchInfiniteQuery(timelineQuery('project', id));
    else if (t === 'forecast') void qc.prefetchQuery(projectForecastQuery(id));
    else if (t === 'go_no_go') void qc.prefetchQuery(goNoGoQuery(id));
    else {
      void qc.prefetchQuery(projectTeamQuery(id));
      if (can('workforce', 'read')) void qc.prefetchQuery(assignmentsQuery({ project_id: id }));
    }
  };
  const asked = TAB_ALIASES[tabState.tab] ?? tabState.tab;
  const tab: Tab = tabs.find(([t]) => t === asked)?.[0] ?? 'overview';

  if (error) {
    if (error instanceof ApiClientError && error.status === 404) {
      return (
        <div className={CARD}>
          <EmptyState title="No such project.">
            It may have been deleted.{' '}
            <Link className="underline" href="/projects">
              Back to projects
            </Link>
          </EmptyState>
        </div>
      );
    }
    return (
      <div className={CARD}>
        <ErrorState error={error} onRetry={() => refetch()} />
      </div>
    );
  }
  if (isPending) return <DetailSkeleton />;

  const panels: Record<Tab, ReactNode> = {
    overview: <ProjectOverview project={p} />,
    timeline: <RecordTimeline type="project" id={p.id} />,
    documents: <RecordDocuments type="project" id={p.id} />,
    email: <RecordEmails type="project" id={p.id} />,
    forecast: <ProjectForecast project={p} />,
    // The users who work the pursuit, then (with the workforce area) the employees booked to build it.
    team: (
      <>
        <ProjectTeam projectId={p.id} projectName={p.name} />
        {can('workforce', 'read') ? <ProjectStaffing project={p} /> : null}
      </>
    ),
    go_no_go: <ProjectGoNoGo project={p} />,
  };

  return (
    <>
      <Breadcrumb href="/projects" label="Projects" />
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{p.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <StatusBadge status={p.project_status} />
            <span>{p.project_stage?.name ?? 'No stage'}</span>
            {p.project_number ? <span>· {p.project_number}</span> : null}
            {p.company ? <span>· {p.company.name}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-700 dark:text-slate-300">Move to stage</span>
            <select
              value={p.project_stage?.id ?? ''}
              onChange={(e) => {
                const stage = stages.find((s) => s.id === e.target.value);
                if (stage) requestMove(p, stage);
              }}
              className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
            >
              <Options options={stages} />
            </select>
          </label>
          <Button onClick={() => setEditing(true)}>Edit project</Button>
          <RemindMe type="project" id={p.id} name={p.name} />
        </div>
      </div>

      <ProjectTabs tabs={tabs} tab={tab} onTab={(t) => setTabState({ tab: t === 'overview' ? null : t })} onIntent={prefetchTab} />
      <div role="tabpanel" id={`project-tabpanel-${tab}`} aria-labelledby={`project-tab-${tab}`} className={PANEL_CLASS[tab]}>
        {panels[tab]}
      </div>

      {dialog}
      <Dialog open={editing} onClose={() => setEditing(false)} title={`Edit “${p.name}”`} wide>
        {editing ? <ProjectForm project={p} onDone={() => setEditing(false)} /> : null}
      </Dialog>
    </>
  );
}

/** The Overview tab: the project's fields, bid results, tasks and calls, then what is derived and its custom fields. */
function ProjectOverview({ project: p }: { project: Project }) {
  return (
    <>
      <div className="space-y-4 lg:col-span-2">
        <SectionCard title="Details" id="details-heading">
          {p.description ? <p className="whitespace-pre-line px-4 pt-4 text-sm">{p.description}</p> : null}
          <Facts
            items={[
              ['Stage', p.project_stage?.name],
              ['Close type', p.close_type ? humanize(p.close_type) : '—'],
              ['Loss reason', p.loss_reason?.name],
              ['Amount', formatDollars(p.amount)],
              ['Probability', probabilityInUse(p)],
              ['Suggested probability', suggested(p)],
              ['Work scope', p.work_scope ? humanize(p.work_scope) : '—'],
              ['Square feet', n(p.square_feet, 'sq ft')],
              ['Units', n(p.units, p.units === 1 ? 'unit' : 'units')],
              ['Estimating hours', n(p.estimating_hours, 'h')],
              ['Project number', orDash(p.project_number)],
              ['External id', orDash(p.external_id)],
              ['Company', p.company ? p.company.name : '—'],
              ['Contact', p.contact?.name ?? p.contact?.email],
              ['Assigned to', p.assigned_to?.name],
              ['Bid due date', formatDate(p.bid_due_date)],
              ['Bid due at', bidDueAt(p)],
              ['Award date', formatDate(p.award_date)],
              ['Closed', formatDate(p.closed_at)],
              ['Start date', formatDate(p.start_date)],
              ['End date', formatDate(p.end_date)],
              ['Contract type', p.contract_type?.name],
              ['Delivery method', p.delivery_method?.name],
              ['Division', p.division?.name],
              ['Lead source', p.lead_source?.name],
              ['Market sector', p.market_sector?.name],
              ['Tender type', p.tender_type?.name],
              ['Import', p.import?.name],
              ['Created by', p.created_by?.name],
              ['Created', formatDate(p.created_at)],
              ['Updated', formatDate(p.updated_at)],
            ]}
          />
          <div className="border-t border-slate-100 px-4 py-3 text-sm dark:border-slate-800">
            <h3 className="text-slate-600 dark:text-slate-400">Address</h3>
            <address className="mt-0.5 font-medium not-italic">
              {addressLines(p)?.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              )) ?? '—'}
            </address>
          </div>
        </SectionCard>

        <ProjectBidResults project={p} />
        <SectionCard title="Tasks" id="tasks-heading">
          <Tasks projectId={p.id} />
        </SectionCard>
        <SectionCard title="Calls" id="calls-heading">
          <Calls projectId={p.id} />
        </SectionCard>
      </div>

      <div className="space-y-4">
        <SectionCard title="Derived" id="derived-heading">
          <p className="px-4 pt-3 text-xs text-slate-600 dark:text-slate-400">Computed by Groundwork from the fields; not editable.</p>
          <dl className="grid gap-y-3 p-4 text-sm">
            {(
              [
                ['Project status', <StatusBadge key="s" status={p.project_status} />],
                ['Stage age', n(p.stage_age, p.stage_age === 1 ? 'day' : 'days')],
                ['Pursuit duration', n(p.pursuit_duration, p.pursuit_duration === 1 ? 'day' : 'days')],
                ['Project duration', n(p.project_duration, p.project_duration === 1 ? 'month' : 'months')],
                ['Price per square foot', money(p.price_per_square_foot, 'per sq ft')],
                ['Price per unit', money(p.price_per_unit, 'per unit')],
              ] as [string, ReactNode][]
            ).map(([label, value]) => (
              <div key={label} className="flex items-baseline justify-between gap-3">
                <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="text-right font-medium tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </SectionCard>

        <SectionCard title="Custom fields" id="custom-heading">
          {Object.keys(p.custom_fields).length === 0 ? (
            <p className="p-4 text-sm text-slate-600 dark:text-slate-400">
              None filled in. Edit the project to fill them in; an admin adds fields in Settings → Custom fields.
            </p>
          ) : (
            <p className="break-words p-4 text-sm">
              <CustomFieldLines resource="projects" values={p.custom_fields} />
            </p>
          )}
        </SectionCard>
      </div>
    </>
  );
}
