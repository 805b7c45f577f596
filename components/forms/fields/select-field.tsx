'use client';

import type { ChangeEvent } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Field, Select } from '@/components/ui/field';
import { useOptions, type Option } from '@/lib/client/hooks/use-lookups';
import type { FieldBase } from './text-field';
import { useFieldError } from './use-field-error';

interface SelectFieldProps extends FieldBase {
  /** Undefined while they load. */
  options: readonly Option[] | undefined;
  /** The empty choice's text; null for a choice that is never empty (a close type). */
  placeholder?: string | null;
  disabled?: boolean;
  /** Focused when the form opens (in a dialog, once it shows). */
  autoFocus?: boolean;
  /** The record's current choice, kept selectable when the options do not hold it (past the first 100). */
  current?: Option;
  /** After the value changed (a stage sets the close type). */
  onPick?: (value: string) => void;
}

/**
 * A labelled select of the form in context. Controlled, so the value the form holds shows once
 * options that arrive after the form do.
 */
export function SelectField({ name, label, hint, className, options, placeholder, disabled, autoFocus, current, onPick }: SelectFieldProps) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  const choices = options && current && !options.some((o) => o.id === current.id) ? [current, ...options] : (options ?? []);
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(a) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select
              {...a}
              {...field}
              onChange={(e: ChangeEvent<HTMLSelectElement>) => {
                field.onChange(e);
                onPick?.(e.target.value);
              }}
              disabled={disabled}
              autoFocus={autoFocus}
              options={[...choices]}
              placeholder={placeholder}
            />
          )}
        />
      )}
    </Field>
  );
}

/** A select of a lookup list (`/divisions`), fed by the lookup hook: archived values are offered only as the record's own. */
export function LookupSelectField({ path, listKey, ...props }: Omit<SelectFieldProps, 'options'> & { path: string; listKey: string }) {
  const options = useOptions(path, listKey).data;
  return <SelectField {...props} options={options?.filter((o) => !o.archived || o.id === props.current?.id)} />;
}

/** The record's current value of a relation field (`division_id` → its `division`), as an option. */
export function relationCurrent(record: object | undefined, field: `${string}_id`): Option | undefined {
  const related = (record as Record<string, { id: string; name?: string | null; email?: string | null } | null | undefined> | undefined)?.[field.slice(0, -3)];
  return related ? { id: related.id, name: related.name ?? related.email ?? related.id } : undefined;
}

/** A select of a fixed list of API values (an enum), shown humanized. */
export function enumOptions(values: readonly string[], name: (value: string) => string): Option[] {
  return values.map((v) => ({ id: v, name: name(v) }));
}

/**
 * A form's values of a record's relations (the `relationSelects` it shows): `company_id` is the id
 * of its `company`, '' for none or a new record.
 */
export function relationValues<F extends `${string}_id`>(record: object | undefined, relations: readonly (readonly [F, ...string[]])[]): Record<F, string> {
  const related = record as Record<string, { id: string } | null | undefined> | undefined;
  return Object.fromEntries(relations.map(([field]) => [field, related?.[field.slice(0, -'_id'.length)]?.id ?? ''])) as Record<F, string>;
}
