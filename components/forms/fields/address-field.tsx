'use client';

import { ADDRESS_FIELDS } from '@/components/ui/address-fieldset';
import { TextField } from './text-field';

/** The record's address (the spec's Address shape) as a fieldset of the form in context. */
export function AddressFields({ name = 'address' }: { name?: string }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">Address</legend>
      {ADDRESS_FIELDS.map(([key, label]) => (
        <TextField key={key} name={`${name}.${key}`} label={label} />
      ))}
    </fieldset>
  );
}
