'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { todayIso } from '@/lib/client/format';
import type { Lead } from '@/lib/client/hooks/use-leads';
import { useLeadActions } from './lead-actions';
import { pickedDay, snoozePresets } from './snooze-presets';
import { TimeChoices } from '@/components/ui/time-choices';

const when = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Snooze one lead or several: a preset (later today, tomorrow, next Monday, in a month) or a picked day, at 8 AM. */
export function SnoozeDialog({ leads, onClose }: { leads: readonly Lead[]; onClose: () => void }) {
  const actions = useLeadActions();
  const [day, setDay] = useState('');
  // The presets count from when the dialog opened.
  const [presets] = useState(() => snoozePresets(new Date()));
  const snooze = (until: Date | null) => {
    void actions.snooze(leads, until);
    onClose();
  };
  const title = leads.length === 1 ? `Snooze “${leads[0]!.name}”` : `Snooze ${leads.length} leads`;
  return (
    <Dialog open={leads.length > 0} onClose={onClose} title={title}>
      <div className="space-y-4">
        <TimeChoices
          label="Snooze until"
          choices={presets.map((p) => ({ key: p.key, label: p.label, when: when.format(p.until) }))}
          onChoose={(key) => snooze(presets.find((p) => p.key === key)!.until)}
        />
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (day) snooze(pickedDay(day));
          }}
        >
          <Field label="Pick a date" className="min-w-0 flex-1">
            {(a) => <Input {...a} type="date" min={todayIso()} value={day} onChange={(e) => setDay(e.target.value)} required />}
          </Field>
          <Button type="submit" disabled={!day}>
            Snooze
          </Button>
        </form>
        {leads.some((l) => l.snooze_until !== null && new Date(l.snooze_until) > new Date()) ? (
          <div className="flex justify-end border-t border-slate-200 pt-3 dark:border-slate-700">
            <Button variant="secondary" onClick={() => snooze(null)}>
              Wake up now
            </Button>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
