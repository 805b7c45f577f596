'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { ApiClientError } from '@/lib/client/api-client';
import { useCreateReminder } from '@/lib/client/hooks/use-reminders';
import { useMe } from '@/lib/client/hooks/use-users';
import type { ReminderResponse } from '@/lib/shared/validation/reminders';
import { pickedInstant, reminderPresets } from './reminder-presets';
import { TimeChoices } from '@/components/ui/time-choices';

// "Remind me" on a record (docs/collaboration.md#reminders): in an hour, tomorrow 8 AM, next Monday
// 8 AM or a picked day and time — in the time zone of the user's profile — with an optional note.
// At that time the reminder arrives in Notifications (and by email, as the user chose).

type RemindableType = ReminderResponse['remindable_type'];

const FALLBACK_ZONE = 'America/New_York';

export function whenIn(zone: string, at: Date | string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(at),
  );
}

function RemindDialog({ type, id, name, onClose }: { type: RemindableType; id: string; name: string; onClose: () => void }) {
  const zone = useMe().data?.time_zone ?? FALLBACK_ZONE;
  const create = useCreateReminder();
  const [presets] = useState(() => reminderPresets(new Date(), zone));
  const [day, setDay] = useState('');
  const [time, setTime] = useState('08:00');
  const [note, setNote] = useState('');
  const remind = (at: Date) =>
    create.mutate(
      { remindable_type: type, remindable_id: id, remind_at: at.toISOString(), note: note.trim() || null },
      {
        onSuccess: () => {
          toast.success(`We’ll remind you ${whenIn(zone, at)}.`);
          onClose();
        },
        onError: (error) => toast.error(error instanceof ApiClientError ? error.message : 'The reminder was not set.'),
      },
    );
  return (
    <Dialog open onClose={onClose} title={`Remind me about “${name}”`}>
      <div className="space-y-4">
        <Field label="Note (optional)">
          {(a) => <Input {...a} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} placeholder="Call the owner’s rep about addendum 2" />}
        </Field>
        <TimeChoices
          label="Remind me"
          columns="sm:grid-cols-3"
          disabled={create.isPending}
          choices={presets.map((p) => ({ key: p.key, label: p.label, when: whenIn(zone, p.at) }))}
          onChoose={(key) => remind(presets.find((p) => p.key === key)!.at)}
        />
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (day && time) remind(pickedInstant(day, time, zone));
          }}
        >
          <Field label="Pick a date" className="min-w-0 flex-1">
            {(a) => <Input {...a} type="date" value={day} onChange={(e) => setDay(e.target.value)} required />}
          </Field>
          <Field label="Time" className="w-32">
            {(a) => <Input {...a} type="time" value={time} onChange={(e) => setTime(e.target.value)} required />}
          </Field>
          <Button type="submit" disabled={!day || !time || create.isPending}>
            Set reminder
          </Button>
        </form>
        <p className="text-xs text-slate-600 dark:text-slate-400">Times are in {zone.replace(/_/g, ' ')} (your profile’s time zone).</p>
      </div>
    </Dialog>
  );
}

/** The record's "Remind me" button and its dialog. */
export function RemindMe({ type, id, name }: { type: RemindableType; id: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Remind me
      </Button>
      {open ? <RemindDialog type={type} id={id} name={name} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
