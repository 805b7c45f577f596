import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { TaskListResponse } from '@/lib/shared/validation/task-lists';

export type TaskList = TaskListResponse;

export const taskListKeys = {
  all: ['task_lists'] as const,
  lists: () => [...taskListKeys.all, 'list'] as const,
  ofProject: (projectId: string) => [...taskListKeys.lists(), { project_id: projectId }] as const,
};

/** The task lists of one project (a project has a handful; the first 100 are all of them). */
export const projectTaskListsQuery = (projectId: string) =>
  queryOptions({
    queryKey: taskListKeys.ofProject(projectId),
    queryFn: async () => (await api.list<TaskList>('/task_lists', 'task_lists', { project_id: projectId, per_page: 100 })).items,
    staleTime: 60_000,
  });

export const useProjectTaskLists = (projectId: string) => useQuery({ ...projectTaskListsQuery(projectId), enabled: projectId !== '' });
