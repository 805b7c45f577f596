'use client';

import { useRecordSubmit } from '@/components/forms/use-record-submit';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { apiResolver, jsonObjectError, jsonObjectOrText, jsonObjectText, orNull } from '@/lib/client/forms';
import { useCreateContact, useUpdateContact, type Contact } from '@/lib/client/hooks/use-contacts';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import type { SearchOption } from '@/lib/client/hooks/use-search';
import { contactCreate, contactUpdate } from '@/lib/shared/validation/contacts';

const TEXT_FIELDS = [
  ['first_name', 'First name', 'given-name'],
  ['last_name', 'Last name', 'family-name'],
  ['email', 'Email', 'off'],
  ['job_title', 'Job title', 'off'],
  ['mobile_phone', 'Mobile phone', 'off'],
  ['office_phone', 'Office phone', 'off'],
] as const;
type TextField = (typeof TEXT_FIELDS)[number][0];

type Values = Record<TextField, string> & {
  linked_in_profile_url: string;
  company: SearchOption | null;
  assigned_to_id: string;
  custom_fields: string;
};

const FIELD_OF = { company_id: 'company' };

function defaults(contact: Contact | undefined, company: SearchOption | null | undefined): Values {
  return {
    first_name: contact?.first_name ?? '',
    last_name: contact?.last_name ?? '',
    email: contact?.email ?? '',
    job_title: contact?.job_title ?? '',
    mobile_phone: contact?.mobile_phone ?? '',
    office_phone: contact?.office_phone ?? '',
    linked_in_profile_url: contact?.linked_in_profile_url ?? '',
    company: contact ? (contact.company ? { id: contact.company.id, name: contact.company.name } : null) : (company ?? null),
    assigned_to_id: contact?.assigned_to?.id ?? '',
    custom_fields: jsonObjectText(contact?.custom_fields),
  };
}

function toPayload(v: Values): Record<string, unknown> {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map(([k]) => [k, orNull(v[k])])),
    linked_in_profile_url: orNull(v.linked_in_profile_url),
    company_id: v.company?.id ?? null,
    assigned_to_id: orNull(v.assigned_to_id),
    custom_fields: jsonObjectOrText(v.custom_fields),
  };
}

const inputChecks = (v: Values): Record<string, string> => {
  const error = jsonObjectError(v.custom_fields);
  return error ? { custom_fields: error } : {};
};

/** Create or edit a contact with every writable field; `company` presets the company of a new one. */
export function ContactForm({
  contact,
  company,
  onDone,
}: {
  contact?: Contact;
  company?: SearchOption | null;
  onDone: (contact: Contact) => void;
}) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const users = useOptions('/users', 'users').data ?? [];
  const form = useForm<Values>({
    defaultValues: defaults(contact, company),
    resolver: apiResolver(contact ? contactUpdate : contactCreate, toPayload, FIELD_OF, inputChecks),
  });
  const {
    register,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const err = (name: string) => (errors as Record<string, { message?: string }>)[name]?.message;

  const { onSubmit, banner } = useRecordSubmit({
    record: contact,
    form,
    toPayload,
    original: (r) => toPayload(defaults(r, company)),
    save: (changes, base) => (base ? update.mutateAsync({ id: base.id, changes, base }) : create.mutateAsync(changes)),
    done: (saved, created) => {
      toast.success(created ? 'Contact created.' : 'Contact saved.');
      onDone(saved);
    },
    discard: (current) => reset(defaults(current, company)),
    fieldOf: FIELD_OF,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {banner}
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([key, label, autoComplete], i) => (
          <Field key={key} label={label} error={err(key)}>
            {(a) => (
              <Input
                {...a}
                {...register(key)}
                autoComplete={autoComplete}
                autoFocus={i === 0}
                type={key === 'email' ? 'email' : key.endsWith('phone') ? 'tel' : 'text'}
              />
            )}
          </Field>
        ))}
        <Field label="LinkedIn profile" error={err('linked_in_profile_url')} className="sm:col-span-2">
          {(a) => <Input {...a} {...register('linked_in_profile_url')} type="url" placeholder="https://www.linkedin.com/in/…" />}
        </Field>
        <Field label="Company" error={err('company')}>
          {(a) => (
            <Controller
              control={control}
              name="company"
              render={({ field }) => (
                <Combobox
                  {...a}
                  value={field.value}
                  onChange={field.onChange}
                  path="/companies"
                  listKey="companies"
                  placeholder="Search companies…"
                  clearLabel="Clear company"
                />
              )}
            />
          )}
        </Field>
        <Field label="Assigned to" error={err('assigned_to_id')}>
          {(a) => (
            <Controller
              control={control}
              name="assigned_to_id"
              render={({ field }) => <Select {...a} {...field} options={users} placeholder="Nobody" />}
            />
          )}
        </Field>
      </div>
      <Field label="Custom fields (JSON)" error={err('custom_fields')} hint='An object, like {"preferred_contact": "email"}; blank for none.'>
        {(a) => <Textarea {...a} {...register('custom_fields')} rows={3} className="font-mono" spellCheck={false} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : contact ? 'Save contact' : 'Create contact'}
        </Button>
      </div>
    </form>
  );
}
