'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAccess } from '@/components/shell/access-context';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { toastWithUndo } from '@/components/ui/undo-toast';
import { formatDate } from '@/lib/client/format';
import { useDuplicates, useUndoMerge, type Duplicate, type DuplicateRecord, type Merge } from '@/lib/client/hooks/use-merges';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { MERGE_RESOURCES, type MergeResource } from '@/lib/shared/validation/enums';
import { DUPLICATES_PER_PAGE, DUPLICATES_URL_KEYS, duplicatesParams, resourceOf } from './duplicates-params';
import { MergeHistory } from './merge-history';
import { likelihood, listWords, reasonWords, recordName, RESOURCE_WORDS, VERY_LIKELY } from './merge-words';
import { CARD, PANEL } from '@/components/ui/section-card';

// Loads when a group is reviewed, out of the page's first-load JavaScript.
const MergeReview = dynamic(() => import('./merge-review').then((m) => m.MergeReview));

const linkClass = 'font-medium text-blue-800 hover:underline dark:text-blue-300';

/** Who may merge: an admin of the account, or of the directory (the API answers others 403). */
function useMayMerge() {
  const { role, access } = useAccess();
  return role === 'admin' || access.permissions.directory === 'admin';
}

/** What tells a record apart besides its name: a company's website, a contact's email. */
function detailOf(record: DuplicateRecord): string | null {
  if ('website' in record) return record.website;
  return record.name && record.email ? record.email : null;
}

function Group({ resource, group, onReview }: { resource: MergeResource; group: Duplicate; onReview?: () => void }) {
  const names = group.records.map(recordName);
  const sure = group.score >= VERY_LIKELY;
  return (
    <li>
      <article aria-label={listWords(names)} className={PANEL}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span
            className={`rounded px-1.5 py-0.5 text-xs font-semibold ${sure ? 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100' : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'}`}
          >
            {likelihood(group.score)}
          </span>
          <span className="text-sm text-slate-600 dark:text-slate-400">{group.reasons.map(reasonWords).join(' · ')}</span>
        </div>
        <ul className="mt-3 space-y-1.5">
          {group.records.map((r) => {
            const detail = detailOf(r);
            return (
              <li key={r.id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <Link href={`/${resource}/${r.id}`} className={`${linkClass} break-words`}>
                  {recordName(r)}
                </Link>
                {detail ? <span className="break-all text-slate-600 dark:text-slate-400">{detail}</span> : null}
                <span className="text-xs text-slate-600 dark:text-slate-400">added {formatDate(r.created_at)}</span>
              </li>
            );
          })}
        </ul>
        {onReview ? (
          <div className="mt-3">
            <Button variant="secondary" size="sm" onClick={onReview} aria-label={`Review and merge ${listWords(names)}`}>
              Review and merge
            </Button>
          </div>
        ) : null}
      </article>
    </li>
  );
}

export function DuplicatesPage() {
  const [state, setState] = useUrlState(DUPLICATES_URL_KEYS);
  const resource = resourceOf(state);
  const params = duplicatesParams(state);
  const query = useDuplicates(params);
  const mayMerge = useMayMerge();
  const undo = useUndoMerge();
  const [reviewing, setReviewing] = useState<Duplicate | null>(null);
  const words = RESOURCE_WORDS[resource];

  const merged = (merge: Merge) => {
    setReviewing(null);
    const sources = merge.sources.map(recordName);
    toastWithUndo(`Merged into ${recordName(merge.target)}.`, () => {
      if (merge.id)
        undo.mutate(merge.id, { onSuccess: () => toast.success(`Merge undone: ${listWords(sources)} ${sources.length === 1 ? 'is' : 'are'} back.`) });
    });
  };

  let groups;
  if (query.error) groups = <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  else if (!query.data) groups = <TableSkeleton rows={4} />;
  else if (query.data.items.length === 0)
    groups = (
      <EmptyState title={`No likely duplicate ${words.many}.`}>
        {resource === 'companies'
          ? 'Companies with alike names, the same website or the same phone number show here.'
          : 'Contacts with the same email, the same mobile phone or the same name at one company show here.'}
      </EmptyState>
    );
  else
    groups = (
      <>
        <ul aria-busy={query.isFetching} className="space-y-3">
          {query.data.items.map((g) => (
            <Group key={g.records.map((r) => r.id).join('-')} resource={resource} group={g} onReview={mayMerge ? () => setReviewing(g) : undefined} />
          ))}
        </ul>
        {query.data.total > DUPLICATES_PER_PAGE ? (
          <Pagination page={Number(params.page)} perPage={DUPLICATES_PER_PAGE} total={query.data.total} onPage={(p) => setState({ page: String(p) })} />
        ) : null}
      </>
    );

  return (
    <>
      <PageHeader
        title="Duplicates"
        description="Companies and contacts that look like they were entered twice. Merge each set into one record that keeps everything linked to them."
      />
      <div role="group" aria-label="Show duplicates of" className="mb-4 inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-600">
        {MERGE_RESOURCES.map((r, i) => (
          <button
            key={r}
            type="button"
            aria-pressed={resource === r}
            onClick={() => setState({ resource: r === 'companies' ? null : r })}
            className={`px-3 py-1.5 text-sm font-medium ${i > 0 ? 'border-l border-slate-300 dark:border-slate-600' : ''} ${resource === r ? 'bg-blue-700 text-white dark:bg-blue-600' : 'bg-white text-slate-700 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'}`}
          >
            {RESOURCE_WORDS[r].title}
          </button>
        ))}
      </div>
      {mayMerge ? null : (
        <p className="mb-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          Only an admin can merge records. You can look through the likely duplicates here and ask an admin of your account to merge them.
        </p>
      )}
      <section aria-label={`Likely duplicate ${words.many}`} className={query.data?.items.length ? '' : CARD}>
        {groups}
      </section>
      {mayMerge ? <MergeHistory key={resource} resource={resource} /> : null}
      <Dialog open={reviewing !== null} onClose={() => setReviewing(null)} title={`Merge ${words.many}`} wide>
        {reviewing ? <MergeReview resource={resource} group={reviewing} onMerged={merged} onCancel={() => setReviewing(null)} /> : null}
      </Dialog>
    </>
  );
}
