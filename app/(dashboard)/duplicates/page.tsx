import type { Metadata } from 'next';
import { DuplicatesPage } from '@/components/duplicates/duplicates-page';
import { DUPLICATES_URL_KEYS, duplicatesParams } from '@/components/duplicates/duplicates-params';
import { duplicatesQuery } from '@/lib/client/hooks/use-merges';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage } from '../prefetch';

export const metadata: Metadata = { title: 'Duplicates' };

// The groups of the URL's companies or contacts in the server's HTML; the merge history (admins'
// only) follows in the browser.
export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={(client, search) => client.prefetchQuery(duplicatesQuery(duplicatesParams(readUrlState(search, DUPLICATES_URL_KEYS))))}
    >
      <DuplicatesPage />
    </PrefetchedPage>
  );
}
