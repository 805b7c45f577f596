import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, retryUnlessClientError, type ListPage, type QueryParams } from '@/lib/client/api-client';
import type { LeadResponse } from '@/lib/shared/validation/leads';
import type { ProjectResponse } from '@/lib/shared/validation/projects';
import { projectKeys } from './use-projects';

export type Lead = LeadResponse;

export const leadKeys = {
  all: ['leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...leadKeys.lists(), params] as const,
  details: () => [...leadKeys.all, 'detail'] as const,
  detail: (id: string) => [...leadKeys.details(), id] as const,
};

export const leadsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: leadKeys.list(params),
    queryFn: () => api.list<Lead>('/leads', 'leads', params),
    placeholderData: keepPreviousData,
  });

export const leadQuery = (id: string) =>
  queryOptions({ queryKey: leadKeys.detail(id), queryFn: () => api.get<Lead>(`/leads/${id}`, 'lead'), retry: retryUnlessClientError });

export const useLead = (id: string) => useQuery(leadQuery(id));

export const useLeads = (params: QueryParams) => useQuery(leadsQuery(params));
export function useCreateLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lead: Record<string, unknown>) => api.post<Lead>('/leads', 'lead', { lead }),
    onSuccess: (lead) => {
      qc.setQueryData(leadKeys.detail(lead.id), lead);
      return qc.invalidateQueries({ queryKey: leadKeys.lists() });
    },
  });
}

/**
 * PATCH a lead, optimistically: the lists and the detail show the change at once and roll back if
 * the API refuses it (cancel → snapshot → set → rollback → invalidate).
 */
export function useUpdateLead({ silent = false }: { silent?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent },
    mutationFn: ({ id, changes, base }: { id: string; changes: Record<string, unknown>; optimistic?: Partial<Lead>; base?: unknown }) =>
      api.patch<Lead>(`/leads/${id}`, 'lead', { lead: changes }, undefined, base),
    onMutate: async ({ id, optimistic }) => {
      if (!optimistic) return {};
      await qc.cancelQueries({ queryKey: leadKeys.all });
      const lists = qc.getQueriesData<ListPage<Lead>>({ queryKey: leadKeys.lists() });
      const detail = qc.getQueryData<Lead>(leadKeys.detail(id));
      for (const [key, page] of lists) {
        if (page) qc.setQueryData(key, { ...page, items: page.items.map((l) => (l.id === id ? { ...l, ...optimistic } : l)) });
      }
      if (detail) qc.setQueryData(leadKeys.detail(id), { ...detail, ...optimistic });
      return { lists, detail };
    },
    onError: (_err, { id }, snapshot) => {
      for (const [key, page] of snapshot?.lists ?? []) qc.setQueryData(key, page);
      if (snapshot?.detail) qc.setQueryData(leadKeys.detail(id), snapshot.detail);
    },
    // The API's lead at once in place of the optimistic one, so a next edit's If-Match is of the version there is.
    onSuccess: (lead) => {
      qc.setQueryData(leadKeys.detail(lead.id), lead);
      for (const [key, page] of qc.getQueriesData<ListPage<Lead>>({ queryKey: leadKeys.lists() })) {
        if (page) qc.setQueryData(key, { ...page, items: page.items.map((l) => (l.id === lead.id ? lead : l)) });
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: leadKeys.lists() }),
  });
}

export function useConvertLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ProjectResponse>(`/leads/${id}/convert`, 'project'),
    onSuccess: (_p, id) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: leadKeys.detail(id) }),
        qc.invalidateQueries({ queryKey: leadKeys.lists() }),
        qc.invalidateQueries({ queryKey: projectKeys.lists() }),
      ]),
  });
}

/** DELETE a lead, as it was last seen (If-Match): gone from every list. */
export function useDeleteLead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (lead: Lead) => api.delete(`/leads/${lead.id}`, undefined, { key: 'lead', record: lead }),
    onSuccess: (_v, lead) => {
      qc.removeQueries({ queryKey: leadKeys.detail(lead.id) });
      return qc.invalidateQueries({ queryKey: leadKeys.lists() });
    },
  });
}

/**
 * Undoes a conversion: the project it made is deleted (as the conversion answered it, If-Match) and
 * the lead comes back from the archive.
 */
export function useUndoConvert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ lead, project }: { lead: Lead; project: ProjectResponse }) => {
      await api.delete(`/projects/${project.id}`, undefined, { key: 'project', record: project });
      const archived = await api.get<Lead>(`/leads/${lead.id}`, 'lead');
      return api.patch<Lead>(`/leads/${lead.id}`, 'lead', { lead: { archived_at: lead.archived_at } }, undefined, archived);
    },
    onSuccess: (lead) => {
      qc.setQueryData(leadKeys.detail(lead.id), lead);
      return Promise.all([qc.invalidateQueries({ queryKey: leadKeys.lists() }), qc.invalidateQueries({ queryKey: projectKeys.all })]);
    },
  });
}
