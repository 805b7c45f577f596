import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { CustomFieldResource } from '@/lib/shared/validation/enums';
import type { CustomFieldResponse } from '@/lib/shared/validation/custom-fields';

export type CustomField = CustomFieldResponse;
export type { CustomFieldResource };

// An account's custom field definitions (docs/custom-fields.md). Forms and tables are built from
// them and they change rarely, so they stay fresh for minutes; every change refreshes them all.

export const customFieldKeys = {
  all: ['custom_fields'] as const,
  /** The live (non-archived) fields of one resource, by position: what forms and tables show. */
  resource: (resource: CustomFieldResource) => [...customFieldKeys.all, 'resource', resource] as const,
  /** Every field of every resource, archived ones too: the settings page. */
  everything: () => [...customFieldKeys.all, 'everything'] as const,
};

const STALE = 5 * 60_000;

/** The live fields of `resource`, in position order (the API orders by resource, then position). */
export const customFieldsQuery = (resource: CustomFieldResource) =>
  queryOptions({
    queryKey: customFieldKeys.resource(resource),
    queryFn: async () => (await api.list<CustomField>('/custom_fields', 'custom_fields', { resource, archived: false, per_page: 100 })).items,
    staleTime: STALE,
  });

export const useCustomFields = (resource: CustomFieldResource) => useQuery(customFieldsQuery(resource));

/** Every definition, archived ones too, in pages of 100 until the last (an account has a handful). */
export const allCustomFieldsQuery = queryOptions({
  queryKey: customFieldKeys.everything(),
  queryFn: async () => {
    const fields: CustomField[] = [];
    for (let page = 1; ; page++) {
      const list = await api.list<CustomField>('/custom_fields', 'custom_fields', { page, per_page: 100 });
      fields.push(...list.items);
      if (list.items.length < 100 || fields.length >= list.total) return fields;
    }
  },
  staleTime: STALE,
});

export const useAllCustomFields = () => useQuery(allCustomFieldsQuery);

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: customFieldKeys.all });
}

/** Defines a field (admins); the dialog shows the API's 422s (a taken key) next to its inputs. */
export function useCreateCustomField() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (field: Record<string, unknown>) => api.post<CustomField>('/custom_fields', 'custom_field', { custom_field: field }),
    meta: { silent: true },
    onSuccess: refresh,
  });
}

/** Label, options, required, position or archived, with the If-Match of the version edited. */
export function useUpdateCustomField({ silent = true }: { silent?: boolean } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, changes, base }: { id: string; changes: Record<string, unknown>; base?: unknown }) =>
      api.patch<CustomField>(`/custom_fields/${id}`, 'custom_field', { custom_field: changes }, undefined, base),
    meta: { silent },
    onSuccess: refresh,
  });
}

/** Deletes the field and every value records hold for it; the records' caches refresh too. */
export function useDeleteCustomField() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (field: CustomField) => api.delete(`/custom_fields/${field.id}`),
    onSuccess: (_data, field) => Promise.all([qc.invalidateQueries({ queryKey: customFieldKeys.all }), qc.invalidateQueries({ queryKey: [field.resource] })]),
  });
}
