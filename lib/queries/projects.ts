import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/api-client';
import type { ProjectResponse } from '@/lib/validation/projects';

export type Project = ProjectResponse;

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (params: QueryParams) => [...projectKeys.lists(), params] as const,
  details: () => [...projectKeys.all, 'detail'] as const,
  detail: (id: string) => [...projectKeys.details(), id] as const,
};

export const projectsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: projectKeys.list(params),
    queryFn: () => api.list<Project>('/projects', 'projects', params),
    placeholderData: keepPreviousData,
  });

export const useProjects = (params: QueryParams) => useQuery(projectsQuery(params));
