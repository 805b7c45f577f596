import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/client/api-client';
import type { CompetitorResponse, WinRateResponse } from '@/lib/shared/validation/insights';

// Insights (docs/insights.md): win rates of the account's closed bids by a grouping or by quarter,
// and the competitors met on them. Every key sits under ['insights'].

export type WinRate = WinRateResponse;
export type Competitor = CompetitorResponse;

export const insightsKeys = {
  all: ['insights'] as const,
  winRates: (params: QueryParams) => [...insightsKeys.all, 'win_rates', params] as const,
  competitors: (params: QueryParams) => [...insightsKeys.all, 'competitors', params] as const,
};

/** GET /insights/win_rates: `group_by` and `since` (YYYY-MM-DD; blank: the API's 36 months back). */
export const winRatesQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: insightsKeys.winRates(params),
    queryFn: () => api.get<WinRate[]>('/insights/win_rates', 'win_rates', params),
    // Another window of the same grouping shows the last one's rows until it arrives; another
    // grouping does not, since its rows would be named and linked as the new grouping's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2].group_by === params.group_by ? previous : undefined),
  });

export const useWinRates = (params: QueryParams) => useQuery(winRatesQuery(params));

/** GET /insights/competitors: every company that bid against us, the most met first (`since`, sector, delivery method, paged). */
export const competitorsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: insightsKeys.competitors(params),
    queryFn: () => api.list<Competitor>('/insights/competitors', 'competitors', params),
    placeholderData: keepPreviousData,
  });

export const useCompetitors = (params: QueryParams) => useQuery(competitorsQuery(params));
