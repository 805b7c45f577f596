'use client';

import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useRecordSubmit } from '@/components/forms/use-record-submit';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { fromDateTimeLocal, toDateTimeLocal } from '@/lib/client/format';
import { apiResolver, orNull } from '@/lib/client/forms';
import { useCreateCall, useUpdateCall, type Call } from '@/lib/client/hooks/use-calls';
import { useOptions } from '@/lib/client/hooks/use-lookups';
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
  const create = useCreateCall();
  const update = useUpdateCall();
  const outcomes = useOptions('/call_outcomes', 'call_outcomes').data ?? [];
  const form = useForm<Values>({
    defaultValues: defaults(call, prefill),
    resolver: apiResolver(call ? callUpdate : callCreate, toPayload, FIELD_OF),
  });
  const {
    register,
    control,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const err = (name: string) => (errors as Record<string, { message?: string }>)[name]?.message;
  const { onSubmit, banner } = useRecordSubmit({
    record: call,
    form,
    toPayload,
    original: (r) => toPayload(defaults(r, prefill)),
    save: (changes, base) => (base ? update.mutateAsync({ id: base.id, changes, base }) : create.mutateAsync(changes)),
    done: (saved, created) => {
      toast.success(created ? 'Call logged.' : 'Call saved.');
      onDone(saved);
    },
    discard: (current) => reset(defaults(current, prefill)),
    fieldOf: FIELD_OF,
  });

  const relation = (name: 'contact' | 'company' | 'project', label: string, path: string, noun: string) => (
    <Field label={label} error={err(name)}>
      {(a) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Combobox
              {...a}
              value={field.value}
              onChange={(option) => {
                field.onChange(option);
                // A contact brings their company along when none is chosen yet.
                if (name === 'contact' && option?.company && !getValues('company')) setValue('company', option.company);
              }}
              path={path}
              listKey={path.slice(1)}
              placeholder={`Search ${noun}…`}
              clearLabel={`Clear ${label.toLowerCase()}`}
            />
          )}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {banner}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Outcome" error={err('call_outcome_id')}>
          {(a) => (
            <Controller
              control={control}
              name="call_outcome_id"
              render={({ field }) => <Select {...a} {...field} options={outcomes} placeholder="No outcome" />}
            />
          )}
        </Field>
        <Field label="Time" error={err('recorded_at')} hint="When the call took place, in your time zone.">
          {(a) => <Input {...a} {...register('recorded_at')} type="datetime-local" />}
        </Field>
        {relation('contact', 'Contact', '/contacts', 'contacts')}
        {relation('company', 'Company', '/companies', 'companies')}
        {relation('project', 'Project', '/projects', 'projects')}
        <Field label="Notes" error={err('notes')} className="sm:col-span-2">
          {(a) => <Textarea {...a} {...register('notes')} rows={4} autoFocus />}
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : call ? 'Save call' : 'Log call'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The "Log a call" dialog, for any page that shows a contact, a company or a project: `prefill`
 * fills in the record it was opened from. With `call`, it edits that call instead.
 */
