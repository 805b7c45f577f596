'use client';

import { useMemo } from 'react';
import { toast } from 'sonner';
import { CheckboxField } from '@/components/forms/fields/checkbox-field';
import { LookupSelectField, SelectField } from '@/components/forms/fields/select-field';
import { DateField, TextareaField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { AddressFields, addressPayload, addressValues, type AddressValues } from '@/components/forms/fields/address-field';
import { Button } from '@/components/ui/button';
import { orNull } from '@/lib/client/forms';
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
export function EmployeeForm({ employee, onDone, onDelete }: { employee?: Employee; onDone: (employee: Employee) => void; onDelete?: () => void }) {
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
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

  const state = useRecordForm({
    record: employee,
    schema: { create: workforceEmployeeCreate, update: workforceEmployeeUpdate },
    defaults,
    toPayload,
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
  });

  return (
    <RecordForm state={state}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="legal_first_name" label="Legal first name" autoFocus={!employee} autoComplete="off" />
        <TextField name="preferred_first_name" label="Preferred first name" hint="What colleagues call them, if not the legal name." autoComplete="off" />
        <TextField name="last_name" label="Last name" autoComplete="off" />
        <TextField name="email" label="Email" type="email" autoComplete="off" />
        <TextField name="phone" label="Phone" type="tel" autoComplete="off" />
        <LookupSelectField name="role_id" label="Role" path="/workforce/roles" listKey="workforce_roles" placeholder="No role" />
        <SelectField name="manager_id" label="Manager" className="sm:col-span-2" options={managers} placeholder="No manager (top of the chart)" />
        <LookupSelectField name="division_id" label="Division" path="/divisions" listKey="divisions" placeholder="No division" />
        <CheckboxField
          name="excluded_from_headcount"
          label="Leave out of headcount"
          hint="A subcontractor or an executive: not counted as a role's people in workforce demand."
        />
        <DateField name="start_date" label="Start date" />
        <DateField name="industry_start_date" label="In the industry since" />
        <DateField name="birthday" label="Birthday" />
        <TextareaField name="notes" label="Notes" className="sm:col-span-2" />
      </div>
      <AddressFields />
      <SubmitRow
        label={employee ? 'Save employee' : 'Create employee'}
        aside={
          onDelete ? (
            <Button variant="danger" onClick={onDelete}>
              Delete employee
            </Button>
          ) : null
        }
      />
    </RecordForm>
  );
}
