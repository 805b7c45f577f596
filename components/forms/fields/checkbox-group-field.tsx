'use client';

import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { FieldBase } from './text-field';
import { useFieldError } from './use-field-error';

/**
 * A list of choices of which any may be ticked (a member's roles): a checkbox per option in a
 * fieldset, its error under the legend. The form holds the ids ticked, in the order ticked.
 */
export function CheckboxGroupField({
  name,
  label,
  className,
  options,
}: Omit<FieldBase, 'hint'> & {
  options: readonly { id: string; name: string }[];
}) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const ticked = Array.isArray(field.value) ? (field.value as string[]) : [];
        return (
          <fieldset aria-describedby={error ? errorId : undefined} className={className}>
            <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">{label}</legend>
            {error ? (
              <p id={errorId} className="mb-1 text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
            <div className="grid gap-1.5 sm:grid-cols-2">
              {options.map((o) => (
                <label key={o.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={ticked.includes(o.id)}
                    onChange={(e) => field.onChange(e.target.checked ? [...ticked, o.id] : ticked.filter((id) => id !== o.id))}
                  />
                  {o.name}
                </label>
              ))}
            </div>
          </fieldset>
        );
      }}
    />
  );
}
