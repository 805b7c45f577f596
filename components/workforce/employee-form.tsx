'use client';

import { useRecordSubmit } from '@/components/forms/use-record-submit';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AddressFieldset, addressPayload, addressValues, type AddressValues } from '@/components/ui/address-fieldset';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { apiResolver, orNull } from '@/lib/client/forms';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { employeeName, useAllEmployees, useCreateEmployee, useUpdateEmployee, type Employee } from '@/lib/client/hooks/use-workforce';
import { workforceEmployeeCreate, workforceEmployeeUpdate } from '@/lib/shared/validation/workforce-employees';
import { descendantsOf } from './org-tree';


type Values = {
  legal_first_name: string;
  preferred_first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role_id: string;
  manager_id: string;
  division_id: string;
  excluded_from_headcount: boolean;
  birthday: string;
  start_date: string;
  industry_start_date: string;
  notes: string;
  address: AddressValues;
};

function defaults(e?: Employee): Values {
  return {
    legal_first_name: e?.legal_first_name ?? '',
    preferred_first_name: e?.preferred_first_name ?? '',
    last_name: e?.last_name ?? '',
    email: e?.email ?? '',
    phone: e?.phone ?? '',
    role_id: e?.role?.id ?? '',
    manager_id: e?.manager?.id ?? '',
    division_id: e?.division?.id ?? '',
    excluded_from_headcount: e?.excluded_from_headcount ?? false,
    birthday: e?.birthday ?? '',
    start_date: e?.start_date ?? '',
    industry_start_date: e?.industry_start_date ?? '',
    notes: e?.notes ?? '',
    address: addressValues(e?.address),
  };
}

/** Form values to the API's workforce_employee body: blanks to null. */
function toPayload(v: Values): Record<string, unknown> {
  return {
    legal_first_name: v.legal_first_name,
    preferred_first_name: orNull(v.preferred_first_name),
    last_name: v.last_name,
    email: orNull(v.email),
    phone: orNull(v.phone),
    role_id: orNull(v.role_id),
    manager_id: orNull(v.manager_id),
    division_id: orNull(v.division_id),
    excluded_from_headcount: v.excluded_from_headcount,
    birthday: orNull(v.birthday),
    start_date: orNull(v.start_date),
    industry_start_date: orNull(v.industry_start_date),
    notes: orNull(v.notes),
    address: addressPayload(v.address),
  };
}

/** Create or edit an employee with every writable field; the API's 422s land next to their fields. */
export function EmployeeForm({
  employee,
  onDone,
  onDelete,
}: {
  employee?: Employee;
  onDone: (employee: Employee) => void;
  onDelete?: () => void;
}) {
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const roles = useOptions('/workforce/roles', 'workforce_roles');
  const divisions = useOptions('/divisions', 'divisions');
  const everyone = useAllEmployees();
  // A manager may not be the employee or anyone who reports to them (the API refuses it too).
  const managers = useMemo(() => {
    const all = everyone.data?.items ?? [];
    const excluded = employee ? descendantsOf(all, employee.id) : new Set<string>();
    if (employee) excluded.add(employee.id);
    const options = all
      .filter((e) => !excluded.has(e.id))
      .map((e) => ({ id: e.id, name: `${employeeName(e)}${e.role ? ` (${e.role.name})` : ''}` }))
      .sort((a, b) => a.name.localeCompare(b.name));
    // Keep the current manager selectable while the list loads.
    if (employee?.manager && !options.some((o) => o.id === employee.manager!.id)) {
      options.unshift({ id: employee.manager.id, name: employeeName(employee.manager) });
    }
    return options;
  }, [everyone.data, employee]);

  const form = useForm<Values>({
    defaultValues: defaults(employee),
    resolver: apiResolver(employee ? workforceEmployeeUpdate : workforceEmployeeCreate, toPayload),
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const err = (name: string) => (errors as Record<string, { message?: string }>)[name]?.message;

  const { onSubmit, banner } = useRecordSubmit({
    record: employee,
    form,
    toPayload,
    original: (r) => toPayload(defaults(r)),
    save: (changes, base, values) =>
      base
        ? update.mutateAsync({
            id: base.id,
            changes,
            base,
            // Names, contact details and dates show at once in the directory and the org chart.
            optimistic: values && {
              legal_first_name: values.legal_first_name.trim(),
              preferred_first_name: orNull(values.preferred_first_name),
              last_name: values.last_name.trim(),
              email: orNull(values.email),
              phone: orNull(values.phone),
              start_date: orNull(values.start_date),
            },
          })
        : create.mutateAsync(changes),
    done: (saved, created) => {
      toast.success(created ? `${employeeName(saved)} added.` : 'Employee saved.');
      onDone(saved);
    },
    discard: (current) => reset(defaults(current)),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {banner}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Legal first name" error={err('legal_first_name')}>
          {(a) => <Input {...a} {...register('legal_first_name')} autoFocus={!employee} autoComplete="off" />}
        </Field>
        <Field label="Preferred first name" error={err('preferred_first_name')} hint="What colleagues call them, if not the legal name.">
          {(a) => <Input {...a} {...register('preferred_first_name')} autoComplete="off" />}
        </Field>
        <Field label="Last name" error={err('last_name')}>
          {(a) => <Input {...a} {...register('last_name')} autoComplete="off" />}
        </Field>
        <Field label="Email" error={err('email')}>
          {(a) => <Input {...a} {...register('email')} type="email" autoComplete="off" />}
        </Field>
        <Field label="Phone" error={err('phone')}>
          {(a) => <Input {...a} {...register('phone')} type="tel" autoComplete="off" />}
        </Field>
        <Field label="Role" error={err('role_id')}>
          {(a) => <Select {...a} {...register('role_id')} options={roles.data ?? []} placeholder="No role" />}
        </Field>
        <Field label="Manager" error={err('manager_id')} className="sm:col-span-2">
          {(a) => <Select {...a} {...register('manager_id')} options={managers} placeholder="No manager (top of the chart)" />}
        </Field>
        <Field label="Division" error={err('division_id')}>
          {(a) => <Select {...a} {...register('division_id')} options={divisions.data ?? []} placeholder="No division" />}
        </Field>
        <div className="flex flex-col justify-end pb-1">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
            <input type="checkbox" className="h-4 w-4" aria-describedby="excluded-hint" {...register('excluded_from_headcount')} />
            Leave out of headcount
          </label>
          <p id="excluded-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            A subcontractor or an executive: not counted as a role's people in workforce demand.
          </p>
        </div>
        <Field label="Start date" error={err('start_date')}>
          {(a) => <Input {...a} {...register('start_date')} type="date" />}
        </Field>
        <Field label="In the industry since" error={err('industry_start_date')}>
          {(a) => <Input {...a} {...register('industry_start_date')} type="date" />}
        </Field>
        <Field label="Birthday" error={err('birthday')}>
          {(a) => <Input {...a} {...register('birthday')} type="date" />}
        </Field>
        <Field label="Notes" error={err('notes')} className="sm:col-span-2">
          {(a) => <Textarea {...a} {...register('notes')} />}
        </Field>
      </div>
      <AddressFieldset register={register} error={err} />
      <div className="flex flex-wrap justify-between gap-2">
        {onDelete ? (
          <Button variant="danger" onClick={onDelete}>
            Delete employee
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : employee ? 'Save employee' : 'Create employee'}
        </Button>
      </div>
    </form>
  );
}
