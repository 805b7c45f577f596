'use client';

import { toast } from 'sonner';
import { RecordSearchField } from '@/components/forms/fields/record-search-field';
import { LookupSelectField } from '@/components/forms/fields/select-field';
import { DateField, TextareaField } from '@/components/forms/fields/text-field';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/client/format';
import { orNull } from '@/lib/client/forms';
import { useCreateCall, useUpdateCall, type Call } from '@/lib/client/hooks/use-calls';
import type { SearchOption } from '@/lib/client/hooks/use-search';
import { callCreate, callUpdate } from '@/lib/shared/validation/calls';

/** The records a call is about, filled in from the page the dialog was opened on. */
export interface CallPrefill {
  contact?: SearchOption | null;
  company?: SearchOption | null;
  project?: SearchOption | null;
}

type Values = {
  call_outcome_id: string;
  contact: SearchOption | null;
  company: SearchOption | null;
  project: SearchOption | null;
  notes: string;
  recorded_at: string;
};

const FIELD_OF = { contact_id: 'contact', company_id: 'company', project_id: 'project' };

const ref = (r: { id: string; name: string | null; email?: string | null } | null | undefined): SearchOption | null =>
  r ? { id: r.id, name: r.name ?? r.email ?? `#${r.id}` } : null;

function defaults(call: Call | undefined, prefill: CallPrefill): Values {
  return {
    call_outcome_id: call?.call_outcome?.id ?? '',
    contact: call ? ref(call.contact) : (prefill.contact ?? null),
    company: call ? ref(call.company) : (prefill.company ?? prefill.contact?.company ?? null),
    project: call ? ref(call.project) : (prefill.project ?? null),
    notes: call?.notes ?? '',
    recorded_at: toDateTimeLocal(call?.recorded_at ?? new Date()),
  };
}

function toPayload(v: Values): Record<string, unknown> {
  return {
    call_outcome_id: orNull(v.call_outcome_id),
    contact_id: v.contact?.id ?? null,
    company_id: v.company?.id ?? null,
    project_id: v.project?.id ?? null,
    notes: orNull(v.notes),
    // Blank time: the API records the call as of now.
    recorded_at: fromDateTimeLocal(v.recorded_at) ?? undefined,
  };
}

export function CallForm({ call, prefill, onDone }: { call?: Call; prefill: CallPrefill; onDone: (call: Call) => void }) {
  const state = useRecordForm({
    record: call,
    schema: { create: callCreate, update: callUpdate },
    defaults: (r?: Call) => defaults(r, prefill),
    toPayload,
    fieldOf: FIELD_OF,
    save: saveWith(useCreateCall(), useUpdateCall()),
    done: (saved, created) => {
      toast.success(created ? 'Call logged.' : 'Call saved.');
      onDone(saved);
    },
  });
  const { getValues, setValue } = state.form;

  return (
    <RecordForm state={state}>
      <div className="grid gap-4 sm:grid-cols-2">
        <LookupSelectField name="call_outcome_id" label="Outcome" path="/call_outcomes" listKey="call_outcomes" placeholder="No outcome" />
        <DateField name="recorded_at" label="Time" hint="When the call took place, in your time zone." withTime />
        <RecordSearchField
          name="contact"
          label="Contact"
          path="/contacts"
          placeholder="Search contacts…"
          onPick={(option) => {
            // A contact brings their company along when none is chosen yet.
            if (option?.company && !getValues('company')) setValue('company', option.company);
          }}
        />
        <RecordSearchField name="company" label="Company" path="/companies" placeholder="Search companies…" />
        <RecordSearchField name="project" label="Project" path="/projects" placeholder="Search projects…" />
        <TextareaField name="notes" label="Notes" className="sm:col-span-2" rows={4} autoFocus />
      </div>
      <SubmitRow label={call ? 'Save call' : 'Log call'} />
    </RecordForm>
  );
}
