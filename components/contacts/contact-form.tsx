'use client';

import { toast } from 'sonner';
import { RecordSearchField } from '@/components/forms/fields/record-search-field';
import { LookupSelectField } from '@/components/forms/fields/select-field';
import { TextField } from '@/components/forms/fields/text-field';
import { CustomFieldsFields, useCustomFieldsForm, type CustomFieldsForm, type CustomFieldValues } from '@/components/forms/fields/custom-fields-field';
import { Skeleton } from '@/components/ui/states';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { orNull } from '@/lib/client/forms';
import { useCreateContact, useUpdateContact, type Contact } from '@/lib/client/hooks/use-contacts';
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
  };
}

function toPayload(v: Values): Record<string, unknown> {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map(([k]) => [k, orNull(v[k])])),
    linked_in_profile_url: orNull(v.linked_in_profile_url),
    company_id: v.company?.id ?? null,
    assigned_to_id: orNull(v.assigned_to_id),
  };
}

interface ContactFormProps {
  contact?: Contact;
  company?: SearchOption | null;
  onDone: (contact: Contact) => void;
}

/** Create or edit a contact with every writable field and the account's custom fields; `company` presets the company of a new one. */
export function ContactForm(props: ContactFormProps) {
  // The form's defaults depend on the custom field definitions: it starts once they are here.
  // Without any, `custom_fields` stays a free-form object, edited as JSON.
  const custom = useCustomFieldsForm('contacts');
  return custom ? <ContactFormBody {...props} custom={custom} /> : <Skeleton className="h-96 w-full" />;
}

function ContactFormBody({ contact, company, onDone, custom }: ContactFormProps & { custom: CustomFieldsForm }) {
  const state = useRecordForm({
    record: contact,
    schema: { create: contactCreate, update: contactUpdate },
    defaults: (r?: Contact): Values & CustomFieldValues => ({ ...defaults(r, company), ...custom.values(r?.custom_fields) }),
    toPayload: (v: Values & CustomFieldValues) => ({ ...toPayload(v), ...custom.payload(v) }),
    fieldOf: FIELD_OF,
    inputChecks: custom.checks,
    save: saveWith(useCreateContact(), useUpdateContact()),
    done: (saved, created) => {
      toast.success(created ? 'Contact created.' : 'Contact saved.');
      onDone(saved);
    },
  });

  return (
    <RecordForm state={state}>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([key, label, autoComplete], i) => (
          <TextField
            key={key}
            name={key}
            label={label}
            autoComplete={autoComplete}
            autoFocus={i === 0}
            type={key === 'email' ? 'email' : key.endsWith('phone') ? 'tel' : 'text'}
          />
        ))}
        <TextField name="linked_in_profile_url" label="LinkedIn profile" className="sm:col-span-2" type="url" placeholder="https://www.linkedin.com/in/…" />
        <RecordSearchField name="company" label="Company" path="/companies" placeholder="Search companies…" />
        <LookupSelectField name="assigned_to_id" label="Assigned to" path="/users" listKey="users" placeholder="Nobody" />
      </div>
      <CustomFieldsFields form={custom} />
      <SubmitRow label={contact ? 'Save contact' : 'Create contact'} />
    </RecordForm>
  );
}
