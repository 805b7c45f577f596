import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, retryUnlessClientError } from '@/lib/client/api-client';

/** A record to pick in a search box: its id, the name shown, and a line of detail. */
export interface SearchOption {
  id: string;
  name: string;
  detail?: string | null;
  /** The company of a contact, so picking a contact can fill the company in. */
  company?: { id: string; name: string } | null;
}

interface Searchable {
  id: string;
  name: string | null;
  email?: string | null;
  job_title?: string | null;
  company?: { id: string; name: string } | null;
}

/** What one character-typed search (`q`) of a list answers, as options; the first 20 matches. */
export const searchQuery = (path: string, key: string, q: string) =>
  queryOptions({
    queryKey: ['search', path, q],
    queryFn: async () =>
      (await api.list<Searchable>(path, key, { q: q.trim() || undefined, per_page: 20 })).items.map((r): SearchOption => ({
        id: r.id,
        name: r.name ?? r.email ?? `#${r.id}`,
        detail: [r.job_title, r.company?.name].filter(Boolean).join(' · ') || (r.name ? r.email : null),
        company: r.company ?? null,
      })),
    staleTime: 60_000,
  });

export const useSearch = (path: string, key: string, q: string, enabled: boolean) => useQuery({ ...searchQuery(path, key, q), enabled });

/** One record by id as an option: the label of a filter kept in the URL as an id. */
export const optionByIdQuery = (path: string, key: string, id: string) =>
  queryOptions({
    queryKey: ['search', path, 'id', id],
    queryFn: async (): Promise<SearchOption> => {
      const r = await api.get<Searchable>(`${path}/${id}`, key);
      return { id: r.id, name: r.name ?? r.email ?? `#${r.id}`, company: r.company ?? null };
    },
    staleTime: 5 * 60_000,
    retry: retryUnlessClientError,
  });

export const useOptionById = (path: string, key: string, id: string) => useQuery({ ...optionByIdQuery(path, key, id), enabled: id !== '' });
