'use client';

import { Controller, useFormContext } from 'react-hook-form';
import { Combobox } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import type { SearchOption } from '@/lib/client/hooks/use-search';
import type { FieldBase } from './text-field';
import { useFieldError } from './use-field-error';

/**
 * A record picked by searching a long list (contacts, companies, projects); the form holds the
 * chosen `{ id, name }` or null.
 */
export function RecordSearchField({
  name,
  label,
  hint,
  className,
  path,
  listKey = path.slice(1),
  placeholder,
  clearLabel = `Clear ${label.toLowerCase()}`,
  onPick,
}: FieldBase & {
  /** The list endpoint (`/contacts`) and its key in the response (`contacts`, by default the path's). */
  path: string;
  listKey?: string;
  placeholder?: string;
  clearLabel?: string;
  /** After a pick: what was chosen and what was before. */
  onPick?: (option: SearchOption | null, previous: SearchOption | null) => void;
}) {
  const { control } = useFormContext();
  return (
    <Field label={label} error={useFieldError(name)} hint={hint} className={className}>
      {(a) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Combobox
              {...a}
              value={field.value as SearchOption | null}
              onChange={(option) => {
                const previous = field.value as SearchOption | null;
                field.onChange(option);
                onPick?.(option, previous);
              }}
              path={path}
              listKey={listKey}
              placeholder={placeholder}
              clearLabel={clearLabel}
            />
          )}
        />
      )}
    </Field>
  );
}
