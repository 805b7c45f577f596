import type { Metadata } from 'next';
import { InsightsPage } from '@/components/insights/insights-page';
import { competitorsParams, INSIGHTS_URL_KEYS, insightsView, trendParams, winRatesParams } from '@/components/insights/insights-params';
import { competitorsQuery, winRatesQuery } from '@/lib/client/hooks/use-insights';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage } from '../prefetch';

export const metadata: Metadata = { title: 'Insights' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={async (client, search) => {
        const state = readUrlState(search, INSIGHTS_URL_KEYS);
        if (insightsView(state) === 'competitors') {
          await client.prefetchQuery(competitorsQuery(competitorsParams(state)));
          return;
        }
        await Promise.all([client.prefetchQuery(winRatesQuery(winRatesParams(state))), client.prefetchQuery(winRatesQuery(trendParams(state)))]);
      }}
    >
      <InsightsPage />
    </PrefetchedPage>
  );
}
