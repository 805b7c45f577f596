'use client';

import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import type { Lead } from '@/lib/client/hooks/use-leads';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useLeadActions } from './lead-actions';

/** What is done to the selected leads at once: assign, snooze, archive (or restore), delete — each with Undo. */
export function BulkBar({ leads, archived, onSnooze, onDone }: { leads: readonly Lead[]; archived: boolean; onSnooze: () => void; onDone: () => void }) {
  const users = useOptions('/users', 'users').data ?? [];
  const actions = useLeadActions();
  const n = leads.length;
  const what = n === 1 ? 'the selected lead' : `the ${n} selected leads`;
  return (
    <div
      role="region"
      aria-label="Selected leads"
      className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm dark:border-blue-900 dark:bg-blue-950"
    >
      <span className="font-medium text-slate-900 dark:text-slate-100">{n === 1 ? '1 selected' : `${n} selected`}</span>
      <select
        aria-label={`Assign ${what}`}
        className={inputClass.replace('w-full', 'w-auto').replace('py-2', 'py-1')}
        value="choose"
        onChange={(e) => {
          const v = e.target.value;
          if (v === 'choose') return;
          void actions.assign(leads, v === 'none' ? null : v);
          onDone();
        }}
      >
        <option value="choose" disabled>
          Assign to…
        </option>
        <option value="none">Nobody (unassign)</option>
        {users.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name}
          </option>
        ))}
      </select>
      {!archived ? (
        <Button variant="secondary" size="sm" onClick={onSnooze}>
          Snooze…
        </Button>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          void actions.archive(leads, !archived);
          onDone();
        }}
      >
        {archived ? 'Restore' : 'Archive'}
      </Button>
      <Button
        variant="danger"
        size="sm"
        onClick={() => {
          if (!window.confirm(`Delete ${what}? You can undo it for a few seconds.`)) return;
          void actions.remove(leads);
          onDone();
        }}
      >
        Delete
      </Button>
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onDone}>
        Clear selection
      </Button>
    </div>
  );
}
