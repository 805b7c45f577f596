import { orNull } from '@/lib/client/forms';

// The spec's Address shape as form values, shared by every form that edits one (the inputs:
// components/forms/fields/address-field.tsx).

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
