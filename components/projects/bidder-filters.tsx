'use client';

import { useOptionById } from '@/lib/client/hooks/use-search';
import { BIDDER_FILTERS, type ProjectsUrlState } from './projects-params';

type Key = (typeof BIDDER_FILTERS)[number][0];

/** One filter by a company's bids, named in words ("Projects bid on by Keystone Builders") with its ✕. */
function BidderChip({ id, words, onClear }: { id: string; words: string; onClear: () => void }) {
  const company = useOptionById('/companies', 'company', id);
  const name = company.data?.name ?? (company.error ? 'a company no longer in Groundwork' : '…');
  const label = `Projects ${words} ${name}`;
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-0.5 pl-3 pr-1 text-sm text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100">
      <span>
        Projects {words} <strong className="font-semibold">{name}</strong>
      </span>
      <button
        type="button"
        aria-label={`Clear the filter: ${label}`}
        onClick={onClear}
        className="h-6 w-6 rounded-full text-blue-800 hover:bg-blue-100 dark:text-blue-200 dark:hover:bg-blue-900"
      >
        ✕
      </button>
    </span>
  );
}

/** The projects page's filters by a company's bids (from Insights → Competitors), each clearable. */
export function BidderFilters({ state, setState }: { state: ProjectsUrlState; setState: (changes: Partial<Record<Key, null>>) => void }) {
  const set = BIDDER_FILTERS.filter(([key]) => state[key]);
  if (set.length === 0) return null;
  return (
    <div role="group" aria-label="Filtered by bids" className="mb-4 flex flex-wrap items-center gap-2">
      {set.map(([key, words]) => (
        <BidderChip key={key} id={state[key]} words={words} onClear={() => setState({ [key]: null })} />
      ))}
    </div>
  );
}
