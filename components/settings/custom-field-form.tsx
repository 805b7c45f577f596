'use client';

import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { CheckboxField } from '@/components/forms/fields/checkbox-field';
import { SelectField } from '@/components/forms/fields/select-field';
import { TextField } from '@/components/forms/fields/text-field';
import { useFieldError } from '@/components/forms/fields/use-field-error';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/forms/form-error';
import { errorsFromApi } from '@/lib/client/forms';
import { useCreateCustomField, useDeleteCustomField, useUpdateCustomField, type CustomField } from '@/lib/client/hooks/use-custom-fields';
import { CUSTOM_FIELD_RESOURCES, CUSTOM_FIELD_TYPES, type CustomFieldResource } from '@/lib/shared/validation/enums';
import { customFieldCreate, customFieldUpdate } from '@/lib/shared/validation/custom-fields';
import { FIELD_TYPE_LABELS, RESOURCE_LABELS } from './labels';

type Values = {
  resource: string;
  key: string;
  label: string;
  field_type: string;
  options: { value: string; label: string }[];
  required: boolean;
  archived: boolean;
};

const hasOptions = (type: string) => type === 'select' || type === 'multi_select';

/** A label as a key: "Bid bond %" → "bid_bond". */
export function keyOf(label: string): string {
  const key = label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '');
  return key.slice(0, 63).replace(/_+$/, '');
}

function defaults(field: CustomField | undefined, resource: CustomFieldResource): Values {
  return {
    resource: field?.resource ?? resource,
    key: field?.key ?? '',
    label: field?.label ?? '',
    field_type: field?.field_type ?? 'text',
    options: field?.options.map((o) => ({ ...o })) ?? [],
    required: field?.required ?? false,
    archived: field?.archived ?? false,
  };
}

/** The options of a select: a row per choice (the value records store, the label people read). */
function OptionsEditor() {
  const { control } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const error = useFieldError('options');
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? 'options-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Options</legend>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        The value is what records store (and filters use); the label is what people read. Changing a value later does not change the records that hold it.
      </p>
      <ul className="space-y-2">
        {fields.map((row, i) => (
          <li key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <TextField name={`options.${i}.value`} label={`Value ${i + 1}`} autoComplete="off" spellCheck={false} />
            <TextField name={`options.${i}.label`} label={`Label ${i + 1}`} autoComplete="off" />
            <Button variant="ghost" size="sm" className="mt-6" onClick={() => remove(i)} aria-label={`Remove option ${i + 1}`}>
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" className="mt-2" onClick={() => append({ value: '', label: '' })}>
        Add option
      </Button>
      {error ? (
        <p id="options-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** While creating: the key follows the label, until it is typed in itself. */
function KeyFromLabel() {
  const { setValue, getValues } = useFormContext<Values>();
  const label = useWatch<Values, 'label'>({ name: 'label' });
  const previous = useRef(label);
  useEffect(() => {
    if (getValues('key') === keyOf(previous.current)) setValue('key', keyOf(label));
    previous.current = label;
  }, [label, getValues, setValue]);
  return null;
}

/** Deleting asks first: every value of the field goes with it; archiving keeps them. */
function DeletePanel({ field, onArchive, onDone, onCancel }: { field: CustomField; onArchive: () => void; onDone: () => void; onCancel: () => void }) {
  const del = useDeleteCustomField();
  const [error, setError] = useState<string>();
  const where = RESOURCE_LABELS[field.resource].toLowerCase();
  return (
    <div
      role="alertdialog"
      aria-labelledby="delete-field-title"
      className="space-y-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/60"
    >
      <p id="delete-field-title" className="font-semibold text-red-900 dark:text-red-100">
        Delete “{field.label}” and its values?
      </p>
      <p className="text-red-900 dark:text-red-100">
        Every value of this field on your {where} is deleted with it, and cannot be brought back. To hide the field and keep its values, archive it instead.
      </p>
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        {field.archived ? null : (
          <Button variant="secondary" onClick={onArchive}>
            Archive instead
          </Button>
        )}
        <Button
          variant="danger"
          disabled={del.isPending}
          onClick={() =>
            del.mutate(field, {
              onSuccess: () => {
                toast.success(`Deleted “${field.label}” and its values.`);
                onDone();
              },
              onError: (e) => setError(errorsFromApi(e).base ?? 'Not deleted.'),
            })
          }
        >
          {del.isPending ? 'Deleting…' : 'Delete field and values'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/**
 * An admin defines a custom field, or edits one: resource, key and type only when creating (they
 * never change), label, options of a select, required, archived; the API's 422s next to the inputs.
 */
export function CustomFieldForm({ field, resource = 'projects', onDone }: { field?: CustomField; resource?: CustomFieldResource; onDone: () => void }) {
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateCustomField();
  const toPayload = (v: Values): Record<string, unknown> => {
    const options = hasOptions(v.field_type) ? v.options : undefined;
    const common = { label: v.label, required: v.required, archived: v.archived, ...(options ? { options } : {}) };
    return field ? common : { resource: v.resource, key: v.key, field_type: v.field_type, ...common };
  };
  const state = useRecordForm({
    record: field,
    schema: { create: customFieldCreate, update: customFieldUpdate },
    defaults: (f?: CustomField) => defaults(f, resource),
    toPayload,
    save: saveWith(useCreateCustomField(), update),
    done: (saved, created) => {
      toast.success(created ? `Added “${saved.label}”.` : `Saved “${saved.label}”.`);
      onDone();
    },
    failure: 'The field was not saved.',
  });
  const type = useWatch({ control: state.form.control, name: 'field_type' });
  const archive = () =>
    field &&
    update.mutate(
      { id: field.id, changes: { archived: true }, base: field },
      {
        onSuccess: () => {
          toast.success(`Archived “${field.label}”; its values are kept.`);
          onDone();
        },
        onError: (e) => toast.error(errorsFromApi(e).base ?? 'Not archived.'),
      },
    );

  if (field && deleting) return <DeletePanel field={field} onArchive={archive} onDone={onDone} onCancel={() => setDeleting(false)} />;
  return (
    <RecordForm state={state} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="label" label="Label" className="sm:col-span-2" autoFocus autoComplete="off" hint="What forms and tables show." />
        {field ? (
          <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
            {RESOURCE_LABELS[field.resource]} · key <code className="font-mono text-slate-800 dark:text-slate-200">{field.key}</code> ·{' '}
            {FIELD_TYPE_LABELS[field.field_type]}. The resource, key and type never change.
          </p>
        ) : (
          <>
            <KeyFromLabel />
            <SelectField
              name="resource"
              label="Records"
              options={CUSTOM_FIELD_RESOURCES.map((r) => ({ id: r, name: RESOURCE_LABELS[r] }))}
              placeholder="Choose"
            />
            <SelectField name="field_type" label="Type" options={CUSTOM_FIELD_TYPES.map((t) => ({ id: t, name: FIELD_TYPE_LABELS[t] }))} placeholder="Choose" />
            <TextField
              name="key"
              label="Key"
              className="sm:col-span-2"
              inputClassName="font-mono"
              autoComplete="off"
              spellCheck={false}
              hint="snake_case; the API and filters use it (custom_fields[key]). It never changes."
            />
          </>
        )}
        {hasOptions(type) ? <OptionsEditor /> : null}
        <CheckboxField name="required" label="Required" hint="Records must have a value when created, and edits may not clear it." />
        <CheckboxField name="archived" label="Archived" hint="Hidden from forms and tables; the values are kept." />
      </div>
      <SubmitRow
        label={field ? 'Save field' : 'Add field'}
        aside={
          field ? (
            <Button variant="ghost" className="text-red-700 dark:text-red-400" onClick={() => setDeleting(true)}>
              Delete…
            </Button>
          ) : undefined
        }
      />
    </RecordForm>
  );
}
