import 'server-only';
// Serializers of the shared embedded shapes (the shared embedded shapes of the OpenAPI document). Each resource's serializer builds on these,
// so a shape is written once and is the same in every endpoint.

/** UTC ISO 8601 to the second: `2023-02-14T18:13:00Z`. */
export function iso(d: Date): string {
  // `2023-02-14T18:13:00.000Z` without its milliseconds (a list page formats thousands of these).
  return `${d.toISOString().slice(0, 19)}Z`;
}

export function isoOrNull(d: Date | null): string | null {
  return d ? iso(d) : null;
}

export const idOrNull = (id: number | null) => (id === null ? null : String(id));

export interface BaseRow {
  id: number;
  createdAt: Date;
  updatedAt: Date;
}

export function base(row: BaseRow) {
  return { id: String(row.id), created_at: iso(row.createdAt), updated_at: iso(row.updatedAt) };
}

export function namedRef(row: (BaseRow & { name: string }) | null) {
  return row && { ...base(row), name: row.name };
}

export function fullName(first: string | null, last: string | null): string | null {
  const joined = [first, last].filter((p) => p && p.trim()).join(' ');
  return joined === '' ? null : joined;
}

/** The User reference shape, for users and for contacts embedded in other records. */
export function personRef(row: (BaseRow & { firstName: string | null; lastName: string | null; email: string | null }) | null) {
  return (
    row && {
      ...base(row),
      first_name: row.firstName,
      last_name: row.lastName,
      name: fullName(row.firstName, row.lastName),
      email: row.email,
    }
  );
}

export function companyRef(row: (BaseRow & { name: string; website: string | null }) | null) {
  return row && { ...base(row), name: row.name, website: row.website };
}

export interface AddressRow {
  streetAddress: string | null;
  streetAddress2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}

/** Always an object (its fields null when unset), so `record.address.city` never throws. */
export function address(row: AddressRow) {
  return {
    street_address: row.streetAddress,
    street_address2: row.streetAddress2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
  };
}

/** API address input (snake_case, partial) to columns; omitted sub-fields are left out. */
export function addressColumnsFrom(input: Partial<Record<keyof ReturnType<typeof address>, string | null>> | null) {
  const keys = {
    street_address: 'streetAddress',
    street_address2: 'streetAddress2',
    city: 'city',
    state: 'state',
    zip: 'zip',
    country: 'country',
  } as const;
  const out: Partial<AddressRow> = {};
  for (const [apiKey, column] of Object.entries(keys) as [keyof typeof keys, keyof AddressRow][]) {
    if (input === null) out[column] = null;
    else if (input[apiKey] !== undefined) out[column] = input[apiKey];
  }
  return out;
}

/**
 * Who did it, as the audit log and the security log both answer it: the user, how they were
 * signed in, the API token and the OAuth application it was done through.
 */
export function actedBy(
  row: { actor: Parameters<typeof personRef>[0]; application: { id: number; name: string } | null },
  authMethod: string | null,
  tokenId: number | null,
) {
  return {
    actor: personRef(row.actor),
    auth_method: authMethod,
    token_id: idOrNull(tokenId),
    oauth_application: row.application ? { id: String(row.application.id), name: row.application.name } : null,
  };
}
