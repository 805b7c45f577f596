'use client';

import { toast } from 'sonner';
import { changedFields } from '@/components/forms/edit-conflict';
import { RecordSearchField } from '@/components/forms/fields/record-search-field';
import { TextareaField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
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
  is_winner: boolean;
  notes: string;
}

const valuesOf = (r?: BidResult): Values => ({
  kind: r?.is_us ? 'us' : 'company',
  company: r?.company ? { id: r.company.id, name: r.company.name } : null,
  amount: centsToDollarsInput(r?.amount_in_cents),
  rank: r?.rank == null ? '' : String(r.rank),
  is_winner: r?.is_winner ?? false,
  notes: r?.notes ?? '',
});

/** What the API gets for the form's values (`amount_in_cents` NaN when the dollars do not read as such). */
function payloadOf(v: Values): Record<string, unknown> {
  return {
    is_us: v.kind === 'us',
    company_id: v.kind === 'us' ? null : (v.company?.id ?? null),
    amount_in_cents: dollarsToCents(v.amount),
    rank: intOrNull(v.rank),
    is_winner: v.is_winner,
    notes: orNull(v.notes),
  };
}

/** The typed dollars and the bidder, which the schema cannot tell wrong. */
function inputChecks(v: Values): Record<string, string> {
  const own: Record<string, string> = {};
  if (Number.isNaN(dollarsToCents(v.amount))) own.amount = 'Enter dollars, like 1,250,000 or 19.99.';
  if (v.kind === 'company' && !v.company) own.company = 'Choose the company that bid, or “Us” for our own bid.';
  return own;
}

const FIELD_OF = { is_us: 'kind', company_id: 'company', amount_in_cents: 'amount' };

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
  const create = useCreateBidResult(projectId);
  const update = useUpdateBidResult();
  const state = useRecordForm({
    record: result,
    schema: bidResultCreate,
    defaults: valuesOf,
    toPayload: payloadOf,
    inputChecks,
    fieldOf: FIELD_OF,
    // An edit sends only what changed on the version the form has.
    save: (payload, base) => (base ? update.mutateAsync({ changes: changedFields(payload, payloadOf(valuesOf(base))), base }) : create.mutateAsync(payload)),
    done: (_saved, created) => {
      const { kind, company } = state.form.getValues();
      const name = kind === 'us' ? 'our bid' : `the bid of ${company!.name}`;
      toast.success(created ? `Added ${name}.` : `Saved ${name}.`);
      onDone();
    },
  });
  const { register, watch, formState } = state.form;
  const kindError = formState.errors.kind?.message;
  const winnerError = formState.errors.is_winner?.message;

  return (
    <RecordForm state={state} className="space-y-4" aria-label={result ? `Edit the bid of ${bidderName(result)}` : 'Add a bidder'}>
      <fieldset aria-describedby={kindError ? 'bidder-kind-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Bidder</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1.5">
          <label className={radio}>
            <input type="radio" value="company" className="h-4 w-4" {...register('kind')} />
            Another company
          </label>
          <label className={radio}>
            <input type="radio" value="us" className="h-4 w-4" {...register('kind')} />
            Us (our own bid)
          </label>
        </div>
        {kindError ? (
          <p id="bidder-kind-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {kindError}
          </p>
        ) : null}
      </fieldset>
      {watch('kind') === 'company' ? (
        <RecordSearchField
          name="company"
          label="Company"
          hint="Not in Groundwork yet? Add it on the Companies page first."
          path="/companies"
          placeholder="Type to search companies…"
          clearLabel="Clear company"
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="amount" label="Bid amount (USD)" hint="Blank when unknown." inputMode="decimal" autoComplete="off" />
        <TextField name="rank" label="Rank" hint="1 for the lowest price." type="number" min={1} step={1} inputMode="numeric" />
      </div>
      <div>
        <label className={radio}>
          <input
            type="checkbox"
            className="h-4 w-4"
            {...register('is_winner')}
            aria-invalid={Boolean(winnerError)}
            aria-describedby={winnerError ? 'bid-winner-error' : undefined}
          />
          Won the project
        </label>
        {winnerError ? (
          <p id="bid-winner-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {winnerError}
          </p>
        ) : null}
      </div>
      <TextareaField name="notes" label="Notes" />
      <SubmitRow label={result ? 'Save bid' : 'Add bidder'} onCancel={onDone} />
    </RecordForm>
  );
}
