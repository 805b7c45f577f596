import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, retryUnlessClientError, type QueryParams } from '@/lib/client/api-client';
import { RESOURCES, type ResourceKey } from '@/lib/shared/resources';

// The React Query keys, queries and mutations of one resource, from its descriptor
// (lib/shared/resources.ts): a resource with plain CRUD needs no hooks file of its own; one with
// more (the leads' board, the projects' forecast) builds on these.

/** What a change sends: the wrapped fields, and for an edit the record it started from (its ETag goes as If-Match). */
export interface RecordEdit {
  id: string;
  changes: Record<string, unknown>;
  base?: unknown;
}

export function resourceHooks<T extends { id: string }>(resource: ResourceKey, defaults: QueryParams = {}) {
  const { plural, path } = RESOURCES[resource];
  const collection = `/${path}`;
  const keys = {
    all: [plural] as const,
    lists: () => [...keys.all, 'list'] as const,
    list: (params: QueryParams) => [...keys.lists(), params] as const,
    details: () => [...keys.all, 'detail'] as const,
    detail: (id: string) => [...keys.details(), id] as const,
  };
  const listQuery = (params: QueryParams) =>
    queryOptions({
      queryKey: keys.list({ ...defaults, ...params }),
      queryFn: () => api.list<T>(collection, plural, { ...defaults, ...params }),
      placeholderData: keepPreviousData,
    });
  const recordQuery = (id: string) =>
    queryOptions({ queryKey: keys.detail(id), queryFn: () => api.get<T>(`${collection}/${id}`, resource), retry: retryUnlessClientError });

  /** After a write: the record's answer is its detail, and every list may hold it. */
  function useSettle() {
    const qc = useQueryClient();
    return {
      saved: (record: T) => {
        qc.setQueryData(keys.detail(record.id), record);
        return qc.invalidateQueries({ queryKey: keys.lists() });
      },
      removed: (id: string) => {
        qc.removeQueries({ queryKey: keys.detail(id) });
        return qc.invalidateQueries({ queryKey: keys.lists() });
      },
    };
  }

  return {
    keys,
    listQuery,
    recordQuery,
    useList: (params: QueryParams) => useQuery(listQuery(params)),
    useRecord: (id: string) => useQuery({ ...recordQuery(id), enabled: id !== '' }),
    useCreate() {
      const { saved } = useSettle();
      return useMutation({
        mutationFn: (fields: Record<string, unknown>) => api.post<T>(collection, resource, { [resource]: fields }),
        meta: { silent: true },
        onSuccess: saved,
      });
    },
    useUpdate() {
      const { saved } = useSettle();
      return useMutation({
        mutationFn: ({ id, changes, base }: RecordEdit) => api.patch<T>(`${collection}/${id}`, resource, { [resource]: changes }, undefined, base),
        meta: { silent: true },
        onSuccess: saved,
      });
    },
    useDelete() {
      const { removed } = useSettle();
      return useMutation({ mutationFn: async (id: string) => (await api.delete(`${collection}/${id}`), id), onSuccess: removed });
    },
  };
}
