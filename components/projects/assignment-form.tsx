'use client';

import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { formatDate, todayIso } from '@/lib/client/format';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import type { Project } from '@/lib/client/hooks/use-projects';
import { employeeName } from '@/lib/client/hooks/use-workforce';
import { averageUtilization, useCreateAssignment, useUpdateAssignment, useUtilization, type Assignment } from '@/lib/client/hooks/use-workforce-planning';
import { dayNumber, dayString, MAX_PERIODS, periodCount } from '@/lib/shared/domain/workforce';
import { workforceAssignmentCreate, workforceAssignmentUpdate } from '@/lib/shared/validation/workforce-planning';
import { changedFields } from '@/components/forms/edit-conflict';
import { FormError } from '@/components/forms/form-error';
import { PlainForm, SaveButtons } from '@/components/forms/plain-form';
import { useFormSave } from '@/components/forms/use-form-save';
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

export function AssignmentForm({ project, assignment, onDone }: { project: Project; assignment?: Assignment; onDone: () => void }) {
  const roles = (useOptions('/workforce/roles', 'workforce_roles').data ?? []).filter((r) => !r.archived || r.id === assignment?.role.id);
  const projectDated = Boolean(project.start_date && project.end_date);
  const [roleId, setRoleId] = useState(assignment?.role.id ?? '');
  const [employeeId, setEmployeeId] = useState(assignment ? (assignment.employee?.id ?? UNFILLED) : '');
  const [allocation, setAllocation] = useState(String(assignment?.allocation_percent ?? 100));
  const [follow, setFollow] = useState(assignment ? assignment.dates_follow_project : projectDated);
  const defaultStart = project.start_date ?? todayIso();
  const [start, setStart] = useState(assignment?.start_date ?? defaultStart);
  const [end, setEnd] = useState(assignment?.end_date ?? project.end_date ?? dayString(dayNumber(defaultStart) + 90));
  const create = useCreateAssignment();
  const update = useUpdateAssignment();
  const { errors, setErrors, check, save, saveEdit, base, conflict } = useFormSave({
    record: assignment,
    original: fieldsOf,
    update: (changes, version) => update.mutateAsync({ id: version.id, changes, base: version }),
    // Their version in the form.
    discard: (current) => {
      setRoleId(current.role.id);
      setEmployeeId(current.employee?.id ?? UNFILLED);
      setAllocation(String(current.allocation_percent));
      setFollow(current.dates_follow_project);
      setStart(current.start_date);
      setEnd(current.end_date);
    },
  });
  const pending = create.isPending || update.isPending;
  const from = follow && projectDated ? project.start_date! : start;
  const to = follow && projectDated ? project.end_date! : end;

  const submit = async () => {
    if (!employeeId) return setErrors({ employee_id: 'Choose a person, or “Unfilled” to staff the role later.' });
    const fields: Record<string, unknown> = {
      project_id: project.id,
      role_id: roleId || undefined,
      employee_id: employeeId === UNFILLED ? null : employeeId,
      allocation_percent: allocation.trim() === '' ? undefined : Number(allocation),
      dates_follow_project: follow,
      ...(follow ? {} : { start_date: start || undefined, end_date: end || undefined }),
    };
    if (!base) {
      if (check(workforceAssignmentCreate, fields)) await save(() => create.mutateAsync(fields), 'Assignment added.', onDone);
      return;
    }
    // Only what changed (dates given turn following the project off), with the version the form has as If-Match.
    const changes = changedFields(fields, fieldsOf(base));
    if (!check(workforceAssignmentUpdate, changes)) return;
    if (Object.keys(changes).length === 0) return onDone();
    await saveEdit(changes, 'Assignment updated.', onDone);
  };

  return (
    <PlainForm noValidate onSubmit={submit}>
      <FormError message={errors.base ?? errors.project_id} />
      {conflict}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Role" error={errors.role_id ? (roleId ? errors.role_id : 'Choose a role.') : undefined}>
          {(a) => <Select {...a} autoFocus value={roleId} onChange={(e) => setRoleId(e.target.value)} placeholder="Choose a role…" options={roles} />}
        </Field>
        <Field label="Allocation (%)" error={errors.allocation_percent} hint="Share of the person's working days, 1–100.">
          {(a) => (
            <Input {...a} type="number" min={1} max={100} step={1} inputMode="numeric" value={allocation} onChange={(e) => setAllocation(e.target.value)} />
          )}
        </Field>
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Dates</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" checked={follow} disabled={!projectDated} onChange={(e) => setFollow(e.target.checked)} />
          Follow the project's dates
          {projectDated ? ` (${formatDate(project.start_date)} to ${formatDate(project.end_date)}; they move when it moves)` : ' (the project has none yet)'}
        </label>
        {follow ? null : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Start date" error={errors.start_date}>
              {(a) => <Input {...a} type="date" value={start} onChange={(e) => setStart(e.target.value)} />}
            </Field>
            <Field label="End date" error={errors.end_date}>
              {(a) => <Input {...a} type="date" value={end} onChange={(e) => setEnd(e.target.value)} />}
            </Field>
          </div>
        )}
        {follow ? null : errors.dates_follow_project ? <p className="text-sm text-red-700 dark:text-red-400">{errors.dates_follow_project}</p> : null}
      </fieldset>
      <CandidatePicker
        roleId={roleId}
        defaultDivisionId={project.division?.id ?? ''}
        from={from}
        to={to}
        value={employeeId}
        current={assignment?.employee ? { id: assignment.employee.id, name: employeeName(assignment.employee) } : null}
        onChange={setEmployeeId}
        error={errors.employee_id}
      />
      <SaveButtons label={assignment ? 'Save assignment' : 'Add assignment'} pending={pending} onCancel={onDone} />
    </PlainForm>
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
