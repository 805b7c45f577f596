import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, retryUnlessClientError, type QueryParams } from '@/lib/client/api-client';
import type { ContactResponse } from '@/lib/shared/validation/contacts';
import { lookupKeys } from './use-lookups';

export type Contact = ContactResponse;

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...contactKeys.lists(), params] as const,
  details: () => [...contactKeys.all, 'detail'] as const,
  detail: (id: string) => [...contactKeys.details(), id] as const,
};

export const contactsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: contactKeys.list(params),
    queryFn: () => api.list<Contact>('/contacts', 'contacts', params),
    placeholderData: keepPreviousData,
  });

export const contactQuery = (id: string) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: () => api.get<Contact>(`/contacts/${id}`, 'contact'),
    retry: retryUnlessClientError,
  });

export const useContacts = (params: QueryParams, enabled = true) => useQuery({ ...contactsQuery(params), enabled });
export const useContact = (id: string) => useQuery({ ...contactQuery(id), enabled: id !== '' });

function useSaved() {
  const qc = useQueryClient();
  return (contact: Contact) => {
    qc.setQueryData(contactKeys.detail(contact.id), contact);
    return Promise.all([
      qc.invalidateQueries({ queryKey: contactKeys.lists() }),
      qc.invalidateQueries({ queryKey: lookupKeys.list('/contacts') }),
      qc.invalidateQueries({ queryKey: ['search', '/contacts'] }),
    ]);
  };
}

export function useCreateContact() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (contact: Record<string, unknown>) => api.post<Contact>('/contacts', 'contact', { contact }),
    meta: { silent: true },
    onSuccess: saved,
  });
}

export function useUpdateContact() {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, changes, base }: { id: string; changes: Record<string, unknown>; base?: unknown }) =>
      api.patch<Contact>(`/contacts/${id}`, 'contact', { contact: changes }, undefined, base),
    meta: { silent: true },
    onSuccess: saved,
  });
}
