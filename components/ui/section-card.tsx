import Link from 'next/link';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, TableSkeleton } from './states';

/** The surface of every card of a page: its rounded border and background, light and dark. */
export const CARD = 'rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

/** A plain card of a page (a settings panel, a form): the section card's frame with room inside, no heading bar. */
export const PANEL = `${CARD} p-4`;

/** A list query as a card's `query`: its loading and error states, and whether it holds no records. */
export const listState = (q: { isPending: boolean; error: Error | null; refetch: () => unknown; data?: { items: readonly unknown[] } }) => ({
  isPending: q.isPending,
  error: q.error,
  refetch: q.refetch,
  isEmpty: (q.data?.items.length ?? 0) === 0,
});

/**
 * A titled card of a page: its heading (with a line under it, a count, actions and a link to the
 * full, filtered list where there are some) over its content. A card of related records (a
 * company's contacts, a project's team) passes `query` and `empty`: it shows its own loading, error
 * and empty states in place of the records.
 */
export function SectionCard({
  title,
  id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`,
  description,
  total,
  allHref,
  actions,
  query,
  empty,
  rows = 3,
  className = '',
  children,
}: {
  title: string;
  /** The heading's id (the section is labelled by it); by default one made from the title. */
  id?: string;
  description?: ReactNode;
  total?: number;
  allHref?: string;
  actions?: ReactNode;
  query?: { isPending: boolean; error: Error | null; refetch: () => unknown; isEmpty: boolean };
  empty?: { title: string; hint?: ReactNode };
  /** The loading skeleton's rows. */
  rows?: number;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-base font-semibold">
      {title}
      {total !== undefined ? <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">{total}</span> : null}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={`min-w-0 ${CARD} ${query ? 'overflow-hidden' : ''} ${className}`}>
      <div className="flex min-h-13 flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
        {description ? (
          <div>
            {heading}
            <p className="text-xs text-slate-600 dark:text-slate-400">{description}</p>
          </div>
        ) : (
          heading
        )}
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {allHref && total ? (
            <Link href={allHref} className="text-sm font-medium text-blue-800 hover:underline dark:text-blue-300">
              View all<span className="sr-only"> {title.toLowerCase()}</span>
            </Link>
          ) : null}
        </div>
      </div>
      {query?.error ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : query?.isPending ? (
        <TableSkeleton rows={rows} />
      ) : query?.isEmpty && empty ? (
        <EmptyState title={empty.title}>{empty.hint}</EmptyState>
      ) : (
        children
      )}
    </section>
  );
}
