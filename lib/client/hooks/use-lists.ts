import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, ApiClientError } from '@/lib/client/api-client';
import type { NamedLookupResponse, ProjectStageEntryResponse, WorkforceRoleEntryResponse } from '@/lib/shared/validation/lookups';

// Settings → Lists and Pipeline (docs/settings.md): the account's lists with each value's use, and
// the changes admins make to them. A change to a list refreshes every form's choices; a merge also
// every record list (their values moved).

export type ListEntry = NamedLookupResponse | WorkforceRoleEntryResponse;
export type Stage = ProjectStageEntryResponse;

/** A list of Settings → Lists: where the API keeps it, its wrapper keys, and what people call it. */
export interface EditableList {
  key: string;
  path: string;
  singular: string;
  label: string;
  /** One value, for "Add a …" and messages. */
  one: string;
  /** What its values are on (shown beside the count). */
  usedBy: string;
}

const list = (key: string, label: string, one: string, usedBy: string, path = key): EditableList => ({
  key,
  path: `/${path}`,
  singular: key === 'workforce_roles' ? 'workforce_role' : key.endsWith('ies') ? `${key.slice(0, -3)}y` : key.slice(0, -1),
  label,
  one,
  usedBy,
});

export const EDITABLE_LISTS = [
  list('loss_reasons', 'Loss reasons', 'loss reason', 'projects'),
  list('market_sectors', 'Market sectors', 'market sector', 'leads and projects'),
  list('industries', 'Industries', 'industry', 'companies'),
  list('divisions', 'Divisions', 'division', 'leads, projects and people'),
  list('lead_sources', 'Lead sources', 'lead source', 'leads and projects'),
  list('delivery_methods', 'Delivery methods', 'delivery method', 'leads and projects'),
  list('contract_types', 'Contract types', 'contract type', 'leads and projects'),
  list('tender_types', 'Tender types', 'tender type', 'leads and projects'),
  list('call_outcomes', 'Call outcomes', 'call outcome', 'calls'),
  list('workforce_roles', 'Workforce roles', 'workforce role', 'people and staffing', 'workforce/roles'),
] as const;

export const listKeys = { all: ['lists'] as const, of: (path: string) => ['lists', path] as const };

/** Every value of a list, each with its use (lists are short: up to 1,000, ten pages). */
async function everyPage<T>(path: string, key: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 10; page++) {
    const res = await api.list<T>(path, key, { per_page: 100, page });
    items.push(...res.items);
    if (items.length >= res.total || res.items.length === 0) break;
  }
  return items;
}

export const listEntriesQuery = (l: Pick<EditableList, 'path' | 'key'>) =>
  queryOptions({ queryKey: listKeys.of(l.path), queryFn: () => everyPage<ListEntry>(l.path, l.key) });
export const useListEntries = (l: EditableList) => useQuery(listEntriesQuery(l));

export const stagesSettingsQuery = () =>
  queryOptions({ queryKey: listKeys.of('/project_stages'), queryFn: () => everyPage<Stage>('/project_stages', 'project_stages') });
export const useStagesSettings = () => useQuery(stagesSettingsQuery());

/** After a change: the list itself, every form's choices, and (merges) the records that moved. */
function useRefresh() {
  const qc = useQueryClient();
  return (everything = false) =>
    everything
      ? qc.invalidateQueries()
      : Promise.all([
          qc.invalidateQueries({ queryKey: listKeys.all }),
          qc.invalidateQueries({ queryKey: ['lookups'] }),
          qc.invalidateQueries({ queryKey: ['projects'] }),
        ]);
}

interface EntryChange {
  list: Pick<EditableList, 'path' | 'singular'>;
  id: string;
  changes: Record<string, unknown>;
  base?: unknown;
}

export function useCreateEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ list, fields }: { list: Pick<EditableList, 'path' | 'singular'>; fields: Record<string, unknown> }) =>
      api.post<ListEntry>(list.path, list.singular, { [list.singular]: fields }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ list, id, changes, base }: EntryChange) =>
      api.patch<ListEntry>(`${list.path}/${id}`, list.singular, { [list.singular]: changes }, undefined, base),
    meta: { silent: true },
    onSuccess: () => refresh(),
    onError: (error) => {
      // Another admin changed it since the page loaded: show theirs, and say so in words.
      if (error instanceof ApiClientError && error.status === 412) {
        toast.error('Someone else changed this since the page loaded. It now shows their version: make your change again.');
        return refresh();
      }
      toast.error(error.message);
    },
  });
}

export function useDeleteEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ list, id }: { list: Pick<EditableList, 'path'>; id: string }) => api.delete(`${list.path}/${id}`),
    onSuccess: () => refresh(),
  });
}

export function useMergeEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ list, id, intoId }: { list: Pick<EditableList, 'path' | 'singular'>; id: string; intoId: string }) =>
      api.post<ListEntry>(`${list.path}/${id}/merge`, list.singular, { merge: { into_id: intoId } }),
    onSuccess: () => refresh(true),
  });
}

export function useOrderStages() {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: string[]) => api.put<Stage[]>('/project_stages/order', 'project_stages', { project_stage_order: { ids } }),
    onMutate: (ids) => {
      // The new order shows at once; the answer (or a refetch after an error) settles it.
      const before = qc.getQueryData<Stage[]>(listKeys.of('/project_stages'));
      if (before) qc.setQueryData(listKeys.of('/project_stages'), ids.map((id) => before.find((s) => s.id === id)!).filter(Boolean));
    },
    // The answer holds every stage as saved (a moved stage's new `updated_at`: the ETag its next edit sends).
    onSuccess: (stages) => qc.setQueryData(listKeys.of('/project_stages'), stages),
    onSettled: () => refresh(),
  });
}

export const STAGES_LIST = { path: '/project_stages', singular: 'project_stage' } as const;
