'use client';

import { useAccess } from '@/components/shell/access-context';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/states';
import { formatDate } from '@/lib/client/format';
import type { Project } from '@/lib/client/hooks/use-projects';
import { employeeName } from '@/lib/client/hooks/use-workforce';
import { useAssignments, useDeleteAssignment, type Assignment } from '@/lib/client/hooks/use-workforce-planning';
import { dayNumber, dayString } from '@/lib/shared/domain/workforce';

// The form and its candidate picker load when their dialog opens.
const AssignmentForm = dynamic(() => import('./assignment-form').then((m) => m.AssignmentForm), {
  loading: () => <Skeleton className="h-96 w-full" />,
});

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const yearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** The calendar months covering first..last, as [start day, end day] (inclusive). */
function months(first: string, last: string): { start: number; end: number; label: string }[] {
  const out = [];
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7)) - 1;
  const stop = dayNumber(last);
  for (;;) {
    const start = Date.UTC(y, m, 1) / 86_400_000;
    if (start > stop) return out;
    const end = Date.UTC(y, m + 1, 1) / 86_400_000 - 1;
    const date = new Date(start * 86_400_000);
    out.push({ start, end, label: (m === 0 || out.length === 0 ? yearFormat : monthFormat).format(date) });
    m += 1;
    if (m === 12) [y, m] = [y + 1, 0];
  }
}

const who = (a: Assignment) => (a.employee ? employeeName(a.employee) : 'Unfilled');
const describe = (a: Assignment) => `${a.role.name}, ${who(a)}, ${a.allocation_percent} %, ${formatDate(a.start_date)} to ${formatDate(a.end_date)}`;

/** The project's assignments as bars across its months: one row per role and person. */
export function ProjectStaffing({ project }: { project: Project }) {
  const { data, error, isPending, refetch } = useAssignments({ project_id: project.id });
  const remove = useDeleteAssignment();
  const { can } = useAccess();
  const [editing, setEditing] = useState<Assignment | 'new' | null>(null);
  const list = [...(data ?? [])].sort(
    (a, b) => a.role.name.localeCompare(b.role.name) || who(a).localeCompare(who(b)) || a.start_date.localeCompare(b.start_date),
  );

  const confirmRemove = (a: Assignment) => {
    if (!window.confirm(`Remove ${who(a) === 'Unfilled' ? 'the unfilled' : `${who(a)} as`} ${a.role.name} from “${project.name}”?`)) return;
    remove.mutate(a.id, { onSuccess: () => toast.success(`Removed ${a.role.name} (${who(a)}).`) });
  };

  return (
    <div className="space-y-4">
      <SectionCard
        title="Staffing"
        id="staffing-heading"
        description={
          project.start_date && project.end_date
            ? `Employees from the workforce booked to build it. Project dates ${formatDate(project.start_date)} to ${formatDate(project.end_date)}.`
            : 'Employees from the workforce booked to build it. The project has no start and end dates yet: each assignment keeps its own.'
        }
        actions={
          <Button size="sm" onClick={() => setEditing('new')}>
            Add assignment
          </Button>
        }
        query={{ isPending, error, refetch, isEmpty: list.length === 0 }}
        empty={{
          title: 'No one is planned on this project yet.',
          hint: 'Add the roles it needs with “Add assignment”: a person, or an unfilled role to staff later.',
        }}
        rows={4}
      >
        <Timeline project={project} list={list} onEdit={setEditing} onRemove={can('workforce', 'delete') ? confirmRemove : undefined} />
      </SectionCard>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add an assignment' : editing ? `Edit ${editing.role.name} (${who(editing)})` : ''}
        wide
      >
        {editing ? (
          <AssignmentForm
            key={editing === 'new' ? 'new' : editing.id}
            project={project}
            assignment={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function Timeline({
  project,
  list,
  onEdit,
  onRemove,
}: {
  project: Project;
  list: Assignment[];
  onEdit: (a: Assignment) => void;
  /** Absent for users who cannot delete in the workforce. */
  onRemove?: (a: Assignment) => void;
}) {
  const starts = [...list.map((a) => a.start_date), project.start_date].filter((d): d is string => Boolean(d)).sort();
  const ends = [...list.map((a) => a.end_date), project.end_date].filter((d): d is string => Boolean(d)).sort();
  const cols = months(starts[0]!, ends.at(-1)!);
  const first = cols[0]!.start;
  const span = cols.at(-1)!.end - first + 1;
  const pct = (day: number) => `${((100 * (day - first)) / span).toFixed(3)}%`;
  const width = (a: number, b: number) => `${((100 * (b - a + 1)) / span).toFixed(3)}%`;
  const today = dayNumber(new Date().toISOString().slice(0, 10));
  // At least 56 px a month: long projects scroll sideways inside the timeline, never the page.
  const trackMin = `${cols.length * 56}px`;

  return (
    <div className="overflow-x-auto">
      <div className="min-w-full" style={{ width: `calc(9rem + max(${trackMin}, 100% - 9rem))` }}>
        <div className="flex border-b border-slate-200 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400" aria-hidden>
          <div className="sticky left-0 z-10 w-36 shrink-0 sm:w-48 bg-white px-3 py-2 font-medium dark:bg-slate-900">Role · person</div>
          <div className="relative flex-1">
            {cols.map((c) => (
              <span
                key={c.start}
                className="absolute top-0 border-l border-slate-200 px-1 py-2 dark:border-slate-700"
                style={{ left: pct(c.start), width: width(c.start, c.end) }}
              >
                {c.label}
              </span>
            ))}
          </div>
        </div>
        <ul aria-label="Assignments">
          {list.map((a) => {
            const s = dayNumber(a.start_date);
            const e = dayNumber(a.end_date);
            const unfilled = !a.employee;
            return (
              <li key={a.id} aria-label={describe(a)} className="flex items-stretch border-b border-slate-100 dark:border-slate-800">
                <div className="sticky left-0 z-10 w-36 shrink-0 sm:w-48 bg-white px-3 py-2 dark:bg-slate-900">
                  <p className="truncate text-sm font-medium">{a.role.name}</p>
                  <p className="truncate text-xs">
                    {a.employee ? (
                      <Link href={`/workforce?employee=${a.employee.id}`} className="text-blue-800 hover:underline dark:text-blue-300">
                        {who(a)}
                      </Link>
                    ) : (
                      <span className="rounded bg-amber-100 px-1 font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">Unfilled</span>
                    )}
                  </p>
                  <span className="mt-1 flex gap-1">
                    <button
                      type="button"
                      className="text-xs text-blue-800 hover:underline dark:text-blue-300"
                      onClick={() => onEdit(a)}
                      aria-label={`Edit ${a.role.name} (${who(a)})`}
                    >
                      Edit
                    </button>
                    {onRemove ? (
                      <>
                        <span aria-hidden className="text-xs text-slate-400">
                          ·
                        </span>
                        <button
                          type="button"
                          className="text-xs text-red-700 hover:underline dark:text-red-400"
                          onClick={() => onRemove(a)}
                          aria-label={`Remove ${a.role.name} (${who(a)})`}
                        >
                          Remove
                        </button>
                      </>
                    ) : null}
                  </span>
                </div>
                <div className="relative flex-1">
                  {cols.map((c) => (
                    <span
                      key={c.start}
                      aria-hidden
                      className="absolute inset-y-0 border-l border-slate-100 dark:border-slate-800"
                      style={{ left: pct(c.start) }}
                    />
                  ))}
                  {today >= first && today < first + span ? (
                    <span aria-hidden className="absolute inset-y-0 border-l-2 border-dashed border-rose-400" style={{ left: pct(today) }} title="Today" />
                  ) : null}
                  <div
                    data-testid="assignment-bar"
                    title={describe(a)}
                    className={`absolute top-1/2 flex h-7 -translate-y-1/2 items-center overflow-hidden rounded px-2 text-xs font-medium whitespace-nowrap ${
                      unfilled
                        ? 'border-2 border-dashed border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100'
                        : 'bg-blue-700 text-white dark:bg-blue-500 dark:text-slate-950'
                    }`}
                    style={{ left: pct(s), width: width(s, e), minWidth: '2.5rem' }}
                  >
                    {a.allocation_percent}%{a.dates_follow_project ? '' : ' · own dates'}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
        <p className="px-3 py-2 text-xs text-slate-600 dark:text-slate-400">
          Bars run from each assignment's first to last day; the label is its share of the person's time. Dashed bars are roles still to fill (dashed red line:
          today: {formatDate(dayString(today))}).
        </p>
      </div>
    </div>
  );
}
