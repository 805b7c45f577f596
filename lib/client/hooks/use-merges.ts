import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiClientError, type QueryParams } from '@/lib/client/api-client';
import type { MergeResource } from '@/lib/shared/validation/enums';
import type { DuplicateResponse, MergeResponse } from '@/lib/shared/validation/merges';
import { resourceHooks } from './resource';

// Duplicates and merging them (docs/merge.md): the likely duplicates of the directory, a merge
// (its dry run first: what would move), the merges of the last days, and undo within 24 hours.

export type Duplicate = DuplicateResponse;
export type DuplicateRecord = Duplicate['records'][number];
export type Merge = MergeResponse;
export type MergeCounts = Merge['counts'];

/** A merge done (not a dry run): it has an id. */
export type DoneMerge = Merge & { id: string };

/** The history of merges, newest first: the merge resource's own list. */
const merges = resourceHooks<DoneMerge>('merge');

export const { keys: mergeKeys, listQuery: mergesQuery, useList: useMerges } = merges;

export const duplicateKeys = {
  all: ['duplicates'] as const,
  list: (params: QueryParams) => [...duplicateKeys.all, 'list', params] as const,
};

export const duplicatesQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: duplicateKeys.list(params),
    queryFn: () => api.list<Duplicate>('/duplicates', 'duplicates', params),
    placeholderData: keepPreviousData,
  });

export const useDuplicates = (params: QueryParams) => useQuery(duplicatesQuery(params));

/**
 * What a merge or its undo changes: the two directories, every list that names a company or a
 * contact (their leads, projects, calls, tasks, comments, documents…), the selects and searches
 * that offer them, the duplicates and the history.
 */
const CHANGED_BY_MERGE = new Set([
  'companies',
  'contacts',
  'leads',
  'projects',
  'calls',
  'tasks',
  'comments',
  'reminders',
  'documents',
  'document_folders',
  'emails',
  'bid_results',
  'insights',
  'timeline',
  'lookups',
  'search',
  ...duplicateKeys.all,
  ...mergeKeys.all,
]);

function invalidateMerged(qc: QueryClient) {
  return qc.invalidateQueries({ predicate: (q) => CHANGED_BY_MERGE.has(String(q.queryKey[0])) });
}

export interface MergeRequest {
  resource: MergeResource;
  /** The record kept. */
  targetId: string;
  /** The records merged into it. */
  sourceIds: string[];
  /** Field → the source whose value the kept record takes (the others keep its own). */
  fields: Record<string, string>;
  /** Only say what would move; nothing is written. */
  dryRun: boolean;
}

/** A merge, or its dry run (`dryRun`: what would move, counted per kind). Errors are the caller's to show. */
export function useMergeRecords() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ resource, targetId, sourceIds, fields, dryRun }: MergeRequest) =>
      api.post<Merge>(`/${resource}/${targetId}/merge`, 'merge', { source_ids: sourceIds, dry_run: dryRun, fields }),
    meta: { silent: true },
    onSuccess: (merge) => (merge.dry_run ? undefined : invalidateMerged(qc)),
  });
}

/** Undo a merge (within 24 hours): the merged records come back as they were, with what they held. */
export function useUndoMerge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Merge>(`/merges/${id}/undo`, 'merge'),
    onSuccess: () => invalidateMerged(qc),
  });
}

/** A merged record's 404 names the record it went into: that record's id, or null for any other error. */
export function mergedIntoId(error: unknown): string | null {
  if (!(error instanceof ApiClientError) || error.code !== 'merged') return null;
  const into: unknown = (error.details as Record<string, unknown>).merged_into_id;
  return typeof into === 'string' || typeof into === 'number' ? String(into) : null;
}
