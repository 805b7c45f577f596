'use client';

import { useRef, useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { formatDate, todayIso } from '@/lib/client/format';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import type { Project } from '@/lib/client/hooks/use-projects';
import { employeeName } from '@/lib/client/hooks/use-workforce';
import { averageUtilization, useCreateAssignment, useUpdateAssignment, useUtilization, type Assignment } from '@/lib/client/hooks/use-workforce-planning';
import { dayNumber, dayString, MAX_PERIODS, periodCount } from '@/lib/shared/domain/workforce';
import { workforceAssignmentCreate, workforceAssignmentUpdate } from '@/lib/shared/validation/workforce-planning';
import { changedFields } from '@/components/forms/edit-conflict';
import { SelectField } from '@/components/forms/fields/select-field';
import { DateField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { DivisionSelect } from '@/components/workforce/plan-controls';

// Add or edit one assignment of a project: the role, who (a candidate of that role, or unfilled),
// the share of their time and the dates. Validated by the API's own schemas.

const UNFILLED = 'unfilled';

/** What the form sends for an assignment untouched: what the user changed is the difference. */
const fieldsOf = (a: Assignment): Record<string, unknown> => ({
  project_id: a.project.id,
  role_id: a.role.id,
  employee_id: a.employee?.id ?? null,
  allocation_percent: a.allocation_percent,
  dates_follow_project: a.dates_follow_project,
  start_date: a.start_date,
  end_date: a.end_date,
});

type Values = {
  role_id: string;
  /** An employee's id, UNFILLED, or '' before one is chosen. */
  employee_id: string;
  allocation_percent: string;
  dates_follow_project: boolean;
  start_date: string;
  end_date: string;
};

export function AssignmentForm({ project, assignment, onDone }: { project: Project; assignment?: Assignment; onDone: () => void }) {
  const roles = (useOptions('/workforce/roles', 'workforce_roles').data ?? []).filter((r) => !r.archived || r.id === assignment?.role.id);
  const projectDated = Boolean(project.start_date && project.end_date);
  const defaultStart = project.start_date ?? todayIso();
  const create = useCreateAssignment();
  const update = useUpdateAssignment();
  // An edit that changed nothing closes without a save (and without a toast).
  const unchanged = useRef(false);
  const state = useRecordForm<Assignment, Values>({
    record: assignment,
    schema: { create: workforceAssignmentCreate, update: workforceAssignmentUpdate },
    defaults: (a) => ({
      role_id: a?.role.id ?? '',
      employee_id: a ? (a.employee?.id ?? UNFILLED) : '',
      allocation_percent: String(a?.allocation_percent ?? 100),
      dates_follow_project: a ? a.dates_follow_project : projectDated,
      start_date: a?.start_date ?? defaultStart,
      end_date: a?.end_date ?? project.end_date ?? dayString(dayNumber(defaultStart) + 90),
    }),
    toPayload: (v) => ({
      project_id: project.id,
      role_id: v.role_id || undefined,
      employee_id: v.employee_id === UNFILLED ? null : v.employee_id || undefined,
      allocation_percent: v.allocation_percent.trim() === '' ? undefined : Number(v.allocation_percent),
      dates_follow_project: v.dates_follow_project,
      ...(v.dates_follow_project ? {} : { start_date: v.start_date || undefined, end_date: v.end_date || undefined }),
    }),
    original: fieldsOf,
    inputChecks: (v) => ({
      // A new assignment names its role; an edit keeps the one it has.
      ...(!assignment && !v.role_id ? { role_id: 'Choose a role.' } : {}),
      ...(v.employee_id ? {} : { employee_id: 'Choose a person, or “Unfilled” to staff the role later.' }),
    }),
    fieldOf: { project_id: 'base' },
    save: async (payload, base) => {
      if (!base) return create.mutateAsync(payload);
      // Only what changed (dates given turn following the project off), with the version the form has as If-Match.
      const changes = changedFields(payload, fieldsOf(base));
      unchanged.current = Object.keys(changes).length === 0;
      return unchanged.current ? base : update.mutateAsync({ id: base.id, changes, base });
    },
    done: (_saved, created) => {
      if (created) toast.success('Assignment added.');
      else if (!unchanged.current) toast.success('Assignment updated.');
      onDone();
    },
  });
  const { control, watch, formState } = state.form;
  const [roleId, follow, start, end] = watch(['role_id', 'dates_follow_project', 'start_date', 'end_date']);
  const from = follow && projectDated ? project.start_date! : start;
  const to = follow && projectDated ? project.end_date! : end;
  const followError = formState.errors.dates_follow_project?.message;

  return (
    <RecordForm state={state} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="role_id" label="Role" autoFocus placeholder="Choose a role…" options={roles} />
        <TextField
          name="allocation_percent"
          label="Allocation (%)"
          hint="Share of the person's working days, 1–100."
          type="number"
          min={1}
          max={100}
          step={1}
          inputMode="numeric"
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Dates</legend>
        <label className="flex items-center gap-2 text-sm">
          <Controller
            control={control}
            name="dates_follow_project"
            render={({ field }) => (
              <input
                type="checkbox"
                className="h-4 w-4"
                ref={field.ref}
                name={field.name}
                checked={field.value}
                disabled={!projectDated}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.checked)}
              />
            )}
          />
          Follow the project's dates
          {projectDated ? ` (${formatDate(project.start_date)} to ${formatDate(project.end_date)}; they move when it moves)` : ' (the project has none yet)'}
        </label>
        {follow ? null : (
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField name="start_date" label="Start date" />
            <DateField name="end_date" label="End date" />
          </div>
        )}
        {follow ? null : followError ? <p className="text-sm text-red-700 dark:text-red-400">{followError}</p> : null}
      </fieldset>
      <Controller
        control={control}
        name="employee_id"
        render={({ field }) => (
          <CandidatePicker
            roleId={roleId}
            defaultDivisionId={project.division?.id ?? ''}
            from={from}
            to={to}
            value={field.value}
            current={assignment?.employee ? { id: assignment.employee.id, name: employeeName(assignment.employee) } : null}
            onChange={field.onChange}
            error={formState.errors.employee_id?.message}
          />
        )}
      />
      <SubmitRow label={assignment ? 'Save assignment' : 'Add assignment'} onCancel={onDone} />
    </RecordForm>
  );
}

/** How booked a person is over the dates, in words as well as a number. */
function loadWords(avg: number | null): { text: string; className: string } {
  if (avg === null) return { text: 'not working then', className: 'text-slate-500 dark:text-slate-400' };
  if (avg < 50) return { text: 'mostly free', className: 'text-emerald-800 dark:text-emerald-300' };
  if (avg < 100) return { text: 'partly booked', className: 'text-slate-700 dark:text-slate-300' };
  if (avg === 100) return { text: 'fully booked', className: 'text-blue-800 dark:text-blue-300' };
  return { text: 'over-allocated', className: 'font-semibold text-red-800 dark:text-red-300' };
}

/**
 * The people of the role (and division), with their average utilization over the assignment's
 * dates (GET /workforce/utilization, by month), least booked first; or "Unfilled".
 */
function CandidatePicker({
  roleId,
  defaultDivisionId,
  from,
  to,
  value,
  current,
  onChange,
  error,
}: {
  roleId: string;
  defaultDivisionId: string;
  from: string;
  to: string;
  value: string;
  current: { id: string; name: string } | null;
  onChange: (id: string) => void;
  error?: string;
}) {
  const [divisionId, setDivisionId] = useState(defaultDivisionId);
  const divisionName = useOptions('/divisions', 'divisions').data?.find((d) => d.id === divisionId)?.name;
  const validRange = Boolean(from && to && to >= from && periodCount(from, to, 'month') <= MAX_PERIODS.month);
  const query = useUtilization({ from, to, interval: 'month', role_id: roleId, division_id: divisionId, per_page: 100 }, Boolean(roleId) && validRange);
  const candidates = (query.data?.data.employees ?? [])
    .map((row) => ({ id: row.employee.id, name: employeeName(row.employee), avg: averageUtilization(row.periods) }))
    .sort((a, b) => (a.avg ?? Infinity) - (b.avg ?? Infinity) || a.name.localeCompare(b.name));
  const showCurrent = current && !candidates.some((c) => c.id === current.id);

  const option = (id: string, label: ReactNode, key = id) => (
    <li key={key}>
      <label className="flex cursor-pointer items-baseline gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-50 has-checked:bg-blue-50 dark:hover:bg-slate-800 dark:has-checked:bg-blue-950">
        <input type="radio" name="employee" className="h-4 w-4 self-center" value={id} checked={value === id} onChange={() => onChange(id)} />
        {label}
      </label>
    </li>
  );

  return (
    <fieldset aria-describedby={error ? 'candidate-error' : 'candidate-hint'} className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Person</legend>
      <div className="flex flex-wrap items-end gap-2">
        <DivisionSelect label="Candidates' division" value={divisionId} onChange={setDivisionId} className="w-full sm:w-56" />
        <p id="candidate-hint" className="text-xs text-slate-600 dark:text-slate-400">
          {roleId
            ? `People of this role, least booked first: average utilization ${formatDate(from)} to ${formatDate(to)}.`
            : 'Choose a role to see its people.'}
        </p>
      </div>
      {divisionId ? (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700 dark:text-slate-300">
          Only people in {divisionName ?? 'this division'}
          {divisionId === defaultDivisionId ? ' (the project’s division)' : ''}.
          <Button variant="ghost" size="sm" onClick={() => setDivisionId('')}>
            Show all divisions
          </Button>
        </p>
      ) : null}
      {error ? (
        <p id="candidate-error" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <ul aria-label="Candidates" className="max-h-72 overflow-y-auto rounded-md border border-slate-200 p-1 dark:border-slate-700">
        {option(
          UNFILLED,
          <span>
            <span className="font-medium">Unfilled</span>{' '}
            <span className="text-slate-600 dark:text-slate-400">— staff the role later; it counts as demand</span>
          </span>,
        )}
        {showCurrent ? option(current.id, <span className="font-medium">{current.name} (assigned now; another role or division)</span>) : null}
        {!roleId || !validRange ? null : query.isPending ? (
          <li className="px-2 py-1.5 text-sm text-slate-500" role="status" aria-label="Loading candidates">
            Loading candidates…
          </li>
        ) : query.error ? (
          <li className="px-2 py-1.5 text-sm text-red-700 dark:text-red-400">Could not load candidates: {query.error.message}</li>
        ) : candidates.length === 0 ? (
          <li className="px-2 py-1.5 text-sm text-slate-600 dark:text-slate-400">No one of this role{divisionId ? ' in this division' : ''}.</li>
        ) : (
          candidates.map((c) => {
            const words = loadWords(c.avg);
            return option(
              c.id,
              <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-3">
                <span className="font-medium">{c.name}</span>
                <span className={`tabular-nums ${words.className}`}>
                  {c.avg === null ? '—' : `${c.avg}%`} booked · {words.text}
                </span>
              </span>,
            );
          })
        )}
      </ul>
    </fieldset>
  );
}
