import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';

// Choices for selects: lookups, users and companies change rarely, so they stay fresh for minutes.

export interface Option {
  id: string;
  name: string;
  /** An archived list value: kept on its records, offered for no new one (docs/settings.md). */
  archived?: boolean;
}

export const lookupKeys = { all: ['lookups'] as const, list: (path: string) => ['lookups', path] as const };

const STALE = 5 * 60_000;

/** Every value of a lookup (`/contract_types`, `/users`, …), first page of 100, as id + name. */
export const optionsQuery = (path: string, key: string) =>
  queryOptions({
    queryKey: lookupKeys.list(path),
    queryFn: async () =>
      (await api.list<{ id: string; name: string | null; email?: string | null; archived_at?: string | null }>(path, key, { per_page: 100 })).items
        .map((o): Option => ({ id: o.id, name: o.name ?? o.email ?? o.id, ...(o.archived_at ? { archived: true } : {}) }))
        // Lists come newest first (lookups by name); a select reads best alphabetically.
        .sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: STALE,
  });

export const useOptions = (path: string, key: string) => useQuery(optionsQuery(path, key));

/** Where each relation field of a form takes its choices from: [label, API path, list key]. */
export const RELATION_SOURCES = {
  assigned_to_id: ['Assigned to', '/users', 'users'],
  company_id: ['Company', '/companies', 'companies'],
  contact_id: ['Contact', '/contacts', 'contacts'],
  contract_type_id: ['Contract type', '/contract_types', 'contract_types'],
  delivery_method_id: ['Delivery method', '/delivery_methods', 'delivery_methods'],
  division_id: ['Division', '/divisions', 'divisions'],
  lead_source_id: ['Lead source', '/lead_sources', 'lead_sources'],
  market_sector_id: ['Market sector', '/market_sectors', 'market_sectors'],
  tender_type_id: ['Tender type', '/tender_types', 'tender_types'],
  loss_reason_id: ['Loss reason', '/loss_reasons', 'loss_reasons'],
} as const;
type RelationSourceField = keyof typeof RELATION_SOURCES;

/** A form's relation selects, in the given order, as [field, label, path, list key]. */
export function relationSelects<const F extends readonly RelationSourceField[]>(fields: F) {
  return fields.map((f) => [f, ...RELATION_SOURCES[f]] as const) as unknown as {
    [I in keyof F]: readonly [F[I], string, string, string];
  };
}
