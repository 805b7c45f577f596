import type { QueryParams } from '@/lib/client/api-client';
import type { UrlState } from '@/lib/shared/url-state';
import { FORECAST_FILTERS } from '@/lib/shared/validation/forecast';

// The Forecast page's URL and the forecast it asks for: one function for the page's server prefetch
// and the page's query, so both compute the same query key. Blank months leave the range to the API
// (this month and the 17 after it).

export const FORECAST_URL_KEYS = [
  'from',
  'to',
  ...FORECAST_FILTERS,
  /** The snapshot to compare with. */
  'snapshot',
  /** `unweighted`: the pipeline bars show the pipeline's whole revenue. */
  'pipeline',
  /** `suggested`: the pipeline is weighted by each project's learned probability (docs/insights.md). */
  'probability',
] as const;
export type ForecastUrlState = UrlState<(typeof FORECAST_URL_KEYS)[number]>;

export { FORECAST_FILTERS };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function forecastParams(state: ForecastUrlState): QueryParams {
  return {
    from: MONTH.test(state.from) ? state.from : undefined,
    to: MONTH.test(state.to) ? state.to : undefined,
    ...Object.fromEntries(FORECAST_FILTERS.map((f) => [f, state[f] || undefined])),
    probability_source: state.probability === 'suggested' ? 'suggested' : undefined,
  };
}
