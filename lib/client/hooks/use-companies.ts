import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, retryUnlessClientError, type QueryParams } from '@/lib/client/api-client';
import type { CompanyResponse } from '@/lib/shared/validation/companies';
import { lookupKeys } from './use-lookups';

export type Company = CompanyResponse;

export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...companyKeys.lists(), params] as const,
  details: () => [...companyKeys.all, 'detail'] as const,
  detail: (id: string) => [...companyKeys.details(), id] as const,
};

export const companiesQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: companyKeys.list(params),
    queryFn: () => api.list<Company>('/companies', 'companies', params),
    placeholderData: keepPreviousData,
  });

export const companyQuery = (id: string) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: () => api.get<Company>(`/companies/${id}`, 'company'),
    retry: retryUnlessClientError,
  });

export const useCompanies = (params: QueryParams) => useQuery(companiesQuery(params));
export const useCompany = (id: string) => useQuery({ ...companyQuery(id), enabled: id !== '' });

/** A saved company changes the lists, its detail and every company select (names, search results). */
function useSaved() {
  const qc = useQueryClient();
  return (company: Company) => {
    qc.setQueryData(companyKeys.detail(company.id), company);
    return Promise.all([
      qc.invalidateQueries({ queryKey: companyKeys.lists() }),
      qc.invalidateQueries({ queryKey: lookupKeys.list('/companies') }),
      qc.invalidateQueries({ queryKey: ['search', '/companies'] }),
    ]);
  };
}

export function useCreateCompany() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (company: Record<string, unknown>) => api.post<Company>('/companies', 'company', { company }),
    meta: { silent: true },
    onSuccess: saved,
  });
}

export function useUpdateCompany() {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, changes, base }: { id: string; changes: Record<string, unknown>; base?: unknown }) =>
      api.patch<Company>(`/companies/${id}`, 'company', { company: changes }, undefined, base),
    meta: { silent: true },
    onSuccess: saved,
  });
}
