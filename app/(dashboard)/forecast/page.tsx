import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ForecastPage } from '@/components/forecast/forecast-page';
import { FORECAST_URL_KEYS, forecastParams } from '@/components/forecast/forecast-params';
import { TableSkeleton } from '@/components/ui/states';
import { forecastQuery } from '@/lib/client/hooks/use-forecast';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch } from '../prefetch';

export const metadata: Metadata = { title: 'Forecast' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch load={async (client) => client.prefetchQuery(forecastQuery(forecastParams(readUrlState(await searchParams, FORECAST_URL_KEYS))))}>
        <ForecastPage />
      </Prefetch>
    </Suspense>
  );
}
