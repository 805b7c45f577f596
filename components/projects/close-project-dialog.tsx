'use client';

import { RecordSearchField } from '@/components/forms/fields/record-search-field';
import { LookupSelectField, SelectField, relationCurrent } from '@/components/forms/fields/select-field';
import { DateField, MoneyField } from '@/components/forms/fields/text-field';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { Dialog } from '@/components/ui/dialog';
import { dollarsToCents, todayIso } from '@/lib/client/format';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import type { Project, ProjectStage } from '@/lib/client/hooks/use-projects';
import type { SearchOption } from '@/lib/client/hooks/use-search';
import { CLOSE_TYPES, type CloseType } from '@/lib/shared/validation/enums';
import { projectUpdate } from '@/lib/shared/validation/projects';

export interface CloseRequest {
  project: Project;
  /** The closed stage the project was dropped on (or picked). */
  stage: ProjectStage;
}

export interface CloseChoice {
  /** The project as the dialog has it: its version goes as If-Match. */
  project: Project;
  stage: ProjectStage;
  changes: Record<string, unknown>;
  /** What the project shows at once, before the API answers. */
  shown: Partial<Project>;
  /** A project lost: who won it and at what price, when said; recorded as its winning bid once the close is saved. */
  winner?: { company: SearchOption; amountInCents: number | null };
}

const CLOSE_TYPE_LABELS: Record<CloseType, string> = { won: 'Won', lost: 'Lost', cancelled: 'Cancelled', did_not_pursue: 'Did not pursue' };

type Values = { close_type: CloseType; loss_reason_id: string; award_date: string; winner: SearchOption | null; winning_price: string };

/** The project's close fields as they are: what the dialog changed is the difference (the conflict panel's "yours"). */
const closeFieldsOf = (p: Project) => ({
  project_stage_id: p.project_stage?.id,
  close_type: p.close_type,
  loss_reason_id: p.loss_reason?.id ?? null,
  award_date: p.award_date,
});

/**
 * Closing a project asks how it closed. The close type is preset to the stage's category; won and
 * lost are the categories of stages, so choosing the other one moves the project to the first stage
 * of that category instead; cancelled and did not pursue (no result: in no win rate) stay in the
 * stage the project was dropped on. Lost asks for the reason and, optionally, who won and at what
 * price (a company of the directory: its bid result is recorded as the winner), won for the award date.
 * A record form: the close is a PATCH of the project as the dialog opened it (If-Match), so a
 * colleague's change since shows the conflict panel, and the API's refusals show at their fields.
 */
export function CloseProjectDialog({
  request,
  stages,
  onCancel,
  onSave,
  onClosed,
}: {
  request: CloseRequest;
  stages: ProjectStage[];
  onCancel: () => void;
  /** The PATCH (optimistic: the card moves at once) and what follows it; throws what the API refused. */
  onSave: (choice: CloseChoice) => Promise<Project>;
  onClosed: () => void;
}) {
  const { project, stage } = request;
  const lossReasons = useOptions('/loss_reasons', 'loss_reasons').data ?? [];
  const targetOf = (closeType: CloseType) => {
    const category = closeType === 'won' || closeType === 'lost' ? closeType : stage.category;
    return category === stage.category ? stage : stages.find((s) => s.category === category);
  };

  const state = useRecordForm<Project, Values>({
    record: project,
    schema: projectUpdate,
    defaults: (p) => ({
      close_type: stage.category === 'won' ? 'won' : 'lost',
      loss_reason_id: p?.loss_reason?.id ?? '',
      award_date: p?.award_date ?? todayIso(),
      // Who won, preset to the winner already recorded (a company, not us).
      winner: p?.awarded_to?.id ? { id: p.awarded_to.id, name: p.awarded_to.name } : null,
      winning_price: '',
    }),
    toPayload: (v) => ({
      project_stage_id: targetOf(v.close_type)?.id,
      close_type: v.close_type,
      ...(v.close_type === 'won' ? { award_date: v.award_date || null } : { loss_reason_id: v.loss_reason_id || null }),
    }),
    original: closeFieldsOf,
    fieldOf: { project_stage_id: 'close_type' },
    // The winner is no field of the project: its bid is recorded once the close is saved.
    inputChecks: (v): Record<string, string> => {
      if (v.close_type !== 'lost') return {};
      const price = dollarsToCents(v.winning_price);
      if (Number.isNaN(price)) return { winning_price: 'Enter dollars, like 1,250,000 or 19.99.' };
      return price !== null && !v.winner ? { winner: 'Choose who won, or leave their price blank.' } : {};
    },
    // On a re-apply from the conflict panel `changes` are only the fields this close changes.
    save: (changes, base): Promise<Project> => {
      const v: Values = state.form.getValues();
      const reason = lossReasons.find((r) => r.id === v.loss_reason_id);
      const now = new Date().toISOString();
      return onSave({
        project: base!,
        stage: targetOf(v.close_type)!,
        changes,
        shown:
          v.close_type === 'won'
            ? { close_type: 'won', award_date: v.award_date || null }
            : { close_type: v.close_type, loss_reason: reason ? { ...reason, created_at: now, updated_at: now } : null },
        ...(v.close_type === 'lost' && v.winner ? { winner: { company: v.winner, amountInCents: dollarsToCents(v.winning_price) } } : {}),
      });
    },
    done: onClosed,
    failure: 'The project was not closed.',
  });
  const closeType = state.form.watch('close_type');
  const target = targetOf(closeType);
  const choices = CLOSE_TYPES.filter((c) => (c !== 'won' && c !== 'lost') || stages.some((s) => s.category === c)).map((c) => ({
    id: c,
    name: CLOSE_TYPE_LABELS[c],
  }));

  return (
    <Dialog open onClose={onCancel} title={`Close “${project.name}”`}>
      <RecordForm state={state} className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Moving to <strong className="font-semibold text-slate-900 dark:text-slate-100">{target?.name ?? '—'}</strong> closes the project.
        </p>
        <SelectField
          name="close_type"
          label="Close type"
          placeholder={null}
          options={choices}
          hint={
            target !== stage
              ? `A ${CLOSE_TYPE_LABELS[closeType].toLowerCase()} project goes to the ${target?.name ?? closeType} stage.`
              : closeType === 'cancelled' || closeType === 'did_not_pursue'
                ? 'Closed without a result: it counts in no win rate.'
                : undefined
          }
        />
        {closeType !== 'won' ? (
          <LookupSelectField
            name="loss_reason_id"
            label="Loss reason"
            hint="Why the work went elsewhere; it feeds the win/loss numbers."
            placeholder="No reason given"
            path="/loss_reasons"
            listKey="loss_reasons"
            current={relationCurrent(project, 'loss_reason_id')}
          />
        ) : null}
        {closeType === 'lost' ? (
          <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">Who won it? (optional)</legend>
            <RecordSearchField
              name="winner"
              label="Winning company"
              hint="It shows in the project’s bid results and among your competitors."
              path="/companies"
              placeholder="Type to search companies…"
              clearLabel="Clear the winning company"
            />
            <MoneyField name="winning_price" label="Their price (USD)" hint="Blank when unknown." placeholder={undefined} autoComplete="off" />
          </fieldset>
        ) : closeType === 'won' ? (
          <DateField name="award_date" label="Award date" />
        ) : null}
        <SubmitRow
          label={`Close as ${CLOSE_TYPE_LABELS[closeType].toLowerCase()}`}
          busy="Closing…"
          variant={closeType === 'won' ? 'primary' : 'danger'}
          onCancel={onCancel}
        />
      </RecordForm>
    </Dialog>
  );
}
