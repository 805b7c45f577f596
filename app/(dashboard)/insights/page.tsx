import type { Metadata } from 'next';
import { Suspense } from 'react';
import { InsightsPage } from '@/components/insights/insights-page';
import { INSIGHTS_URL_KEYS, trendParams, winRatesParams } from '@/components/insights/insights-params';
import { TableSkeleton } from '@/components/ui/states';
import { winRatesQuery } from '@/lib/client/hooks/use-insights';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch } from '../prefetch';

export const metadata: Metadata = { title: 'Insights' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch
        load={async (client) => {
          const state = readUrlState(await searchParams, INSIGHTS_URL_KEYS);
          await Promise.all([client.prefetchQuery(winRatesQuery(winRatesParams(state))), client.prefetchQuery(winRatesQuery(trendParams(state)))]);
        }}
      >
        <InsightsPage />
      </Prefetch>
    </Suspense>
  );
}
