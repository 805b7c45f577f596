import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { GoNoGoCriterionResponse, GoNoGoDetailResponse } from '@/lib/shared/validation/go-no-go';
import { projectKeys } from './use-projects';

export type GoNoGoCriterion = GoNoGoCriterionResponse;
export type GoNoGoDetail = GoNoGoDetailResponse;

// The go / no-go scorecard (docs/insights.md): the account's criteria, and a project's answers.

export const goNoGoKeys = {
  criteria: ['go_no_go_criteria'] as const,
  /** Under the project's own key: a change to the project refreshes it, and its answers refresh the project. */
  project: (id: string) => [...projectKeys.detail(id), 'go_no_go'] as const,
};

/** Every criterion, archived ones too (a scorecard has a handful). */
export const goNoGoCriteriaQuery = queryOptions({
  queryKey: goNoGoKeys.criteria,
  queryFn: async () => (await api.list<GoNoGoCriterion>('/go_no_go_criteria', 'go_no_go_criteria', { per_page: 100 })).items,
  staleTime: 5 * 60_000,
});
export const useGoNoGoCriteria = () => useQuery(goNoGoCriteriaQuery);

export const goNoGoQuery = (projectId: string) =>
  queryOptions({ queryKey: goNoGoKeys.project(projectId), queryFn: () => api.get<GoNoGoDetail>(`/projects/${projectId}/go_no_go`, 'go_no_go') });
export const useGoNoGo = (projectId: string) => useQuery(goNoGoQuery(projectId));

/** Answers, a decision, or a no-go that closes the project: the project and every list of projects refresh. */
export function useSaveGoNoGo(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { answers?: Record<string, number | null>; decision?: string; close_as_did_not_pursue?: boolean }) =>
      api.put<GoNoGoDetail>(`/projects/${projectId}/go_no_go`, 'go_no_go', { go_no_go: body }),
    onSuccess: (data) => {
      qc.setQueryData(goNoGoKeys.project(projectId), data);
      // A no-go may close the project: win rates and forecasts count it differently.
      return Promise.all(['projects', 'insights', 'forecast'].map((prefix) => qc.invalidateQueries({ queryKey: [prefix] })));
    },
  });
}

function useRefreshCriteria() {
  const qc = useQueryClient();
  // Scores follow the weights: projects refresh too.
  return () => Promise.all([qc.invalidateQueries({ queryKey: goNoGoKeys.criteria }), qc.invalidateQueries({ queryKey: projectKeys.all })]);
}

export function useCreateGoNoGoCriterion() {
  const refresh = useRefreshCriteria();
  return useMutation({
    mutationFn: (criterion: Record<string, unknown>) =>
      api.post<GoNoGoCriterion>('/go_no_go_criteria', 'go_no_go_criterion', { go_no_go_criterion: criterion }),
    onSuccess: refresh,
  });
}

export function useUpdateGoNoGoCriterion() {
  const refresh = useRefreshCriteria();
  return useMutation({
    mutationFn: ({ id, changes, base }: { id: string; changes: Record<string, unknown>; base?: unknown }) =>
      api.patch<GoNoGoCriterion>(`/go_no_go_criteria/${id}`, 'go_no_go_criterion', { go_no_go_criterion: changes }, undefined, base),
    onSuccess: refresh,
  });
}
