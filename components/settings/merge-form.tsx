'use client';

import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, inputClass } from '@/components/ui/field';

/**
 * Merging a list's value into another (a stage's projects moved before it goes): what happens, the
 * value to move into, Cancel and the confirming button. `onMerge` gets the chosen value's id.
 */
export function MergeForm({
  children,
  label,
  choose,
  options,
  submit,
  pending,
  onMerge,
  onCancel,
}: {
  children: ReactNode;
  label: string;
  /** The empty choice: "Choose a stage". */
  choose: string;
  options: { id: string; name: string }[];
  submit: string;
  pending: boolean;
  onMerge: (id: string) => void;
  onCancel: () => void;
}) {
  const [target, setTarget] = useState('');
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (options.some((o) => o.id === target)) onMerge(target);
      }}
    >
      {children}
      {options.length > 0 ? (
        <Field label={label}>
          {(a) => (
            <select {...a} className={inputClass} value={target} onChange={(e) => setTarget(e.target.value)} required>
              <option value="">{choose}</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!target || pending}>
          {submit}
        </Button>
      </div>
    </form>
  );
}
