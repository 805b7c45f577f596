import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type ListPage, type QueryParams } from '@/lib/client/api-client';
import type { TaskResponse } from '@/lib/shared/validation/tasks';

export type Task = TaskResponse;

export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...taskKeys.lists(), params] as const,
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (id: string) => [...taskKeys.details(), id] as const,
};

/** The Home page's task counts (`['count', '/tasks', params]`), stale whenever a task changes. */
const taskCountKey = ['count', '/tasks'] as const;

export const tasksQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: taskKeys.list(params),
    queryFn: () => api.list<Task>('/tasks', 'tasks', params),
    placeholderData: keepPreviousData,
  });

export const useTasks = (params: QueryParams, enabled = true) => useQuery({ ...tasksQuery(params), enabled });

function replaceInLists(qc: QueryClient, id: string, change: (task: Task) => Task) {
  for (const [key, page] of qc.getQueriesData<ListPage<Task>>({ queryKey: taskKeys.lists() })) {
    if (page) qc.setQueryData(key, { ...page, items: page.items.map((t) => (t.id === id ? change(t) : t)) });
  }
}

/** Forms pass `silent`: they show the error next to the fields instead of a toast. */
interface MutationOptions {
  silent?: boolean;
}

export function useCreateTask({ silent = false }: MutationOptions = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (task: Record<string, unknown>) => api.post<Task>('/tasks', 'task', { task }),
    meta: { silent },
    onSuccess: (task) => {
      qc.setQueryData(taskKeys.detail(task.id), task);
      return Promise.all([qc.invalidateQueries({ queryKey: taskKeys.lists() }), qc.invalidateQueries({ queryKey: taskCountKey })]);
    },
  });
}

/**
 * PATCH a task. With `optimistic`, every list shows the change at once and rolls back if the API
 * refuses it. With `inPlace` (the done checkbox), the lists keep the task where it is — struck
 * through, not gone from an "open tasks" view under the pointer — and are only marked stale, so
 * they are refetched the next time they are shown.
 */
export function useUpdateTask({ silent = false }: MutationOptions = {}) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent },
    mutationFn: ({ id, changes, base }: { id: string; changes: Record<string, unknown>; optimistic?: Partial<Task>; inPlace?: boolean; base?: unknown }) =>
      api.patch<Task>(`/tasks/${id}`, 'task', { task: changes }, undefined, base),
    onMutate: async ({ id, optimistic }) => {
      if (!optimistic) return {};
      await qc.cancelQueries({ queryKey: taskKeys.all });
      const lists = qc.getQueriesData<ListPage<Task>>({ queryKey: taskKeys.lists() });
      const detail = qc.getQueryData<Task>(taskKeys.detail(id));
      replaceInLists(qc, id, (t) => ({ ...t, ...optimistic }));
      if (detail) qc.setQueryData(taskKeys.detail(id), { ...detail, ...optimistic });
      return { lists, detail };
    },
    onError: (_err, { id }, snapshot) => {
      for (const [key, page] of snapshot?.lists ?? []) qc.setQueryData(key, page);
      if (snapshot?.detail) qc.setQueryData(taskKeys.detail(id), snapshot.detail);
    },
    onSuccess: (task, { inPlace }) => {
      qc.setQueryData(taskKeys.detail(task.id), task);
      if (inPlace) replaceInLists(qc, task.id, () => task);
    },
    onSettled: (_task, _err, { inPlace }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: taskKeys.lists(), refetchType: inPlace ? 'none' : 'active' }),
        qc.invalidateQueries({ queryKey: taskCountKey }),
      ]),
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/tasks/${id}`),
    onSuccess: (_v, id) => {
      qc.removeQueries({ queryKey: taskKeys.detail(id) });
      return Promise.all([qc.invalidateQueries({ queryKey: taskKeys.lists() }), qc.invalidateQueries({ queryKey: taskCountKey })]);
    },
  });
}
