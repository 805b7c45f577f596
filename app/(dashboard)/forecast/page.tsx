import type { Metadata } from 'next';
import { ForecastPage } from '@/components/forecast/forecast-page';
import { FORECAST_URL_KEYS, forecastParams } from '@/components/forecast/forecast-params';
import { forecastQuery } from '@/lib/client/hooks/use-forecast';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage } from '../prefetch';

export const metadata: Metadata = { title: 'Forecast' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={(client, search) => client.prefetchQuery(forecastQuery(forecastParams(readUrlState(search, FORECAST_URL_KEYS))))}
    >
      <ForecastPage />
    </PrefetchedPage>
  );
}
