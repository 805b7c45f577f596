'use client';

import { useState } from 'react';
import { DateField } from '@/components/forms/fields/text-field';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { Button } from '@/components/ui/button';
import { TimeChoices } from '@/components/ui/time-choices';
import { todayIso } from '@/lib/client/format';
import type { Lead } from '@/lib/client/hooks/use-leads';
import { leadUpdate } from '@/lib/shared/validation/leads';
import { useLeadActions } from './lead-actions';
import { apiTime, pickedDay, snoozePresets } from './snooze-presets';

const when = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The picked day, a preset's key, or waking the leads up. */
const DAY = 'day';
const WAKE = 'wake';
type Values = { choice: string; day: string };

/**
 * One form for every way to snooze: a preset or "Wake up now" submits it with that choice, the
 * Snooze button with the picked day. One lead is a record edited (If-Match: a colleague's change
 * since shows the conflict panel); several leads are no one record, each saved on its own with
 * what failed said in a toast.
 */
export function SnoozeForm({ leads, onClose }: { leads: readonly Lead[]; onClose: () => void }) {
  const actions = useLeadActions();
  // The presets count from when the dialog opened.
  const [presets] = useState(() => snoozePresets(new Date()));
  const untilOf = (v: Values): string | null | undefined => {
    if (v.choice === WAKE) return null;
    const at = v.choice === DAY ? (v.day ? pickedDay(v.day) : undefined) : presets.find((p) => p.key === v.choice)?.until;
    return at && apiTime(at);
  };
  const state = useRecordForm<Lead, Values, unknown>({
    record: leads.length === 1 ? leads[0] : undefined,
    schema: leadUpdate,
    defaults: () => ({ choice: DAY, day: '' }),
    toPayload: (v) => ({ snooze_until: untilOf(v) }),
    original: (lead) => ({ snooze_until: lead.snooze_until }),
    fieldOf: { snooze_until: 'day' },
    inputChecks: (v): Record<string, string> => (v.choice === DAY && !v.day ? { day: 'Pick a date.' } : {}),
    save: (changes, base) => {
      const until = (changes.snooze_until ?? null) as string | null;
      return base ? actions.snoozeOne(base, until) : actions.snooze(leads, until);
    },
    done: onClose,
    failure: 'The lead was not snoozed.',
  });
  const submitting = state.form.formState.isSubmitting;
  const submitWith = async (choice: string) => {
    state.form.setValue('choice', choice);
    await state.onSubmit();
    // Enter in the date field snoozes until the picked day again.
    state.form.setValue('choice', DAY);
  };
  return (
    <RecordForm state={state} className="space-y-4">
      <TimeChoices
        label="Snooze until"
        choices={presets.map((p) => ({ key: p.key, label: p.label, when: when.format(p.until) }))}
        onChoose={(key) => void submitWith(key)}
        disabled={submitting}
      />
      <div className="flex flex-wrap items-end gap-2">
        <DateField name="day" label="Pick a date" className="min-w-0 flex-1" min={todayIso()} required />
        <SubmitRow label="Snooze" busy="Snoozing…" unchanged="disabled" />
      </div>
      {leads.some((l) => l.snooze_until !== null && new Date(l.snooze_until) > new Date()) ? (
        <div className="flex justify-end border-t border-slate-200 pt-3 dark:border-slate-700">
          <Button variant="secondary" disabled={submitting} onClick={() => void submitWith(WAKE)}>
            Wake up now
          </Button>
        </div>
      ) : null}
    </RecordForm>
  );
}
