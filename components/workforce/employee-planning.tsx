'use client';

import { useAccess } from '@/components/shell/access-context';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ErrorState, TableSkeleton } from '@/components/ui/states';
import { orNull } from '@/lib/client/forms';
import { formatDate, todayIso } from '@/lib/client/format';
import { employeeName, type Employee } from '@/lib/client/hooks/use-workforce';
import {
  useAssignments,
  useCertifications,
  useCreateCertification,
  useCreateTimeOff,
  useDeleteCertification,
  useDeleteTimeOff,
  useTimeOff,
  useUpdateCertification,
  type Certification,
  type TimeOff,
} from '@/lib/client/hooks/use-workforce-planning';
import { dayNumber } from '@/lib/shared/domain/workforce';
import { workforceCertificationCreate, workforceCertificationUpdate, workforceTimeOffCreate } from '@/lib/shared/validation/workforce-planning';
import { DateField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';

// A person's planned work, in their dialog: assignments (edited on each project), time off (with
// backfill) and certifications (lapsing ones flagged). Loaded with the dialog, not the page.

/** Certifications lapsing within this many days are flagged. */
export const EXPIRING_DAYS = 60;

function Block({ title, id, actions, children }: { title: string; id: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <h3 id={id} className="text-sm font-semibold">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A form opened inside a block, above its list. */
const inlineForm = 'space-y-3 border-b border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/50';

const empty = (text: string) => <p className="px-3 py-3 text-sm text-slate-600 dark:text-slate-400">{text}</p>;

export function EmployeePlanning({ employee }: { employee: Employee }) {
  return (
    <div className="mb-6 space-y-4">
      <Assignments employee={employee} />
      <TimeOffBlock employee={employee} />
      <Certifications employee={employee} />
    </div>
  );
}

function Assignments({ employee }: { employee: Employee }) {
  const today = todayIso();
  // Current and future work first; what ended is history.
  const { data, error, isPending, refetch } = useAssignments({ employee_id: employee.id, from: today });
  const list = [...(data ?? [])].sort((a, b) => a.start_date.localeCompare(b.start_date));
  const total = list.filter((a) => a.start_date <= today).reduce((s, a) => s + a.allocation_percent, 0);
  return (
    <Block title="Assignments (current and upcoming)" id="employee-assignments-heading">
      {error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <TableSkeleton rows={2} />
      ) : list.length === 0 ? (
        empty('Not planned on any project from today on. Staff people on a project’s “Team & staffing” tab.')
      ) : (
        <>
          <ul aria-label={`Assignments of ${employeeName(employee)}`} className="divide-y divide-slate-100 dark:divide-slate-800">
            {list.map((a) => (
              <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <Link href={`/projects/${a.project.id}?tab=team`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
                    {a.project.name}
                  </Link>
                  <span className="ml-2 text-slate-600 dark:text-slate-400">{a.role.name}</span>
                </span>
                <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                  {a.allocation_percent}% · {formatDate(a.start_date)} – {formatDate(a.end_date)}
                </span>
              </li>
            ))}
          </ul>
          <p className={`px-3 py-2 text-xs ${total > 100 ? 'font-semibold text-red-800 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}>
            Today: {total}% of their time assigned{total > 100 ? ' — over-allocated' : ''}.
          </p>
        </>
      )}
    </Block>
  );
}

function TimeOffBlock({ employee }: { employee: Employee }) {
  const { data, error, isPending, refetch } = useTimeOff({ employee_id: employee.id });
  const remove = useDeleteTimeOff();
  const canDelete = useAccess().can('workforce', 'delete');
  const [adding, setAdding] = useState(false);
  const list = [...(data ?? [])].sort((a, b) => b.start_date.localeCompare(a.start_date));
  return (
    <Block
      title="Time off"
      id="employee-time-off-heading"
      actions={
        adding ? null : (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            Add time off
          </Button>
        )
      }
    >
      {adding ? <TimeOffForm employee={employee} onDone={() => setAdding(false)} /> : null}
      {error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <TableSkeleton rows={2} />
      ) : list.length === 0 ? (
        empty('No time off recorded.')
      ) : (
        <ul aria-label="Time off" className="divide-y divide-slate-100 dark:divide-slate-800">
          {list.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                <span className="font-medium">
                  {formatDate(t.start_date)} – {formatDate(t.end_date)}
                </span>
                {t.reason ? <span className="ml-2 text-slate-600 dark:text-slate-400">{t.reason}</span> : null}
              </span>
              {canDelete ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete time off ${formatDate(t.start_date)} – ${formatDate(t.end_date)}`}
                  onClick={() => {
                    if (!window.confirm(`Delete the time off ${formatDate(t.start_date)} – ${formatDate(t.end_date)}?`)) return;
                    remove.mutate(t.id, { onSuccess: () => toast.success('Time off deleted.') });
                  }}
                >
                  Delete
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

type TimeOffValues = { start_date: string; end_date: string; reason: string; backfill: boolean };

function TimeOffForm({ employee, onDone }: { employee: Employee; onDone: () => void }) {
  const create = useCreateTimeOff();
  const state = useRecordForm<TimeOff, TimeOffValues>({
    record: undefined,
    schema: workforceTimeOffCreate,
    defaults: () => ({ start_date: '', end_date: '', reason: '', backfill: false }),
    toPayload: (v) => ({
      employee_id: employee.id,
      start_date: v.start_date || undefined,
      end_date: v.end_date || undefined,
      reason: orNull(v.reason),
      backfill: v.backfill,
    }),
    // The schema's word for a missing day is "Required".
    inputChecks: (v) => ({
      ...(v.start_date ? {} : { start_date: 'Enter the first day.' }),
      ...(v.end_date ? {} : { end_date: 'Enter the last day.' }),
    }),
    fieldOf: { employee_id: 'base' },
    save: saveWith(create),
    done: () => {
      toast.success(state.form.getValues('backfill') ? 'Time off added; the days it takes from their assignments are now unfilled roles.' : 'Time off added.');
      onDone();
    },
  });
  return (
    <RecordForm state={state} aria-label="Add time off" className={inlineForm}>
      <div className="grid gap-3 sm:grid-cols-3">
        <DateField name="start_date" label="First day off" />
        <DateField name="end_date" label="Last day off" />
        <TextField name="reason" label="Reason" placeholder="Vacation, leave…" />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 h-4 w-4" {...state.form.register('backfill')} />
        <span>
          Backfill their assignments
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            Each of their assignments overlapping these days gets an unfilled copy (same project, role and allocation) over the working days they miss, so
            someone can be found to cover them.
          </span>
        </span>
      </label>
      <SubmitRow label="Save time off" onCancel={onDone} size="sm" />
    </RecordForm>
  );
}

/** Expired, lapsing within EXPIRING_DAYS, or fine: as words, not color alone. */
export function certificationStatus(expiresOn: string | null, today = todayIso()): { label: string; className: string } | null {
  if (!expiresOn) return null;
  const days = dayNumber(expiresOn) - dayNumber(today);
  if (days < 0) return { label: 'Expired', className: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100' };
  if (days <= EXPIRING_DAYS)
    return { label: `Expires in ${days} day${days === 1 ? '' : 's'}`, className: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100' };
  return null;
}

function Certifications({ employee }: { employee: Employee }) {
  const { data, error, isPending, refetch } = useCertifications({ employee_id: employee.id });
  const remove = useDeleteCertification();
  const canDelete = useAccess().can('workforce', 'delete');
  const [editing, setEditing] = useState<Certification | 'new' | null>(null);
  const list = [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Block
      title="Certifications"
      id="employee-certifications-heading"
      actions={
        editing ? null : (
          <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
            Add certification
          </Button>
        )
      }
    >
      {editing === 'new' ? <CertificationForm employee={employee} onDone={() => setEditing(null)} /> : null}
      {error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <TableSkeleton rows={2} />
      ) : list.length === 0 ? (
        empty('No certifications recorded.')
      ) : (
        <ul aria-label="Certifications" className="divide-y divide-slate-100 dark:divide-slate-800">
          {list.map((c) =>
            editing !== 'new' && editing?.id === c.id ? (
              <li key={c.id}>
                <CertificationForm employee={employee} certification={c} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={c.id} aria-label={c.name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">{c.name}</span>
                  {(() => {
                    const status = certificationStatus(c.expires_on);
                    return status ? <span className={`ml-2 rounded px-1.5 py-0.5 text-xs font-medium ${status.className}`}>{status.label}</span> : null;
                  })()}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {c.issued_on ? `Issued ${formatDate(c.issued_on)}` : 'Issue date unknown'} ·{' '}
                    {c.expires_on ? `${c.expires_on < todayIso() ? 'expired' : 'expires'} ${formatDate(c.expires_on)}` : 'does not expire'}
                  </span>
                </span>
                <span className="flex gap-1">
                  <Button size="sm" variant="ghost" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                    Edit
                  </Button>
                  {canDelete ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${c.name}`}
                      onClick={() => {
                        if (!window.confirm(`Delete the certification “${c.name}”?`)) return;
                        remove.mutate(c.id, { onSuccess: () => toast.success(`Deleted ${c.name}.`) });
                      }}
                    >
                      Delete
                    </Button>
                  ) : null}
                </span>
              </li>
            ),
          )}
        </ul>
      )}
    </Block>
  );
}

type CertificationValues = { name: string; issued_on: string; expires_on: string };

const certificationValues = (c?: Certification): CertificationValues => ({
  name: c?.name ?? '',
  issued_on: c?.issued_on ?? '',
  expires_on: c?.expires_on ?? '',
});

function CertificationForm({ employee, certification, onDone }: { employee: Employee; certification?: Certification; onDone: () => void }) {
  const create = useCreateCertification();
  const update = useUpdateCertification();
  const state = useRecordForm({
    record: certification,
    schema: { create: workforceCertificationCreate, update: workforceCertificationUpdate },
    defaults: certificationValues,
    toPayload: (v) => ({
      // The employee is chosen once, on a new certification.
      ...(certification ? {} : { employee_id: employee.id }),
      name: v.name,
      issued_on: orNull(v.issued_on),
      expires_on: orNull(v.expires_on),
    }),
    fieldOf: { employee_id: 'base' },
    save: saveWith(create, update),
    done: (_saved, created) => {
      toast.success(created ? 'Certification added.' : 'Certification saved.');
      onDone();
    },
  });
  return (
    <RecordForm state={state} aria-label={certification ? `Edit ${certification.name}` : 'Add a certification'} className={inlineForm}>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField name="name" label="Certification" placeholder="OSHA 30" />
        <DateField name="issued_on" label="Issued on" />
        <DateField name="expires_on" label="Expires on" hint="Blank: it does not expire." />
      </div>
      <SubmitRow label="Save certification" onCancel={onDone} size="sm" />
    </RecordForm>
  );
}
