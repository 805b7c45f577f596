import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, type ListPage, type QueryParams } from '@/lib/client/api-client';
import { projectStatus } from '@/lib/shared/domain/projects';
import type { CallResponse } from '@/lib/shared/validation/calls';
import type { ProjectStageResponse } from '@/lib/shared/validation/lookups';
import type { ProjectResponse } from '@/lib/shared/validation/projects';
import type { TaskResponse } from '@/lib/shared/validation/tasks';

export type Project = ProjectResponse;
export type ProjectStage = ProjectStageResponse;

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

export const projectQuery = (id: string) => queryOptions({ queryKey: projectKeys.detail(id), queryFn: () => api.get<Project>(`/projects/${id}`, 'project') });

/** The account's stages in board order (the API lists them by position). */
export const projectStagesQuery = queryOptions({
  queryKey: ['lookups', '/project_stages', 'stages'],
  queryFn: async () => (await api.list<ProjectStage>('/project_stages', 'project_stages', { per_page: 100 })).items,
  staleTime: 5 * 60_000,
});

// A project's tasks and calls, under the tasks' and calls' own key prefixes (`['tasks', 'list', …]`),
// so whatever changes tasks or calls elsewhere also refreshes them here.
export const projectTasksQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['tasks', 'list', { project_id: projectId, per_page: 100 }],
    queryFn: () => api.list<TaskResponse>('/tasks', 'tasks', { project_id: projectId, per_page: 100 }),
  });
export const projectCallsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['calls', 'list', { project_id: projectId, per_page: 100 }],
    queryFn: () => api.list<CallResponse>('/calls', 'calls', { project_id: projectId, per_page: 100 }),
  });

export const useProjects = (params: QueryParams) => useQuery(projectsQuery(params));
export const useProject = (id: string) => useQuery(projectQuery(id));
export const useProjectStages = () => useQuery(projectStagesQuery);

/**
 * A project's new state in a cached list page: a list of one stage (the board's columns) gains or
 * loses the project when it changes stage; any other list shows the new values in place.
 */
function placeInPage(page: ListPage<Project>, params: QueryParams | undefined, project: Project): ListPage<Project> {
  const has = page.items.some((p) => p.id === project.id);
  const stageId = params?.project_stage_id;
  const belongs = stageId === undefined || stageId === null || stageId === '' || String(stageId) === project.project_stage?.id;
  if (has && !belongs) return { ...page, items: page.items.filter((p) => p.id !== project.id), total: page.total - 1 };
  if (!has && belongs && stageId) return { ...page, items: [project, ...page.items], total: page.total + 1 };
  return has ? { ...page, items: page.items.map((p) => (p.id === project.id ? project : p)) } : page;
}

/** The optimistic project after a change of stage: status, close type (unless the change names one) and stage age follow the stage. */
export function movedProject(project: Project, stage: ProjectStage, changes: Partial<Project> = {}): Project {
  const closeType = stage.category === 'open' ? null : (changes.close_type ?? stage.category);
  const next = { ...project, ...changes, project_stage: stage, close_type: closeType, stage_age: 0 };
  return {
    ...next,
    project_status: projectStatus({ closeType, startDate: next.start_date, endDate: next.end_date }, new Date().toISOString().slice(0, 10)),
  };
}

interface UpdateVars {
  id: string;
  changes: Record<string, unknown>;
  /** The record the edit started from: its ETag is sent as If-Match. */
  base?: unknown;
  /** The project as it should look at once; without it the screen waits for the API's answer. */
  optimistic?: Project;
}

/**
 * PATCH a project. With `optimistic`, the board, the tables and the detail show it at once (a card
 * changes column) and roll back if the API refuses (cancel → snapshot → set → rollback → invalidate).
 */
export function useUpdateProject({ silent = false }: { silent?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent },
    mutationFn: ({ id, changes, base }: UpdateVars) => api.patch<Project>(`/projects/${id}`, 'project', { project: changes }, undefined, base),
    onMutate: async ({ id, optimistic }) => {
      if (!optimistic) return {};
      // Only what has data: cancelling a first load would leave its column loading until the
      // mutation settles; a list still loading is refetched when it does anyway.
      await qc.cancelQueries({ queryKey: projectKeys.all, predicate: (q) => q.state.data !== undefined });
      const lists = qc.getQueriesData<ListPage<Project>>({ queryKey: projectKeys.lists() });
      const detail = qc.getQueryData<Project>(projectKeys.detail(id));
      for (const [key, page] of lists) {
        if (page) qc.setQueryData(key, placeInPage(page, paramsOf(key), optimistic));
      }
      if (detail) qc.setQueryData(projectKeys.detail(id), optimistic);
      return { lists, detail };
    },
    onError: (_err, { id }, snapshot) => {
      for (const [key, page] of snapshot?.lists ?? []) qc.setQueryData(key, page);
      if (snapshot?.detail) qc.setQueryData(projectKeys.detail(id), snapshot.detail);
    },
    // The API's project at once in place of the optimistic one (whose version the API never had),
    // so an edit started before the lists refetch sends the If-Match of the version there is.
    onSuccess: (project) => {
      qc.setQueryData(projectKeys.detail(project.id), project);
      for (const [key, page] of qc.getQueriesData<ListPage<Project>>({ queryKey: projectKeys.lists() })) {
        if (page) qc.setQueryData(key, placeInPage(page, paramsOf(key), project));
      }
    },
    onSettled: (_project, _err, { changes }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: projectKeys.lists() }),
        // The forecasts (lib/client/hooks/use-forecast.ts) sum projects; win rates count closed ones.
        qc.invalidateQueries({ queryKey: ['forecast'] }),
        ...(changes.project_stage_id !== undefined || changes.close_type !== undefined ? [qc.invalidateQueries({ queryKey: ['insights'] })] : []),
        // Teams, tasks and calls embed the project's name.
        ...(changes.name !== undefined ? EMBEDDING.map((prefix) => qc.invalidateQueries({ queryKey: [prefix] })) : []),
      ]),
  });
}

const EMBEDDING = ['team_memberships', 'tasks', 'calls'];

export function useCreateProject() {
  const qc = useQueryClient();
  return useMutation({
    // The form shows the API's refusal next to its fields.
    meta: { silent: true },
    mutationFn: (project: Record<string, unknown>) => api.post<Project>('/projects', 'project', { project }),
    onSuccess: (project) => {
      qc.setQueryData(projectKeys.detail(project.id), project);
      return qc.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}

function paramsOf(key: QueryKey): QueryParams | undefined {
  const params = key[2];
  return params && typeof params === 'object' ? (params as QueryParams) : undefined;
}
