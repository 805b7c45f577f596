'use client';

import Link from 'next/link';
import { toast } from 'sonner';
import { enumOptions, SelectField } from '@/components/forms/fields/select-field';
import { TextareaField, TextField } from '@/components/forms/fields/text-field';
import { CustomFieldsFields, useCustomFieldsForm, type CustomFieldsForm, type CustomFieldValues } from '@/components/forms/fields/custom-fields-field';
import { Skeleton } from '@/components/ui/states';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { AddressFields, addressPayload, addressValues, type AddressValues } from '@/components/forms/fields/address-field';
import { humanize } from '@/lib/client/format';
import { orNull } from '@/lib/client/forms';
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
  };
}

/** Create or edit a company with every writable field and the account's custom fields; the API's 422s land next to their fields. */
export function CompanyForm(props: { company?: Company; onDone: (company: Company) => void }) {
  // The form's defaults depend on the custom field definitions: it starts once they are here.
  // Without any, `custom_fields` stays a free-form object, edited as JSON.
  const custom = useCustomFieldsForm('companies');
  return custom ? <CompanyFormBody {...props} custom={custom} /> : <Skeleton className="h-96 w-full" />;
}

function CompanyFormBody({ company, onDone, custom }: { company?: Company; onDone: (company: Company) => void; custom: CustomFieldsForm }) {
  const industryOptions = useOptions('/industries', 'industries');
  const held = new Set(company?.industries.map((i) => i.id));
  const industries = { isPending: industryOptions.isPending, data: industryOptions.data?.filter((i) => !i.archived || held.has(i.id)) };
  const state = useRecordForm({
    record: company,
    schema: { create: companyCreate, update: companyUpdate },
    defaults: (c?: Company): Values & CustomFieldValues => ({ ...defaults(c), ...custom.values(c?.custom_fields) }),
    toPayload: (v: Values & CustomFieldValues) => ({ ...toPayload(v), ...custom.payload(v) }),
    inputChecks: custom.checks,
    save: saveWith(useCreateCompany(), useUpdateCompany()),
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
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No industries yet: an admin adds them in{' '}
            <Link href="/settings/lists?list=industries" className="font-medium text-blue-700 underline dark:text-blue-300">
              Settings → Lists
            </Link>
            .
          </p>
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
      <CustomFieldsFields form={custom} />
      <SubmitRow label={company ? 'Save company' : 'Create company'} />
    </RecordForm>
  );
}
