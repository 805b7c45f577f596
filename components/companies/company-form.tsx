'use client';

import { useRecordSubmit } from '@/components/forms/use-record-submit';
import { humanize } from '@/lib/client/format';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AddressFieldset, addressPayload, addressValues, type AddressValues } from '@/components/ui/address-fieldset';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { apiResolver, jsonObjectError, jsonObjectOrText, jsonObjectText, orNull } from '@/lib/client/forms';
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
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const industries = useOptions('/industries', 'industries');
  const form = useForm<Values>({
    defaultValues: defaults(company),
    resolver: apiResolver(company ? companyUpdate : companyCreate, toPayload, {}, inputChecks),
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const err = (name: string) => (errors as Record<string, { message?: string }>)[name]?.message;
  const industryError = Object.entries(errors as Record<string, { message?: string }>).find(([k]) => k.startsWith('industry_ids'))?.[1]?.message;

  const { onSubmit, banner } = useRecordSubmit({
    record: company,
    form,
    toPayload,
    original: (r) => toPayload(defaults(r)),
    save: (changes, base) => (base ? update.mutateAsync({ id: base.id, changes, base }) : create.mutateAsync(changes)),
    done: (saved, created) => {
      toast.success(created ? 'Company created.' : 'Company saved.');
      onDone(saved);
    },
    discard: (current) => reset(defaults(current)),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {banner}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={err('name')} className="sm:col-span-2">
          {(a) => <Input {...a} {...register('name')} autoFocus />}
        </Field>
        <Field label="Category" error={err('category')}>
          {(a) => <Select {...a} {...register('category')} options={COMPANY_CATEGORIES.map((c) => ({ id: c, name: humanize(c) }))} />}
        </Field>
        <Field label="Phone" error={err('phone')}>
          {(a) => <Input {...a} {...register('phone')} type="tel" autoComplete="off" />}
        </Field>
        <Field label="Website" error={err('website')} className="sm:col-span-2">
          {(a) => <Input {...a} {...register('website')} placeholder="acme.com" autoComplete="off" />}
        </Field>
        <Field label="Description" error={err('description')} className="sm:col-span-2">
          {(a) => <Textarea {...a} {...register('description')} />}
        </Field>
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
      <AddressFieldset register={register} error={err} />
      <Field label="Custom fields (JSON)" error={err('custom_fields')} hint='An object, like {"bid_bond_percent": 5}; blank for none.'>
        {(a) => <Textarea {...a} {...register('custom_fields')} rows={3} className="font-mono" spellCheck={false} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : company ? 'Save company' : 'Create company'}
        </Button>
      </div>
    </form>
  );
}
