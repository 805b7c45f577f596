'use client';

import { toast } from 'sonner';
import { enumOptions, SelectField } from '@/components/forms/fields/select-field';
import { JsonField, TextareaField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { AddressFields, addressPayload, addressValues, type AddressValues } from '@/components/forms/fields/address-field';
import { humanize } from '@/lib/client/format';
import { jsonObjectError, jsonObjectOrText, jsonObjectText, orNull } from '@/lib/client/forms';
import { useCreateCompany, useUpdateCompany, type Company } from '@/lib/client/hooks/use-companies';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { companyCreate, companyUpdate } from '@/lib/shared/validation/companies';
import { COMPANY_CATEGORIES } from '@/lib/shared/validation/enums';

type Values = {
  name: string;
  category: string;
  phone: string;
  website: string;
  description: string;
  address: AddressValues;
  industry_ids: string[];
  custom_fields: string;
};

function defaults(company?: Company): Values {
  return {
    name: company?.name ?? '',
    category: company?.category ?? '',
    phone: company?.phone ?? '',
    website: company?.website ?? '',
    description: company?.description ?? '',
    address: addressValues(company?.address),
    industry_ids: company?.industries.map((i) => i.id) ?? [],
    custom_fields: jsonObjectText(company?.custom_fields),
  };
}

function toPayload(v: Values): Record<string, unknown> {
  return {
    name: v.name,
    category: orNull(v.category),
    phone: orNull(v.phone),
    website: orNull(v.website),
    description: orNull(v.description),
    address: addressPayload(v.address),
    industry_ids: Array.isArray(v.industry_ids) ? v.industry_ids : [],
    custom_fields: jsonObjectOrText(v.custom_fields),
  };
}

const inputChecks = (v: Values): Record<string, string> => {
  const error = jsonObjectError(v.custom_fields);
  return error ? { custom_fields: error } : {};
};

/** Create or edit a company with every writable field; the API's 422s land next to their fields. */
export function CompanyForm({ company, onDone }: { company?: Company; onDone: (company: Company) => void }) {
  const industries = useOptions('/industries', 'industries');
  const state = useRecordForm({
    record: company,
    schema: { create: companyCreate, update: companyUpdate },
    defaults,
    toPayload,
    inputChecks,
    create: useCreateCompany(),
    update: useUpdateCompany(),
    done: (saved, created) => {
      toast.success(created ? 'Company created.' : 'Company saved.');
      onDone(saved);
    },
  });
  const { register, formState } = state.form;
  const industryError = Object.entries(formState.errors as Record<string, { message?: string }>).find(([k]) => k.startsWith('industry_ids'))?.[1]?.message;

  return (
    <RecordForm state={state}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" className="sm:col-span-2" autoFocus />
        <SelectField name="category" label="Category" options={enumOptions(COMPANY_CATEGORIES, humanize)} />
        <TextField name="phone" label="Phone" type="tel" autoComplete="off" />
        <TextField name="website" label="Website" className="sm:col-span-2" placeholder="acme.com" autoComplete="off" />
        <TextareaField name="description" label="Description" className="sm:col-span-2" />
      </div>
      <fieldset aria-describedby={industryError ? 'industries-error' : undefined}>
        <legend className="mb-2 text-sm font-semibold">Industries</legend>
        {industries.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading industries…</p>
        ) : (industries.data ?? []).length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No industries yet: add them at /industries in the API.</p>
        ) : (
          <div className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-3">
            {(industries.data ?? []).map((i) => (
              <label key={i.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={i.id} {...register('industry_ids')} className="h-4 w-4" />
                {i.name}
              </label>
            ))}
          </div>
        )}
        {industryError ? (
          <p id="industries-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {industryError}
          </p>
        ) : null}
      </fieldset>
      <AddressFields />
      <JsonField hint='An object, like {"bid_bond_percent": 5}; blank for none.' />
      <SubmitRow label={company ? 'Save company' : 'Create company'} />
    </RecordForm>
  );
}
