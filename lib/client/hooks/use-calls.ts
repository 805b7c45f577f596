import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/client/api-client';
import type { CallResponse } from '@/lib/shared/validation/calls';

export type Call = CallResponse;

export const callKeys = {
  all: ['calls'] as const,
  lists: () => [...callKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...callKeys.lists(), params] as const,
  details: () => [...callKeys.all, 'detail'] as const,
  detail: (id: string) => [...callKeys.details(), id] as const,
};

/** Calls, latest first by when they took place. */
export const callsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: callKeys.list({ sort: '-recorded_at', ...params }),
    queryFn: () => api.list<Call>('/calls', 'calls', { sort: '-recorded_at', ...params }),
    placeholderData: keepPreviousData,
  });

export const useCalls = (params: QueryParams) => useQuery(callsQuery(params));

export function useCreateCall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (call: Record<string, unknown>) => api.post<Call>('/calls', 'call', { call }),
    meta: { silent: true },
    onSuccess: (call) => {
      qc.setQueryData(callKeys.detail(call.id), call);
      return qc.invalidateQueries({ queryKey: callKeys.lists() });
    },
  });
}

export function useUpdateCall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes, base }: { id: string; changes: Record<string, unknown>; base?: unknown }) =>
      api.patch<Call>(`/calls/${id}`, 'call', { call: changes }, undefined, base),
    meta: { silent: true },
    onSuccess: (call) => {
      qc.setQueryData(callKeys.detail(call.id), call);
      return qc.invalidateQueries({ queryKey: callKeys.lists() });
    },
  });
}
