'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { useAccess } from '@/components/shell/access-context';
import { Button } from '@/components/ui/button';
import { Field, Input, inputClass } from '@/components/ui/field';
import { ErrorState, TableSkeleton } from '@/components/ui/states';
import { useCreateGoNoGoCriterion, useGoNoGoCriteria, useUpdateGoNoGoCriterion, type GoNoGoCriterion } from '@/lib/client/hooks/use-go-no-go';
import { SettingsSection } from './settings-section';
import { CARD } from '@/components/ui/section-card';

// Settings → Scorecard: the go / no-go criteria a pursuit is answered on (docs/insights.md).
// Account admins add them, weigh them and archive them; everyone with insights reads them.

const KIND_LABELS = { manual: 'Answered by hand', capacity: 'Capacity (suggested from the workforce demand)' } as const;

function CriterionRow({ c, isAdmin }: { c: GoNoGoCriterion; isAdmin: boolean }) {
  const update = useUpdateGoNoGoCriterion();
  const [weight, setWeight] = useState(String(c.weight));
  // mutateAsync: the saved criterion remounts this row (its key), which would drop a mutate() callback.
  const change = (changes: Record<string, unknown>, message: string) =>
    update
      .mutateAsync({ id: c.id, changes, base: c })
      .then(() => toast.success(message))
      .catch(() => undefined); // the error is shown by the mutation cache's handler
  return (
    <li className={`flex flex-wrap items-center justify-between gap-3 px-4 py-3 ${c.archived ? 'opacity-70' : ''}`}>
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {c.name}{' '}
          {c.archived ? (
            <span className="ml-1 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">Archived</span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {KIND_LABELS[c.kind]}
          {c.description ? ` · ${c.description}` : ''}
        </p>
      </div>
      {isAdmin ? (
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            change({ weight: Number(weight) }, `“${c.name}” now weighs ${weight}.`);
          }}
        >
          <label className="text-sm text-slate-600 dark:text-slate-400" htmlFor={`weight-${c.id}`}>
            Weight
          </label>
          <input
            id={`weight-${c.id}`}
            className={`${inputClass} w-20`}
            type="number"
            min={1}
            max={100}
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
          />
          <Button type="submit" variant="secondary" size="sm" disabled={weight === String(c.weight) || update.isPending}>
            Save
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => change({ archived: !c.archived }, c.archived ? `Restored “${c.name}”.` : `Archived “${c.name}”: it counts in no score.`)}
          >
            {c.archived ? 'Restore' : 'Archive'}
          </Button>
        </form>
      ) : (
        <span className="text-sm tabular-nums text-slate-600 dark:text-slate-400">Weight {c.weight}</span>
      )}
    </li>
  );
}

function AddCriterion() {
  const create = useCreateGoNoGoCriterion();
  const [name, setName] = useState('');
  const [weight, setWeight] = useState('1');
  const [kind, setKind] = useState<'manual' | 'capacity'>('manual');
  return (
    <form
      className="flex flex-wrap items-end gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { name, weight: Number(weight), kind },
          {
            onSuccess: () => {
              toast.success(`Added “${name}”.`);
              setName('');
              setWeight('1');
            },
          },
        );
      }}
    >
      <Field label="New criterion" className="min-w-48 flex-1">
        {(a) => <Input {...a} value={name} onChange={(e) => setName(e.target.value)} placeholder="Bonding capacity" required />}
      </Field>
      <Field label="Weight" className="w-24">
        {(a) => <Input {...a} type="number" min={1} max={100} value={weight} onChange={(e) => setWeight(e.target.value)} />}
      </Field>
      <Field label="Kind">
        {(a) => (
          <select {...a} className={inputClass} value={kind} onChange={(e) => setKind(e.target.value as 'manual' | 'capacity')}>
            <option value="manual">Answered by hand</option>
            <option value="capacity">Capacity</option>
          </select>
        )}
      </Field>
      <Button type="submit" disabled={!name.trim() || create.isPending}>
        Add criterion
      </Button>
    </form>
  );
}

/** The scorecard's criteria by position. */
export function ScorecardPage() {
  const isAdmin = useAccess().role === 'admin';
  const query = useGoNoGoCriteria();
  return (
    <SettingsSection
      id="scorecard-heading"
      title="Go / no-go scorecard"
      description={
        <>
          Before estimating, each pursuit is answered 1–5 on these criteria (a project’s Go / no-go tab). The score is the weighted mean, from 0 to 100.{' '}
          {isAdmin ? 'Archive a criterion to take it out of every score.' : 'Only an admin can change them.'}
        </>
      }
    >
      <div className={CARD}>
        {query.error ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : !query.data ? (
          <TableSkeleton rows={5} />
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {query.data.map((c) => (
              <CriterionRow key={`${c.id}-${c.updated_at}`} c={c} isAdmin={isAdmin} />
            ))}
          </ul>
        )}
        {isAdmin ? <AddCriterion /> : null}
      </div>
    </SettingsSection>
  );
}
