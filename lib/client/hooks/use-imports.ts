import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, API_BASE, type QueryParams } from '@/lib/client/api-client';
import type { ImportPreviewResponse, ImportResponse } from '@/lib/shared/validation/imports';
import { companyKeys } from './use-companies';
import { contactKeys } from './use-contacts';

// Spreadsheet imports (docs/imports.md): a dry run that says what a file would do, the import
// itself (queued, followed until it ends), the account's past imports, and undo.

export type Import = ImportResponse;
export type ImportPreview = ImportPreviewResponse;

export const importKeys = {
  all: ['imports'] as const,
  lists: () => [...importKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...importKeys.lists(), params] as const,
  detail: (id: string) => [...importKeys.all, 'detail', id] as const,
};

/** Still to run or running: the import changes under us. */
export const inProgress = (i: Pick<Import, 'status'>) => i.status === 'queued' || i.status === 'running';

export const importsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: importKeys.list(params),
    queryFn: () => api.list<Import>('/imports', 'imports', params),
    placeholderData: keepPreviousData,
    // A list with an import under way refreshes until it ends.
    refetchInterval: (q) => (q.state.data?.items.some(inProgress) ? 2000 : false),
  });

export const useImports = (params: QueryParams) => useQuery(importsQuery(params));

/** One import, polled every second while it is queued or running. */
export const useImport = (id: string | null) =>
  useQuery({
    queryKey: importKeys.detail(id ?? ''),
    queryFn: () => api.get<Import>(`/imports/${id}`, 'import'),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && !inProgress(q.state.data) ? false : 1000),
  });

export interface ImportOptions {
  file: File;
  resource: string;
  name?: string;
  /** Column → field ("" leaves a column out); detected by the API when absent. */
  mapping?: Record<string, string>;
  createMissing?: boolean;
  /** Projects: what the rows are (pursuits, wip, historical_won, historical_closed). */
  kind?: string;
}

function formOf(o: ImportOptions, dryRun: boolean): FormData {
  const form = new FormData();
  form.set('file', o.file);
  form.set('resource', o.resource);
  if (o.name) form.set('name', o.name);
  if (o.mapping) form.set('mapping', JSON.stringify(o.mapping));
  form.set('create_missing', String(Boolean(o.createMissing)));
  if (o.kind) form.set('kind', o.kind);
  form.set('dry_run', String(dryRun));
  return form;
}

/**
 * What the file would do with these options, writing nothing (a dry run); asked again when an
 * option changes. The file is part of the key by its identity (`fileKey`, which the page bumps per
 * chosen file), not its bytes.
 */
export const useImportPreview = (options: ImportOptions | null, fileKey: number) =>
  useQuery({
    queryKey: [
      ...importKeys.all,
      'preview',
      fileKey,
      options?.resource,
      options?.mapping ?? null,
      Boolean(options?.createMissing),
      options?.kind ?? null,
    ] as const,
    queryFn: () => api.upload<ImportPreview>('/imports', 'import_preview', formOf(options!, true)),
    enabled: options !== null,
    // The last answer stays while a changed mapping is checked, not for another file or resource.
    placeholderData: (previous, query) => (query?.queryKey[2] === fileKey && query.queryKey[3] === options?.resource ? previous : undefined),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** Queue the import (202); its progress is `useImport(id)`. */
export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (o: ImportOptions) => api.upload<Import>('/imports', 'import', formOf(o, false)),
    onSuccess: (created) => {
      qc.setQueryData(importKeys.detail(created.id), created);
      return qc.invalidateQueries({ queryKey: importKeys.lists() });
    },
  });
}

/** The lists an import writes to, stale once it ends or is undone. */
export function invalidateImported(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([qc.invalidateQueries({ queryKey: companyKeys.all }), qc.invalidateQueries({ queryKey: contactKeys.all })]);
}

/** Undo: the records the import created are deleted (409 while it runs). */
export function useUndoImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteReturning<Import>(`/imports/${id}`, 'import'),
    onSuccess: (undone) => {
      qc.setQueryData(importKeys.detail(undone.id), undone);
      return Promise.all([qc.invalidateQueries({ queryKey: importKeys.lists() }), invalidateImported(qc)]);
    },
  });
}

/** Every failed row of an import, as it was in the file, with `row` and `error` first. */
export const errorsCsvUrl = (id: string) => `${API_BASE}/imports/${id}/errors.csv`;
