import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/client/api-client';
import type { ForecastResponse, ProjectForecastResponse, RevenueTargetResponse, SlipResponse, SnapshotResponse } from '@/lib/shared/validation/forecast';

// The forecast (docs/forecast.md): the company's months, a project's months, the revenue targets,
// snapshots and what slipped since one. Every key sits under ['forecast'], so a change to projects
// or targets refreshes all of it with one prefix.

export type Forecast = ForecastResponse;
export type ProjectForecast = ProjectForecastResponse;
export type RevenueTarget = RevenueTargetResponse;
export type ForecastSnapshot = SnapshotResponse;
export type ForecastSlip = SlipResponse;

export const forecastKeys = {
  all: ['forecast'] as const,
  companies: () => [...forecastKeys.all, 'company'] as const,
  company: (params: QueryParams) => [...forecastKeys.companies(), params] as const,
  project: (id: string) => [...forecastKeys.all, 'project', id] as const,
  targets: (params: QueryParams) => [...forecastKeys.all, 'targets', params] as const,
  snapshots: () => [...forecastKeys.all, 'snapshots'] as const,
  slips: (snapshotId: string) => [...forecastKeys.all, 'slips', snapshotId] as const,
};

/** GET /forecast: `from`, `to` (YYYY-MM) and the filters; blank ones are left out. */
export const forecastQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: forecastKeys.company(params),
    queryFn: () => api.get<Forecast>('/forecast', 'forecast', params),
    placeholderData: keepPreviousData,
  });

export const projectForecastQuery = (id: string) =>
  queryOptions({
    queryKey: forecastKeys.project(id),
    queryFn: () => api.get<ProjectForecast>(`/projects/${id}/forecast`, 'project_forecast'),
  });

export const revenueTargetsQuery = (params: { from?: string; to?: string } = {}) =>
  queryOptions({
    queryKey: forecastKeys.targets(params),
    queryFn: () => api.get<RevenueTarget[]>('/revenue_targets', 'revenue_targets', params),
  });

/** The newest 100 snapshots (weekly ones and those taken on demand). */
export const snapshotsQuery = queryOptions({
  queryKey: forecastKeys.snapshots(),
  queryFn: async () => (await api.list<ForecastSnapshot>('/forecast/snapshots', 'forecast_snapshots', { per_page: 100 })).items,
});

export const slipsQuery = (snapshotId: string) =>
  queryOptions({
    queryKey: forecastKeys.slips(snapshotId),
    queryFn: () => api.get<ForecastSlip[]>('/forecast/slips', 'forecast_slips', { since_snapshot_id: snapshotId }),
  });

export const useForecast = (params: QueryParams) => useQuery(forecastQuery(params));
export const useProjectForecast = (id: string) => useQuery(projectForecastQuery(id));
export const useRevenueTargets = (params: { from?: string; to?: string } = {}) => useQuery(revenueTargetsQuery(params));
export const useSnapshots = () => useQuery(snapshotsQuery);
export const useSlips = (snapshotId: string | null) => useQuery({ ...slipsQuery(snapshotId ?? ''), enabled: Boolean(snapshotId) });

/** PUT /revenue_targets: the months given (null clears one); every forecast and target list refreshes. */
export function useSaveRevenueTargets() {
  const qc = useQueryClient();
  return useMutation({
    // The dialog shows the API's refusal itself.
    meta: { silent: true },
    mutationFn: (targets: { month: string; amount_in_cents: number | null }[]) =>
      api.put<RevenueTarget[]>('/revenue_targets', 'revenue_targets', { revenue_targets: targets }),
    onSuccess: () => qc.invalidateQueries({ queryKey: forecastKeys.all }),
  });
}

/** POST /forecast/snapshots: a snapshot now. */
export function useTakeSnapshot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ForecastSnapshot>('/forecast/snapshots', 'forecast_snapshot'),
    onSuccess: () => qc.invalidateQueries({ queryKey: forecastKeys.snapshots() }),
  });
}
