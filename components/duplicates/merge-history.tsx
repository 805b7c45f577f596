'use client';

import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { listState, SectionCard } from '@/components/ui/section-card';
import { formatDateTime } from '@/lib/client/format';
import { useMerges, useUndoMerge, type DoneMerge } from '@/lib/client/hooks/use-merges';
import type { MergeResource } from '@/lib/shared/validation/enums';
import { listWords, mayUndo, mergeTitle, recordName, RESOURCE_WORDS } from './merge-words';

// The merges of companies or contacts, newest first: who merged what into what and when, and Undo
// for 24 hours (admins' only: the API answers others 403).

const PER_PAGE = 10;

function Item({ merge, resource, onUndo, undoing }: { merge: DoneMerge; resource: MergeResource; onUndo: () => void; undoing: boolean }) {
  const by = merge.merged_by?.name ?? merge.merged_by?.email;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="break-words">
          {listWords(merge.sources.map(recordName))} merged into{' '}
          <Link href={`/${resource}/${merge.target.id}`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
            {recordName(merge.target)}
          </Link>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={merge.created_at}>{formatDateTime(merge.created_at)}</time>
          {by ? ` by ${by}` : ''}
          {merge.undone_at ? (
            <>
              {' · '}undone <time dateTime={merge.undone_at}>{formatDateTime(merge.undone_at)}</time>
            </>
          ) : null}
        </p>
      </div>
      {mayUndo(merge) ? (
        <Button variant="secondary" size="sm" disabled={undoing} onClick={onUndo} aria-label={`Undo: ${mergeTitle(merge)}`}>
          Undo
        </Button>
      ) : merge.undone_at ? (
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">Undone</span>
      ) : (
        <span className="text-xs text-slate-600 dark:text-slate-400">Past the 24 hours to undo</span>
      )}
    </li>
  );
}

export function MergeHistory({ resource }: { resource: MergeResource }) {
  const [page, setPage] = useState(1);
  const query = useMerges({ resource, page, per_page: PER_PAGE });
  const undo = useUndoMerge();
  const words = RESOURCE_WORDS[resource];

  const onUndo = (merge: DoneMerge) =>
    undo.mutate(merge.id, {
      onSuccess: () => {
        const back = merge.sources.map(recordName);
        toast.success(`Merge undone: ${listWords(back)} ${back.length === 1 ? 'is' : 'are'} back.`);
      },
    });

  return (
    <SectionCard
      title="Merge history"
      className="mt-8"
      description={`Merges of ${words.many}, newest first. Each can be undone for 24 hours.`}
      query={listState(query)}
      empty={{ title: `No ${words.many} merged yet.`, hint: 'When you merge duplicates, they show here with an Undo.' }}
    >
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {query.data?.items.map((m) => (
          <Item key={m.id} merge={m} resource={resource} onUndo={() => onUndo(m)} undoing={undo.isPending && undo.variables === m.id} />
        ))}
      </ul>
      {query.data && query.data.total > PER_PAGE ? <Pagination page={page} perPage={PER_PAGE} total={query.data.total} onPage={setPage} /> : null}
    </SectionCard>
  );
}
