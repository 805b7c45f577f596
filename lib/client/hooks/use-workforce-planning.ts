import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/client/api-client';
import type {
  DemandResponse,
  UtilizationResponse,
  WorkforceAssignmentResponse,
  WorkforceCertificationResponse,
  WorkforceTimeOffResponse,
} from '@/lib/shared/validation/workforce-planning';

// Workforce planning (docs/workforce-planning.md): assignments, time off and certifications, and the
// utilization and demand views computed from them. One prefix for the whole area, since a change to
// any record moves the computed views: a new assignment changes utilization and demand, time off with
// backfill creates assignments. Mutations invalidate the records' lists and the views.

export type Assignment = WorkforceAssignmentResponse;
export type TimeOff = WorkforceTimeOffResponse;
export type Certification = WorkforceCertificationResponse;
export type Utilization = UtilizationResponse;
export type Demand = DemandResponse;

export const planningKeys = {
  all: ['workforce_planning'] as const,
  assignments: () => [...planningKeys.all, 'assignments'] as const,
  assignmentList: (params: QueryParams) => [...planningKeys.assignments(), params] as const,
  timeOff: () => [...planningKeys.all, 'time_off'] as const,
  timeOffList: (params: QueryParams) => [...planningKeys.timeOff(), params] as const,
  certifications: () => [...planningKeys.all, 'certifications'] as const,
  certificationList: (params: QueryParams) => [...planningKeys.certifications(), params] as const,
  views: () => [...planningKeys.all, 'views'] as const,
  utilization: (params: QueryParams) => [...planningKeys.views(), 'utilization', params] as const,
  demand: (params: QueryParams) => [...planningKeys.views(), 'demand', params] as const,
};

/** Every record of a list, in pages of 100 (a project's staffing, a person's time off are small). */
async function everything<T>(path: string, key: string, params: QueryParams) {
  const first = await api.list<T>(path, key, { ...params, per_page: 100, page: 1 });
  const pages = Math.ceil(first.total / 100);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => api.list<T>(path, key, { ...params, per_page: 100, page: i + 2 })));
  return [first, ...rest].flatMap((p) => p.items);
}

export const assignmentsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: planningKeys.assignmentList(params),
    queryFn: () => everything<Assignment>('/workforce/assignments', 'workforce_assignments', params),
  });
export const timeOffQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: planningKeys.timeOffList(params),
    queryFn: () => everything<TimeOff>('/workforce/time_off', 'workforce_time_off', params),
  });
export const certificationsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: planningKeys.certificationList(params),
    queryFn: () => everything<Certification>('/workforce/certifications', 'workforce_certifications', params),
  });

/** A page of people × periods (GET /workforce/utilization), with how many people match in all. */
export const utilizationQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: planningKeys.utilization(params),
    queryFn: () => api.paged<Utilization>('/workforce/utilization', 'workforce_utilization', params),
    placeholderData: keepPreviousData,
  });

export const demandQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: planningKeys.demand(params),
    queryFn: () => api.get<Demand>('/workforce/demand', 'workforce_demand', params),
    placeholderData: keepPreviousData,
  });

export const useAssignments = (params: QueryParams, enabled = true) => useQuery({ ...assignmentsQuery(params), enabled });
export const useTimeOff = (params: QueryParams) => useQuery(timeOffQuery(params));
export const useCertifications = (params: QueryParams) => useQuery(certificationsQuery(params));
export const useUtilization = (params: QueryParams, enabled = true) => useQuery({ ...utilizationQuery(params), enabled });
export const useDemand = (params: QueryParams, enabled = true) => useQuery({ ...demandQuery(params), enabled });

/** A create, update or delete of one planning resource; afterwards the whole area refreshes. */
function usePlanningMutation<V, R>(mutationFn: (vars: V) => Promise<R>, silent = true) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    // Forms show the API's errors next to their fields; deletes toast through the mutation cache.
    meta: { silent },
    onSettled: () => qc.invalidateQueries({ queryKey: planningKeys.all }),
  });
}

type Body = Record<string, unknown>;
const patch =
  <T>(path: string, key: string) =>
  ({ id, changes, base }: { id: string; changes: Body; base?: T }) =>
    api.patch<T>(`${path}/${id}`, key, { [key]: changes }, undefined, base);

export const useCreateAssignment = () =>
  usePlanningMutation((a: Body) => api.post<Assignment>('/workforce/assignments', 'workforce_assignment', { workforce_assignment: a }));
export const useUpdateAssignment = () => usePlanningMutation(patch<Assignment>('/workforce/assignments', 'workforce_assignment'));
export const useDeleteAssignment = () => usePlanningMutation((id: string) => api.delete(`/workforce/assignments/${id}`), false);

export const useCreateTimeOff = () =>
  usePlanningMutation((t: Body) => api.post<TimeOff>('/workforce/time_off', 'workforce_time_off', { workforce_time_off: t }));
export const useDeleteTimeOff = () => usePlanningMutation((id: string) => api.delete(`/workforce/time_off/${id}`), false);

export const useCreateCertification = () =>
  usePlanningMutation((c: Body) => api.post<Certification>('/workforce/certifications', 'workforce_certification', { workforce_certification: c }));
export const useUpdateCertification = () => usePlanningMutation(patch<Certification>('/workforce/certifications', 'workforce_certification'));
export const useDeleteCertification = () => usePlanningMutation((id: string) => api.delete(`/workforce/certifications/${id}`), false);

/** The average utilization of a row of periods, weighted by capacity (Σ assigned ÷ Σ capacity); null with no capacity. */
export function averageUtilization(periods: readonly { capacity_days: number; assigned_days: number }[]): number | null {
  const capacity = periods.reduce((s, p) => s + p.capacity_days, 0);
  const assigned = periods.reduce((s, p) => s + p.assigned_days, 0);
  return capacity === 0 ? null : Math.round((1000 * assigned) / capacity) / 10;
}
