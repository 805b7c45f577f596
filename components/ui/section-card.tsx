import Link from 'next/link';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, TableSkeleton } from './states';

/**
 * A titled card of related records (a company's contacts, a contact's calls) with its own loading,
 * empty and error states, and a link to the full, filtered list.
 */
export function SectionCard({
  title,
  total,
  allHref,
  actions,
  query,
  empty,
  children,
}: {
  title: string;
  total?: number;
  allHref?: string;
  actions?: ReactNode;
  query: { isPending: boolean; error: Error | null; refetch: () => unknown; isEmpty: boolean };
  empty: { title: string; hint?: string };
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="flex min-h-13 flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        <h2 id={id} className="text-base font-semibold">
          {title}
          {total !== undefined ? <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">{total}</span> : null}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {allHref && total ? (
            <Link href={allHref} className="text-sm font-medium text-blue-800 hover:underline dark:text-blue-300">
              View all<span className="sr-only"> {title.toLowerCase()}</span>
            </Link>
          ) : null}
        </div>
      </div>
      {query.error ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <TableSkeleton rows={3} />
      ) : query.isEmpty ? (
        <EmptyState title={empty.title}>{empty.hint}</EmptyState>
      ) : (
        children
      )}
    </section>
  );
}
