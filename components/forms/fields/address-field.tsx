'use client';

import { orNull } from '@/lib/client/forms';
import { TextField } from './text-field';

// The spec's Address shape as form values and inputs, shared by every form that edits one.

export const ADDRESS_FIELDS = [
  ['street_address', 'Street'],
  ['street_address2', 'Street (line 2)'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
  ['country', 'Country'],
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number][0];
export type AddressValues = Record<AddressField, string>;

/** A record's address as input values ('' for unset). */
export function addressValues(address?: Partial<Record<AddressField, string | null>>): AddressValues {
  return Object.fromEntries(ADDRESS_FIELDS.map(([k]) => [k, address?.[k] ?? ''])) as AddressValues;
}

/** Input values as the API's address (blank → null). */
export function addressPayload(values: AddressValues): Record<AddressField, string | null> {
  return Object.fromEntries(ADDRESS_FIELDS.map(([k]) => [k, orNull(values[k])])) as Record<AddressField, string | null>;
}

/** The record's address as a fieldset of the form in context. */
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
