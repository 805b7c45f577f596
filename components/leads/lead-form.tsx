'use client';

import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useRecordSubmit } from '@/components/forms/use-record-submit';
import { AddressFieldset, addressPayload, addressValues, type AddressValues } from '@/components/ui/address-fieldset';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { CONSTRUCTION_DURATION_UNITS, WORK_SCOPES } from '@/lib/shared/validation/enums';
import { centsToDollarsInput, dollarsToCents, humanize } from '@/lib/client/format';
import { apiResolver, intOrNull, orNull } from '@/lib/client/forms';
import { useCreateLead, useUpdateLead, type Lead } from '@/lib/client/hooks/use-leads';
import { relationSelects, useOptions } from '@/lib/client/hooks/use-lookups';
import { leadCreate, leadUpdate } from '@/lib/shared/validation/leads';

const RELATIONS = relationSelects(['assigned_to_id', 'company_id', 'contact_id', 'contract_type_id', 'delivery_method_id', 'division_id', 'lead_source_id', 'market_sector_id', 'tender_type_id']);
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
  const rel = (r: { id: string } | null | undefined) => r?.id ?? '';
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
    assigned_to_id: rel(lead?.assigned_to),
    company_id: rel(lead?.company),
    contact_id: rel(lead?.contact),
    contract_type_id: rel(lead?.contract_type),
    delivery_method_id: rel(lead?.delivery_method),
    division_id: rel(lead?.division),
    lead_source_id: rel(lead?.lead_source),
    market_sector_id: rel(lead?.market_sector),
    tender_type_id: rel(lead?.tender_type),
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

function RelationSelect({ field, label, path, listKey, register, error }: {
  field: RelationField;
  label: string;
  path: string;
  listKey: string;
  register: ReturnType<typeof useForm<Values>>['register'];
  error?: string;
}) {
  const { data = [] } = useOptions(path, listKey);
  return (
    <Field label={label} error={error}>
      {(a) => <Select {...a} {...register(field)} options={data} />}
    </Field>
  );
}

/** Create or edit a lead with every writable field; the API's 422s land next to their fields. */
export function LeadForm({ lead, onDone }: { lead?: Lead; onDone: (lead: Lead) => void }) {
  const create = useCreateLead();
  const update = useUpdateLead();
  const form = useForm<Values>({
    defaultValues: defaults(lead),
    resolver: apiResolver(lead ? leadUpdate : leadCreate, toPayload, { value_in_cents: 'value_dollars' }, (v) => {
      const checks: Record<string, string> = {};
      if (Number.isNaN(dollarsToCents(v.value_dollars))) checks.value_dollars = 'Enter dollars, like 1,250,000 or 19.99.';
      return checks;
    }),
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const err = (name: string) => (errors as Record<string, { message?: string }>)[name]?.message;

  const { onSubmit, banner } = useRecordSubmit({
    record: lead,
    form,
    toPayload,
    original: (l) => toPayload(defaults(l)),
    save: (changes, base) => (base ? update.mutateAsync({ id: base.id, changes, base }) : create.mutateAsync(changes)),
    done: (saved, created) => {
      toast.success(created ? 'Lead created.' : 'Lead saved.');
      onDone(saved);
    },
    discard: (current) => reset(defaults(current)),
    fieldOf: { value_in_cents: 'value_dollars' },
    failure: 'The lead was not saved.',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {banner}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={err('name')} className="sm:col-span-2">
          {(a) => <Input {...a} {...register('name')} autoFocus />}
        </Field>
        <Field label="Description" error={err('description')} className="sm:col-span-2">
          {(a) => <Textarea {...a} {...register('description')} />}
        </Field>
        <Field label="Value (USD)" error={err('value_dollars')} hint="Dollars; stored exactly in cents.">
          {(a) => <Input {...a} {...register('value_dollars')} inputMode="decimal" placeholder="1,250,000" />}
        </Field>
        <Field label="Estimated start" error={err('estimated_start_date')}>
          {(a) => <Input {...a} {...register('estimated_start_date')} type="date" />}
        </Field>
        <Field label="Construction duration" error={err('construction_duration')}>
          {(a) => <Input {...a} {...register('construction_duration')} inputMode="numeric" />}
        </Field>
        <Field label="Duration unit" error={err('construction_duration_unit')}>
          {(a) => (
            <Select {...a} {...register('construction_duration_unit')} options={CONSTRUCTION_DURATION_UNITS.map((u) => ({ id: u, name: humanize(u) }))} />
          )}
        </Field>
        <Field label="Square feet" error={err('square_feet')}>
          {(a) => <Input {...a} {...register('square_feet')} inputMode="numeric" />}
        </Field>
        <Field label="Units" error={err('units')}>
          {(a) => <Input {...a} {...register('units')} inputMode="numeric" />}
        </Field>
        <Field label="Work scope" error={err('work_scope')}>
          {(a) => <Select {...a} {...register('work_scope')} options={WORK_SCOPES.map((w) => ({ id: w, name: humanize(w) }))} />}
        </Field>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
          <input type="checkbox" {...register('priority')} className="h-4 w-4" /> Priority
        </label>
        {RELATIONS.map(([field, label, path, listKey]) => (
          <RelationSelect key={field} field={field} label={label} path={path} listKey={listKey} register={register} error={err(field)} />
        ))}
      </div>
      <AddressFieldset register={register} error={err} />
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : lead ? 'Save lead' : 'Create lead'}
        </Button>
      </div>
    </form>
  );
}
