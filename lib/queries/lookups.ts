import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// Choices for selects: lookups, users and companies change rarely, so they stay fresh for minutes.

export interface Option {
  id: string;
  name: string;
}

export const lookupKeys = { all: ['lookups'] as const, list: (path: string) => ['lookups', path] as const };

const STALE = 5 * 60_000;

/** Every value of a lookup (`/contract_types`, `/users`, …), first page of 100, as id + name. */
export const optionsQuery = (path: string, key: string) =>
  queryOptions({
    queryKey: lookupKeys.list(path),
    queryFn: async () =>
      (await api.list<{ id: string; name: string | null; email?: string | null }>(path, key, { per_page: 100 })).items
        .map((o): Option => ({ id: o.id, name: o.name ?? o.email ?? o.id }))
        // Lists come newest first (lookups by name); a select reads best alphabetically.
        .sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: STALE,
  });

export const useOptions = (path: string, key: string) => useQuery(optionsQuery(path, key));
