'use client';

import { toast } from 'sonner';
import { CheckboxField } from '@/components/forms/fields/checkbox-field';
import { enumOptions, LookupSelectField, relationCurrent, relationValues, SelectField } from '@/components/forms/fields/select-field';
import { DateField, MoneyField, NumberField, TextareaField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { PURSUIT_LOOKUPS } from '@/components/forms/pursuit-lookups';
import { CustomFieldsFields, useCustomFieldsForm, type CustomFieldsForm, type CustomFieldValues } from '@/components/forms/fields/custom-fields-field';
import { Skeleton } from '@/components/ui/states';
import { AddressFields, addressPayload, addressValues, type AddressValues } from '@/components/forms/fields/address-field';
import { CONSTRUCTION_DURATION_UNITS, WORK_SCOPES } from '@/lib/shared/validation/enums';
import { centsToDollarsInput, dollarsToCents, humanize } from '@/lib/client/format';
import { intOrNull, orNull } from '@/lib/client/forms';
import { useCreateLead, useUpdateLead, type Lead } from '@/lib/client/hooks/use-leads';
import { relationSelects } from '@/lib/client/hooks/use-lookups';
import { useMe } from '@/lib/client/hooks/use-users';
import { leadCreate, leadUpdate } from '@/lib/shared/validation/leads';

const RELATIONS = relationSelects(['assigned_to_id', 'company_id', 'contact_id', ...PURSUIT_LOOKUPS]);
type RelationField = (typeof RELATIONS)[number][0];

type Values = {
  name: string;
  description: string;
  priority: boolean;
  value_dollars: string;
  estimated_start_date: string;
  construction_duration: string;
  construction_duration_unit: string;
  square_feet: string;
  units: string;
  work_scope: string;
  address: AddressValues;
} & Record<RelationField, string>;

function defaults(lead?: Lead): Values {
  return {
    name: lead?.name ?? '',
    description: lead?.description ?? '',
    priority: lead?.priority ?? false,
    value_dollars: centsToDollarsInput(lead?.value_in_cents),
    estimated_start_date: lead?.estimated_start_date ?? '',
    construction_duration: lead?.construction_duration?.toString() ?? '',
    construction_duration_unit: lead?.construction_duration_unit ?? '',
    square_feet: lead?.square_feet?.toString() ?? '',
    units: lead?.units?.toString() ?? '',
    work_scope: lead?.work_scope ?? '',
    address: addressValues(lead?.address),
    ...relationValues(lead, RELATIONS),
  };
}

/** Form values to the API's lead body: dollars to cents, blanks to null. */
function toPayload(v: Values): Record<string, unknown> {
  return {
    name: v.name,
    description: orNull(v.description),
    priority: v.priority,
    value_in_cents: dollarsToCents(v.value_dollars),
    estimated_start_date: orNull(v.estimated_start_date),
    construction_duration: intOrNull(v.construction_duration),
    construction_duration_unit: orNull(v.construction_duration_unit),
    square_feet: intOrNull(v.square_feet),
    units: intOrNull(v.units),
    work_scope: orNull(v.work_scope),
    address: addressPayload(v.address),
    ...Object.fromEntries(RELATIONS.map(([k]) => [k, orNull(v[k])])),
  };
}

const inputChecks = (v: Values): Record<string, string> =>
  Number.isNaN(dollarsToCents(v.value_dollars)) ? { value_dollars: 'Enter dollars, like 1,250,000 or 19.99.' } : {};

/** Create or edit a lead with every writable field and the account's custom fields; the API's 422s land next to their fields. */
export function LeadForm(props: { lead?: Lead; onDone: (lead: Lead) => void }) {
  // The form's defaults depend on the custom field definitions: it starts once they are here.
  const custom = useCustomFieldsForm('leads');
  return custom ? <LeadFormBody {...props} custom={custom} /> : <Skeleton className="h-96 w-full" />;
}

function LeadFormBody({ lead, onDone, custom }: { lead?: Lead; onDone: (lead: Lead) => void; custom: CustomFieldsForm }) {
  const me = useMe().data;
  const state = useRecordForm({
    record: lead,
    schema: { create: leadCreate, update: leadUpdate },
    // A new lead is its creator's until assigned to someone else: it lands in their inbox.
    defaults: (l?: Lead): Values & CustomFieldValues => ({
      ...defaults(l),
      ...(!l && me ? { assigned_to_id: me.id } : {}),
      ...custom.values(l?.custom_fields),
    }),
    toPayload: (v: Values & CustomFieldValues) => ({ ...toPayload(v), ...custom.payload(v) }),
    fieldOf: { value_in_cents: 'value_dollars' },
    inputChecks: (v: Values & CustomFieldValues) => ({ ...inputChecks(v), ...custom.checks(v) }),
    save: saveWith(useCreateLead(), useUpdateLead({ silent: true })),
    done: (saved, created) => {
      toast.success(created ? 'Lead created.' : 'Lead saved.');
      onDone(saved);
    },
    failure: 'The lead was not saved.',
  });

  return (
    <RecordForm state={state}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" className="sm:col-span-2" autoFocus />
        <TextareaField name="description" label="Description" className="sm:col-span-2" />
        <MoneyField name="value_dollars" label="Value (USD)" hint="Dollars; stored exactly in cents." />
        <DateField name="estimated_start_date" label="Estimated start" />
        <NumberField name="construction_duration" label="Construction duration" />
        <SelectField name="construction_duration_unit" label="Duration unit" options={enumOptions(CONSTRUCTION_DURATION_UNITS, humanize)} />
        <NumberField name="square_feet" label="Square feet" />
        <NumberField name="units" label="Units" />
        <SelectField name="work_scope" label="Work scope" options={enumOptions(WORK_SCOPES, humanize)} />
        <CheckboxField name="priority" label="Priority" />
        {RELATIONS.map(([field, label, path, listKey]) => (
          <LookupSelectField key={field} name={field} label={label} path={path} listKey={listKey} current={relationCurrent(lead, field)} />
        ))}
      </div>
      <AddressFields />
      <CustomFieldsFields form={custom} />
      <SubmitRow label={lead ? 'Save lead' : 'Create lead'} />
    </RecordForm>
  );
}
