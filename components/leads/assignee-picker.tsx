'use client';

import { inputClass } from '@/components/ui/field';
import type { Lead } from '@/lib/client/hooks/use-leads';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useLeadActions } from './lead-actions';

/** Who the lead is assigned to, changed in place (with Undo in the toast). */
export function AssigneePicker({ lead, label, compact = false }: { lead: Lead; label: string; compact?: boolean }) {
  const users = useOptions('/users', 'users').data ?? [];
  const actions = useLeadActions();
  const current = lead.assigned_to?.id ?? '';
  return (
    <select
      aria-label={label}
      className={compact ? inputClass.replace('w-full', 'w-full max-w-48').replace('py-2', 'py-1') : `${inputClass} w-auto`}
      value={current}
      onChange={(e) => void actions.assign([lead], e.target.value || null)}
    >
      <option value="">Unassigned</option>
      {lead.assigned_to && !users.some((u) => u.id === lead.assigned_to!.id) ? (
        <option value={lead.assigned_to.id}>{lead.assigned_to.name ?? lead.assigned_to.email}</option>
      ) : null}
      {users.map((u) => (
        <option key={u.id} value={u.id}>
          {u.name}
        </option>
      ))}
    </select>
  );
}
