'use client';

import { useMemo } from 'react';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { LookupSelectField, SelectField } from '@/components/forms/fields/select-field';
import { DateField, MoneyField, TextareaField, TextField } from '@/components/forms/fields/text-field';
import { useFieldError } from '@/components/forms/fields/use-field-error';
import { customFieldInputErrors, customFieldInputs, customFieldsChange, type CustomFieldInputs } from '@/lib/client/custom-field-values';
import { useCustomFields, type CustomField, type CustomFieldResource } from '@/lib/client/hooks/use-custom-fields';

// The account's own fields (docs/custom-fields.md) in a record's form: an input per live field of
// the resource, in position order, its value under `custom_fields.<key>` so the API's 422s
// (`custom_fields.<key>`) land on it. What the form does not show (archived fields, keys without a
// definition) goes back as it was; an edit that changed no value leaves `custom_fields` out.

/** The form values this part adds to a record form's own. */
export interface CustomFieldValues {
  custom_fields: CustomFieldInputs;
  /** The record's stored `custom_fields` as JSON ('null' when creating): the payload keeps what the form does not edit. */
  custom_fields_stored: string;
}

/** What a record form needs to carry custom fields: its values, its payload, its input checks. */
export interface CustomFieldsForm {
  /** The live fields, in position order. */
  fields: CustomField[];
  values: (stored: Record<string, unknown> | undefined) => CustomFieldValues;
  /** `{ custom_fields }` to merge into the payload, or nothing to leave the record's alone. */
  payload: (values: CustomFieldValues) => { custom_fields?: unknown };
  checks: (values: CustomFieldValues) => Record<string, string>;
}

const storedOf = (v: CustomFieldValues) => JSON.parse(v.custom_fields_stored || 'null') as Record<string, unknown> | null;

/**
 * The custom fields part of a form of `resource`, undefined while the definitions load (render the
 * form once they have: its defaults depend on them): a typed input per field the account defined,
 * nothing when it defined none. If the definitions cannot be read, the form leaves `custom_fields` alone.
 */
export function useCustomFieldsForm(resource: CustomFieldResource): CustomFieldsForm | undefined {
  const query = useCustomFields(resource);
  return useMemo((): CustomFieldsForm | undefined => {
    if (query.isPending) return undefined;
    const fields = query.data ?? [];
    return {
      fields,
      values: (stored) => ({
        custom_fields: customFieldInputs(fields, stored),
        custom_fields_stored: JSON.stringify(stored ?? null),
      }),
      payload: (v) => {
        const change = customFieldsChange(fields, v.custom_fields ?? {}, storedOf(v));
        return change === undefined ? {} : { custom_fields: change };
      },
      checks: (v) => customFieldInputErrors(fields, v.custom_fields ?? {}),
    };
  }, [query.isPending, query.data]);
}

const labelOf = (f: CustomField) => (f.required ? `${f.label} (required)` : f.label);
const wide = 'sm:col-span-2';

/** A checkbox with the API's error under it (a required yes/no). */
function BooleanInput({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className="flex flex-col justify-end pb-2">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
        <input type="checkbox" className="h-4 w-4" aria-invalid={Boolean(error)} {...register(name)} /> {label}
      </label>
      {error ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </div>
  );
}

/** A checkbox per option; the value is the list of those ticked. */
function MultiSelectInput({ field, name }: { field: CustomField; name: string }) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: input }) => {
        const picked = Array.isArray(input.value) ? (input.value as string[]) : [];
        const known = new Set(field.options.map((o) => o.value));
        // A value whose option was since removed stays listed (and ticked) until unticked.
        const options = [...field.options, ...picked.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v }))];
        return (
          <fieldset className={wide} aria-invalid={Boolean(error)}>
            <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{labelOf(field)}</legend>
            <div className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-3">
              {options.map((o) => (
                <label key={o.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={picked.includes(o.value)}
                    onChange={(e) => input.onChange(e.target.checked ? [...picked, o.value] : picked.filter((v) => v !== o.value))}
                  />
                  {o.label}
                </label>
              ))}
            </div>
            {error ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p> : null}
          </fieldset>
        );
      }}
    />
  );
}

function CustomFieldInput({ field }: { field: CustomField }) {
  const name = `custom_fields.${field.key}`;
  const label = labelOf(field);
  const { getValues } = useFormContext();
  switch (field.field_type) {
    case 'long_text':
      return <TextareaField name={name} label={label} className={wide} />;
    case 'number':
      return <TextField name={name} label={label} inputMode="decimal" />;
    case 'currency':
      return <MoneyField name={name} label={label} hint="Dollars; stored exactly in cents." />;
    case 'date':
      return <DateField name={name} label={label} />;
    case 'boolean':
      return <BooleanInput name={name} label={label} />;
    case 'select': {
      const current = getValues(name) as string | undefined;
      const options = field.options.map((o) => ({ id: o.value, name: o.label }));
      return <SelectField name={name} label={label} options={options} current={current ? { id: current, name: current } : undefined} />;
    }
    case 'multi_select':
      return <MultiSelectInput field={field} name={name} />;
    case 'user':
      return <LookupSelectField name={name} label={label} path="/users" listKey="users" />;
    case 'url':
      return <TextField name={name} label={label} type="url" inputMode="url" placeholder="https://" autoComplete="off" />;
    default:
      return <TextField name={name} label={label} autoComplete="off" />;
  }
}

type Refusal = { message?: string };
const isRefusal = (v: unknown): v is Refusal => typeof v === 'object' && v !== null && typeof (v as Refusal).message === 'string';

/** The API's refusals of values the form has no input for (a key the resource does not define), and of the whole object. */
function HiddenErrors({ keys }: { keys: Set<string> }) {
  const { errors } = useFormState();
  const all = errors as Record<string, unknown>;
  const nested = all.custom_fields;
  const messages: string[] = [];
  if (isRefusal(nested)) messages.push(`Custom fields ${nested.message}`);
  else if (nested && typeof nested === 'object') {
    for (const [key, e] of Object.entries(nested)) if (!keys.has(key) && isRefusal(e)) messages.push(`${key} ${e.message}`);
  }
  // The resolver keys its errors flat (`custom_fields.<key>`).
  for (const [name, e] of Object.entries(all)) {
    const key = name.startsWith('custom_fields.') ? name.slice('custom_fields.'.length) : null;
    if (key !== null && !keys.has(key) && isRefusal(e)) messages.push(`${key} ${e.message}`);
  }
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      <p>These custom field values were not accepted, and this form has no input for them:</p>
      <ul className="mt-1 list-disc pl-5">
        {messages.map((m) => (
          <li key={m} className="break-words">
            {m}
          </li>
        ))}
      </ul>
      <p className="mt-1">An admin can define a field for such a key in Settings → Custom fields.</p>
    </div>
  );
}

/** The custom fields of a record form: an input per live field (nothing when the account defined none). */
export function CustomFieldsFields({ form }: { form: CustomFieldsForm }) {
  const keys = useMemo(() => new Set(form.fields.map((f) => f.key)), [form.fields]);
  return (
    <>
      {form.fields.length > 0 ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Custom fields</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {form.fields.map((f) => (
              <CustomFieldInput key={f.id} field={f} />
            ))}
          </div>
        </fieldset>
      ) : null}
      <HiddenErrors keys={keys} />
    </>
  );
}
