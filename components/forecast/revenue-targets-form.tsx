'use client';

import { toast } from 'sonner';
import { z } from 'zod';
import { MoneyField } from '@/components/forms/fields/text-field';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { ErrorState, TableSkeleton } from '@/components/ui/states';
import { centsToDollarsInput, dollarsToCents } from '@/lib/client/format';
import { useRevenueTargets, useSaveRevenueTargets, type RevenueTarget } from '@/lib/client/hooks/use-forecast';
import { monthOfIndex, monthIndex } from '@/lib/shared/domain/forecast';
import { revenueTargetsPut } from '@/lib/shared/validation/forecast';
import { monthLabel } from './money';

/** The PUT's body, as the API parses it. */
const body = z.object({ revenue_targets: revenueTargetsPut });

/** The dollars typed for each month (`2025-03` → '2500000'). */
type Values = Record<string, string>;
type Entry = { month: string; amount_in_cents: number | null };

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
  const save = useSaveRevenueTargets();
  // The targets are no record of their own: the months changed go in one PUT, without If-Match.
  const state = useRecordForm({
    record: undefined,
    schema: body,
    defaults: (): Values => Object.fromEntries(months.map((m) => [m, centsToDollarsInput(saved.get(m))])),
    // Only the months whose dollars changed (a month whose dollars do not read is checked below).
    toPayload: (v: Values) => ({
      revenue_targets: months
        .map((month): Entry => ({ month, amount_in_cents: dollarsToCents(v[month] ?? '') }))
        .filter((e) => !Number.isNaN(e.amount_in_cents) && e.amount_in_cents !== (saved.get(e.month) ?? null)),
    }),
    inputChecks: (v: Values) =>
      Object.fromEntries(months.filter((m) => Number.isNaN(dollarsToCents(v[m] ?? ''))).map((m) => [m, 'Enter dollars, like 2,500,000.'])),
    // The API's 422s name an entry of the body (`revenue_targets.3.amount_in_cents`): back to its month.
    fieldOf: (apiField, payload) => {
      const [, index] = apiField.split('.');
      return (payload.revenue_targets as Entry[])[Number(index)]?.month ?? 'base';
    },
    save: async (payload) => {
      const changes = payload.revenue_targets as Entry[];
      if (changes.length > 0) await save.mutateAsync(changes);
      return changes;
    },
    done: (changes) => {
      if (changes.length > 0) toast.success('Targets saved.');
      onDone();
    },
  });

  return (
    <RecordForm state={state} className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">Revenue each month should bring, in dollars. Leave a month blank for no target.</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {months.map((m) => (
          <MoneyField key={m} name={m} label={monthLabel(m)} placeholder="0" />
        ))}
      </div>
      <SubmitRow label="Save targets" onCancel={onDone} />
    </RecordForm>
  );
}
