'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { todayIso } from '@/lib/client/format';
import { useUpdateLead, type Lead } from '@/lib/client/hooks/use-leads';

/** Pick a day; the lead is snoozed until the start of it (UTC). */
export function SnoozeDialog({ lead, onClose }: { lead: Lead | null; onClose: () => void }) {
  const update = useUpdateLead();
  const [day, setDay] = useState('');
  const save = (until: string | null) => {
    if (!lead) return;
    update.mutate({ id: lead.id, changes: { snooze_until: until }, optimistic: { snooze_until: until } });
    onClose();
  };
  return (
    <Dialog open={lead !== null} onClose={onClose} title={`Snooze “${lead?.name ?? ''}”`}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (day) save(`${day}T00:00:00Z`);
        }}
      >
        <Field label="Snooze until">{(a) => <Input {...a} type="date" min={todayIso()} value={day} onChange={(e) => setDay(e.target.value)} required />}</Field>
        <div className="flex justify-end gap-2">
          {lead?.snooze_until ? (
            <Button variant="secondary" onClick={() => save(null)}>
              Wake up now
            </Button>
          ) : null}
          <Button type="submit" disabled={!day}>
            Snooze
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
