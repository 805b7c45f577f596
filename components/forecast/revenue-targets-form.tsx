'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Field, Input } from '@/components/ui/field';
import { ErrorState, TableSkeleton } from '@/components/ui/states';
import { centsToDollarsInput, dollarsToCents } from '@/lib/client/format';
import { errorsFromApi } from '@/lib/client/forms';
import { useRevenueTargets, useSaveRevenueTargets, type RevenueTarget } from '@/lib/client/hooks/use-forecast';
import { monthOfIndex, monthIndex } from '@/lib/shared/domain/forecast';
import { monthLabel } from './money';
import { FormError } from '@/components/forms/form-error';
import { SaveButtons } from '@/components/forms/plain-form';

/** Twelve months from `first`, each with its target in dollars; PUT /revenue_targets sends the months changed. */
export function RevenueTargetsForm({ first, onDone }: { first: string; onDone: () => void }) {
  const months = Array.from({ length: 12 }, (_, i) => monthOfIndex(monthIndex(first) + i));
  const query = useRevenueTargets({ from: months[0], to: months[11] });
  if (query.error) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (query.isPending) return <TableSkeleton rows={4} />;
  return <TargetsGrid months={months} targets={query.data} onDone={onDone} />;
}

function TargetsGrid({ months, targets, onDone }: { months: string[]; targets: RevenueTarget[]; onDone: () => void }) {
  const saved = new Map(targets.map((t) => [t.month, t.amount_in_cents]));
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(months.map((m) => [m, centsToDollarsInput(saved.get(m))])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveRevenueTargets();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const changes: { month: string; amount_in_cents: number | null }[] = [];
    for (const m of months) {
      const cents = dollarsToCents(values[m] ?? '');
      if (Number.isNaN(cents)) problems[m] = 'Enter dollars, like 2,500,000.';
      else if (cents !== (saved.get(m) ?? null)) changes.push({ month: m, amount_in_cents: cents });
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    if (changes.length === 0) return onDone();
    try {
      await save.mutateAsync(changes);
      toast.success('Targets saved.');
      onDone();
    } catch (error) {
      // The API's 422 details name an entry of the body (`3.amount_in_cents`): back to its month.
      const found: Record<string, string> = {};
      for (const [key, message] of Object.entries(errorsFromApi(error))) {
        const index = Number(key.split('.')[0]);
        found[Number.isInteger(index) && changes[index] ? changes[index].month : 'base'] = message;
      }
      setErrors(found);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={errors.base} />
      <p className="text-sm text-slate-600 dark:text-slate-400">Revenue each month should bring, in dollars. Leave a month blank for no target.</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {months.map((m) => (
          <Field key={m} label={monthLabel(m)} error={errors[m]}>
            {(a) => (
              <Input
                {...a}
                inputMode="decimal"
                placeholder="0"
                value={values[m] ?? ''}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [m]: e.target.value }));
                  // The message was about the value being replaced.
                  setErrors(({ [m]: _, ...rest }) => rest);
                }}
              />
            )}
          </Field>
        ))}
      </div>
      <SaveButtons label="Save targets" pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
