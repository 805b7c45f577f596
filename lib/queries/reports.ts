import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PipelineReportResponse } from '@/lib/validation/reports';

export type PipelineReport = PipelineReportResponse;

export const reportKeys = {
  all: ['reports'] as const,
  pipeline: (days: number) => [...reportKeys.all, 'pipeline', days] as const,
};

export const pipelineReportQuery = (days = 90) =>
  queryOptions({
    queryKey: reportKeys.pipeline(days),
    queryFn: () => api.get<PipelineReport>('/reports/pipeline', 'pipeline', { days }),
    // It sums every project: rather than have each project mutation know about it, it is fetched
    // afresh whenever the home page mounts (two statements).
    staleTime: 0,
  });

export const usePipelineReport = (days = 90) => useQuery(pipelineReportQuery(days));
