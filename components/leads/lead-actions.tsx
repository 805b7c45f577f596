'use client';

import Link from 'next/link';
import { toast } from 'sonner';
import { formatDateTime } from '@/lib/client/format';
import { useConvertLead, useCreateLead, useDeleteLead, useUndoConvert, useUpdateLead, type Lead } from '@/lib/client/hooks/use-leads';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { toastWithUndo } from '@/components/ui/undo-toast';
import { apiTime } from './snooze-presets';

// What is done with leads — one or many: assign, snooze, archive, restore, convert, delete — each
// with Undo in its toast. An undo is the change reverted through the API, sent with If-Match on the
// record the change answered (a colleague's edit since makes it a 412 that says so).

type Changes = Record<string, unknown>;

interface Change {
  lead: Lead;
  changes: Changes;
  optimistic: Partial<Lead>;
  /** The fields as they were, to undo the change. */
  previous: Changes;
  previousOptimistic: Partial<Lead>;
}

const RELATIONS = ['assigned_to', 'company', 'contact', 'contract_type', 'delivery_method', 'division', 'lead_source', 'market_sector', 'tender_type'] as const;

/** The lead's writable fields, to create it again after a delete. */
function recreateBody(lead: Lead): Changes {
  return {
    name: lead.name,
    description: lead.description,
    external_id: lead.external_id,
    priority: lead.priority,
    value_in_cents: lead.value_in_cents,
    estimated_start_date: lead.estimated_start_date,
    construction_duration: lead.construction_duration,
    construction_duration_unit: lead.construction_duration_unit,
    square_feet: lead.square_feet,
    units: lead.units,
    work_scope: lead.work_scope,
    archived_at: lead.archived_at,
    snooze_until: lead.snooze_until,
    address: lead.address,
    custom_fields: lead.custom_fields,
    ...Object.fromEntries(RELATIONS.map((r) => [`${r}_id`, (lead[r] as { id: string } | null)?.id ?? null])),
  };
}

const count = (n: number) => (n === 1 ? 'the lead' : `${n} leads`);
const named = (leads: readonly Lead[]) => (leads.length === 1 ? `“${leads[0]!.name}”` : `${leads.length} leads`);

const snoozing =
  (until: string | null) =>
  (lead: Lead): Change => ({
    lead,
    changes: { snooze_until: until },
    optimistic: { snooze_until: until },
    previous: { snooze_until: lead.snooze_until },
    previousOptimistic: { snooze_until: lead.snooze_until },
  });
const snoozed = (leads: readonly Lead[], until: string | null) =>
  until ? `Snoozed ${named(leads)} until ${formatDateTime(until)}.` : `${named(leads)} woken up.`;

export function useLeadActions() {
  const update = useUpdateLead();
  // A form's own write: it shows the refusal itself (a 412's conflict panel), no toast.
  const formUpdate = useUpdateLead({ silent: true });
  const convertLead = useConvertLead();
  const undoConvert = useUndoConvert();
  const remove = useDeleteLead();
  const create = useCreateLead();
  const users = useOptions('/users', 'users').data ?? [];

  /** Applies the changes, then offers Undo for those the API took. */
  async function apply(items: Change[], message: string) {
    const results = await Promise.allSettled(items.map(({ lead, changes, optimistic }) => update.mutateAsync({ id: lead.id, changes, optimistic })));
    const done = items.flatMap((item, i) => {
      const r = results[i]!;
      return r.status === 'fulfilled' ? [{ ...item, saved: r.value }] : [];
    });
    if (done.length === 0) return;
    const partial = done.length < items.length ? ` (${items.length - done.length} could not be changed)` : '';
    offerUndo(done, `${message}${partial}`);
  }

  /** The toast of changes the API took, with Undo: each reverted with If-Match on the lead it answered. */
  function offerUndo(done: (Change & { saved: Lead })[], message: string) {
    toastWithUndo(message, async () => {
      const undone = await Promise.allSettled(
        done.map(({ lead, saved, previous, previousOptimistic }) =>
          update.mutateAsync({ id: lead.id, changes: previous, optimistic: previousOptimistic, base: saved }),
        ),
      );
      if (undone.every((u) => u.status === 'fulfilled')) toast.success(`Undone: ${count(done.length)} as before.`);
    });
  }

  const userRef = (id: string | null) => {
    const user = id ? users.find((u) => u.id === id) : undefined;
    return user ? { id: user.id, name: user.name, email: null } : null;
  };

  return {
    assign(leads: readonly Lead[], userId: string | null) {
      const who = userId ? (users.find((u) => u.id === userId)?.name ?? 'them') : null;
      return apply(
        leads.map((lead) => ({
          lead,
          changes: { assigned_to_id: userId },
          optimistic: { assigned_to: userRef(userId) as Lead['assigned_to'] },
          previous: { assigned_to_id: lead.assigned_to?.id ?? null },
          previousOptimistic: { assigned_to: lead.assigned_to },
        })),
        who ? `Assigned ${named(leads)} to ${who}.` : `${named(leads)} unassigned.`,
      );
    },
    /** Snoozes the leads until `until` (the API's timestamp); null wakes them. */
    snooze(leads: readonly Lead[], until: string | null) {
      return apply(leads.map(snoozing(until)), snoozed(leads, until));
    },
    /**
     * Snoozes one lead from its dialog, with If-Match on the lead as the dialog has it: a refusal
     * is thrown for the dialog to show (a colleague's change since: the conflict panel), not toasted.
     */
    async snoozeOne(lead: Lead, until: string | null): Promise<Lead> {
      const change = snoozing(until)(lead);
      const saved = await formUpdate.mutateAsync({ id: lead.id, changes: change.changes, optimistic: change.optimistic, base: lead });
      offerUndo([{ ...change, saved }], snoozed([lead], until));
      return saved;
    },
    archive(leads: readonly Lead[], archive = true) {
      const value = archive ? apiTime(new Date()) : null;
      return apply(
        leads.map((lead) => ({
          lead,
          changes: { archived_at: value },
          optimistic: { archived_at: value },
          previous: { archived_at: lead.archived_at },
          previousOptimistic: { archived_at: lead.archived_at },
        })),
        archive ? `Archived ${named(leads)}.` : `Restored ${named(leads)}.`,
      );
    },
    /** Deletes the leads; Undo creates them again (new ids, the same fields). */
    async remove(leads: readonly Lead[]) {
      const results = await Promise.allSettled(leads.map((lead) => remove.mutateAsync(lead)));
      const gone = leads.filter((_, i) => results[i]!.status === 'fulfilled');
      if (gone.length === 0) return;
      toastWithUndo(`Deleted ${named(gone)}.`, async () => {
        const back = await Promise.allSettled(gone.map((lead) => create.mutateAsync(recreateBody(lead))));
        if (back.every((b) => b.status === 'fulfilled')) toast.success(`Undone: ${count(gone.length)} back.`);
      });
    },
    /** Converts one lead into a project; Undo deletes the project and restores the lead. */
    convert(lead: Lead, onConverted?: (projectId: string) => void) {
      convertLead.mutate(lead.id, {
        onSuccess: (project) => {
          toastWithUndo(
            <span>
              Converted to the project{' '}
              <Link className="underline" href={`/projects/${project.id}`}>
                {project.name}
              </Link>
              .
            </span>,
            () => undoConvert.mutate({ lead, project }, { onSuccess: () => toast.success(`Undone: “${lead.name}” is a lead again.`) }),
          );
          onConverted?.(project.id);
        },
      });
    },
    converting: convertLead.isPending,
  };
}
