import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { PipelineReportResponse } from '@/lib/shared/validation/reports';

export type PipelineReport = PipelineReportResponse;

export const reportKeys = {
  all: ['reports'] as const,
  pipeline: (days: number) => [...reportKeys.all, 'pipeline', days] as const,
};

export const pipelineReportQuery = (days = 90) =>
  queryOptions({
    queryKey: reportKeys.pipeline(days),
    queryFn: () => api.get<PipelineReport>('/reports/pipeline', 'pipeline', { days }),
    // It sums every project: rather than have each project mutation know about it, every visit of
    // Home brings it afresh from the server's prefetch of the page (app/(dashboard)/page.tsx), which
    // replaces an older copy in the cache; fresh for the default 30 s, so hydration does not refetch it.
  });

export const usePipelineReport = (days = 90, enabled = true) => useQuery({ ...pipelineReportQuery(days), enabled });
