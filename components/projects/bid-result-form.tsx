'use client';

import { useState } from 'react';
import { changedFields } from '@/components/forms/edit-conflict';
import { FormError } from '@/components/forms/form-error';
import { PlainForm, SaveButtons } from '@/components/forms/plain-form';
import { useFormSave } from '@/components/forms/use-form-save';
import { Combobox } from '@/components/ui/combobox';
import { useDialogDirty } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/field';
import { centsToDollarsInput, dollarsToCents } from '@/lib/client/format';
import { intOrNull, orNull } from '@/lib/client/forms';
import { useCreateBidResult, useUpdateBidResult, type BidResult } from '@/lib/client/hooks/use-bid-results';
import type { SearchOption } from '@/lib/client/hooks/use-search';
import { bidResultCreate } from '@/lib/shared/validation/bid-results';
import { bidderName } from './bid-results-text';

// Add or edit one bidder of a project: a company of the directory or our own bid, the price in
// dollars (sent as exact cents), the rank, whether they won, notes. Checked by the API's own
// schema; the API's refusals (a second winner, a second bid of ours or of a company) show under
// their fields. Loaded when its dialog opens, so the project page does not ship zod up front.

type Kind = 'company' | 'us';

interface Values {
  kind: Kind;
  company: SearchOption | null;
  amount: string;
  rank: string;
  isWinner: boolean;
  notes: string;
}

const valuesOf = (r: BidResult | undefined): Values => ({
  kind: r?.is_us ? 'us' : 'company',
  company: r?.company ? { id: r.company.id, name: r.company.name } : null,
  amount: centsToDollarsInput(r?.amount_in_cents),
  rank: r?.rank == null ? '' : String(r.rank),
  isWinner: r?.is_winner ?? false,
  notes: r?.notes ?? '',
});

/** What the API gets for the form's values (`amount_in_cents` NaN when the dollars do not read as such). */
function payloadOf(v: Values): Record<string, unknown> {
  return {
    is_us: v.kind === 'us',
    company_id: v.kind === 'us' ? null : (v.company?.id ?? null),
    amount_in_cents: dollarsToCents(v.amount),
    rank: intOrNull(v.rank),
    is_winner: v.isWinner,
    notes: orNull(v.notes),
  };
}

const radio = 'flex items-center gap-2 text-sm';

export function BidResultForm({
  projectId,
  result,
  onDone,
}: {
  projectId: string;
  /** The result to edit; none to add a bidder. */
  result?: BidResult;
  onDone: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(result));
  const [initial] = useState(values);
  // A stray Esc or click outside asks before losing what was typed.
  useDialogDirty(JSON.stringify(values) !== JSON.stringify(initial));
  const set = (changes: Partial<Values>) => setValues((v) => ({ ...v, ...changes }));
  const create = useCreateBidResult(projectId);
  const update = useUpdateBidResult();
  const { errors, setErrors, check, save, saveEdit, conflict } = useFormSave<BidResult>({
    record: result,
    original: (r) => payloadOf(valuesOf(r)),
    update: (changes, base) => update.mutateAsync({ changes, base }),
    // Their version in the form.
    discard: (current) => setValues(valuesOf(current)),
  });

  const submit = async () => {
    const payload = payloadOf(values);
    const own: Record<string, string> = {};
    if (Number.isNaN(payload.amount_in_cents)) own.amount_in_cents = 'Enter dollars, like 1,250,000 or 19.99.';
    if (values.kind === 'company' && !values.company) own.company_id = 'Choose the company that bid, or “Us” for our own bid.';
    if (Object.keys(own).length > 0) return setErrors(own);
    if (!check(bidResultCreate, payload)) return;
    const name = values.kind === 'us' ? 'our bid' : `the bid of ${values.company!.name}`;
    if (result) await saveEdit(changedFields(payload, payloadOf(valuesOf(result))), `Saved ${name}.`, onDone);
    else await save(() => create.mutateAsync(payload), `Added ${name}.`, onDone);
  };

  return (
    <PlainForm noValidate onSubmit={submit} aria-label={result ? `Edit the bid of ${bidderName(result)}` : 'Add a bidder'}>
      <FormError message={errors.base} />
      {conflict}
      <fieldset aria-describedby={errors.is_us ? 'bidder-kind-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Bidder</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1.5">
          <label className={radio}>
            <input type="radio" name="bidder-kind" className="h-4 w-4" checked={values.kind === 'company'} onChange={() => set({ kind: 'company' })} />
            Another company
          </label>
          <label className={radio}>
            <input type="radio" name="bidder-kind" className="h-4 w-4" checked={values.kind === 'us'} onChange={() => set({ kind: 'us' })} />
            Us (our own bid)
          </label>
        </div>
        {errors.is_us ? (
          <p id="bidder-kind-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {errors.is_us}
          </p>
        ) : null}
      </fieldset>
      {values.kind === 'company' ? (
        <Field label="Company" error={errors.company_id} hint="Not in Groundwork yet? Add it on the Companies page first.">
          {(a) => (
            <Combobox
              {...a}
              value={values.company}
              onChange={(company) => set({ company })}
              path="/companies"
              listKey="companies"
              placeholder="Type to search companies…"
              clearLabel="Clear company"
            />
          )}
        </Field>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Bid amount (USD)" error={errors.amount_in_cents} hint="Blank when unknown.">
          {(a) => <Input {...a} inputMode="decimal" autoComplete="off" value={values.amount} onChange={(e) => set({ amount: e.target.value })} />}
        </Field>
        <Field label="Rank" error={errors.rank} hint="1 for the lowest price.">
          {(a) => <Input {...a} type="number" min={1} step={1} inputMode="numeric" value={values.rank} onChange={(e) => set({ rank: e.target.value })} />}
        </Field>
      </div>
      <div>
        <label className={radio}>
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={values.isWinner}
            onChange={(e) => set({ isWinner: e.target.checked })}
            aria-invalid={Boolean(errors.is_winner)}
            aria-describedby={errors.is_winner ? 'bid-winner-error' : undefined}
          />
          Won the project
        </label>
        {errors.is_winner ? (
          <p id="bid-winner-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {errors.is_winner}
          </p>
        ) : null}
      </div>
      <Field label="Notes" error={errors.notes}>
        {(a) => <Textarea {...a} value={values.notes} onChange={(e) => set({ notes: e.target.value })} />}
      </Field>
      <SaveButtons label={result ? 'Save bid' : 'Add bidder'} busy="Saving…" pending={create.isPending || update.isPending} onCancel={onDone} />
    </PlainForm>
  );
}
