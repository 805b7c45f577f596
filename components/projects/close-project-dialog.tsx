'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Combobox } from '@/components/ui/combobox';
import { Field, Input, Select, inputClass } from '@/components/ui/field';
import { dollarsToCents, todayIso } from '@/lib/client/format';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import type { Project, ProjectStage } from '@/lib/client/hooks/use-projects';
import type { SearchOption } from '@/lib/client/hooks/use-search';
import { CLOSE_TYPES, type CloseType } from '@/lib/shared/validation/enums';

export interface CloseRequest {
  project: Project;
  /** The closed stage the project was dropped on (or picked). */
  stage: ProjectStage;
}

export interface CloseChoice {
  stage: ProjectStage;
  changes: Record<string, unknown>;
  /** What the project shows at once, before the API answers. */
  shown: Partial<Project>;
  /** A project lost: who won it and at what price, when said; recorded as its winning bid once the close is saved. */
  winner?: { company: SearchOption; amountInCents: number | null };
}

const CLOSE_TYPE_LABELS: Record<CloseType, string> = { won: 'Won', lost: 'Lost', cancelled: 'Cancelled', did_not_pursue: 'Did not pursue' };

/**
 * Closing a project asks how it closed. The close type is preset to the stage's category; won and
 * lost are the categories of stages, so choosing the other one moves the project to the first stage
 * of that category instead; cancelled and did not pursue (no result: in no win rate) stay in the
 * stage the project was dropped on. Lost asks for the reason and, optionally, who won and at what
 * price (a company of the directory: its bid result is recorded as the winner), won for the award date.
 */
export function CloseProjectDialog({
  request,
  stages,
  onCancel,
  onConfirm,
}: {
  request: CloseRequest | null;
  stages: ProjectStage[];
  onCancel: () => void;
  onConfirm: (choice: CloseChoice) => void;
}) {
  const category = request?.stage.category === 'won' ? 'won' : 'lost';
  const [closeType, setCloseType] = useState<CloseType>(category);
  const [lossReasonId, setLossReasonId] = useState(request?.project.loss_reason?.id ?? '');
  const [awardDate, setAwardDate] = useState(request?.project.award_date ?? todayIso());
  // Who won, preset to the winner already recorded (a company, not us).
  const awarded = request?.project.awarded_to;
  const [winner, setWinner] = useState<SearchOption | null>(awarded?.id ? { id: awarded.id, name: awarded.name } : null);
  const [winningPrice, setWinningPrice] = useState('');
  const [errors, setErrors] = useState<{ winner?: string; price?: string }>({});
  const lossReasons = (useOptions('/loss_reasons', 'loss_reasons').data ?? []).filter((r) => !r.archived || r.id === request?.project.loss_reason?.id);
  const stageCategory = closeType === 'won' || closeType === 'lost' ? closeType : request?.stage.category;
  const target = stageCategory === request?.stage.category ? request?.stage : stages.find((s) => s.category === stageCategory);
  const name = request?.project.name ?? '';

  const submit = () => {
    if (!request || !target) return;
    const priceInCents = dollarsToCents(winningPrice);
    if (closeType === 'lost') {
      const invalid = {
        price: Number.isNaN(priceInCents) ? 'Enter dollars, like 1,250,000 or 19.99.' : undefined,
        winner: priceInCents !== null && !winner ? 'Choose who won, or leave their price blank.' : undefined,
      };
      setErrors(invalid);
      if (invalid.price || invalid.winner) return;
    }
    const lossReason = lossReasons.find((r) => r.id === lossReasonId);
    const now = new Date().toISOString();
    onConfirm(
      closeType === 'won'
        ? {
            stage: target,
            changes: { project_stage_id: target.id, close_type: 'won', award_date: awardDate || null },
            shown: { close_type: 'won', award_date: awardDate || null },
          }
        : {
            stage: target,
            changes: { project_stage_id: target.id, close_type: closeType, loss_reason_id: lossReasonId || null },
            shown: { close_type: closeType, loss_reason: lossReason ? { ...lossReason, created_at: now, updated_at: now } : null },
            ...(closeType === 'lost' && winner ? { winner: { company: winner, amountInCents: priceInCents } } : {}),
          },
    );
  };

  return (
    <Dialog open={request !== null} onClose={onCancel} title={`Close “${name}”`}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Moving to <strong className="font-semibold text-slate-900 dark:text-slate-100">{target?.name ?? '—'}</strong> closes the project.
        </p>
        <Field
          label="Close type"
          hint={
            target !== request?.stage
              ? `A ${CLOSE_TYPE_LABELS[closeType].toLowerCase()} project goes to the ${target?.name ?? closeType} stage.`
              : closeType === 'cancelled' || closeType === 'did_not_pursue'
                ? 'Closed without a result: it counts in no win rate.'
                : undefined
          }
        >
          {(a) => (
            <select {...a} className={inputClass} value={closeType} onChange={(e) => setCloseType(e.target.value as CloseType)}>
              {CLOSE_TYPES.filter((c) => (c !== 'won' && c !== 'lost') || stages.some((s) => s.category === c)).map((c) => (
                <option key={c} value={c}>
                  {CLOSE_TYPE_LABELS[c]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {closeType !== 'won' ? (
          <Field label="Loss reason" hint="Why the work went elsewhere; it feeds the win/loss numbers.">
            {(a) => (
              <Select {...a} value={lossReasonId} onChange={(e) => setLossReasonId(e.target.value)} placeholder="No reason given" options={lossReasons} />
            )}
          </Field>
        ) : null}
        {closeType === 'lost' ? (
          <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">Who won it? (optional)</legend>
            <Field label="Winning company" error={errors.winner} hint="It shows in the project’s bid results and among your competitors.">
              {(a) => (
                <Combobox
                  {...a}
                  value={winner}
                  onChange={setWinner}
                  path="/companies"
                  listKey="companies"
                  placeholder="Type to search companies…"
                  clearLabel="Clear the winning company"
                />
              )}
            </Field>
            <Field label="Their price (USD)" error={errors.price} hint="Blank when unknown.">
              {(a) => <Input {...a} inputMode="decimal" autoComplete="off" value={winningPrice} onChange={(e) => setWinningPrice(e.target.value)} />}
            </Field>
          </fieldset>
        ) : closeType === 'won' ? (
          <Field label="Award date">{(a) => <Input {...a} type="date" value={awardDate} onChange={(e) => setAwardDate(e.target.value)} />}</Field>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant={closeType === 'won' ? 'primary' : 'danger'} disabled={!target}>
            Close as {CLOSE_TYPE_LABELS[closeType].toLowerCase()}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
