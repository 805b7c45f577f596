import Link from 'next/link';
import type { ReactNode } from 'react';
import { ApiClientError } from '@/lib/client/api-client';
import { ErrorState, Skeleton } from './states';

// Pieces of a record's page: its fields, its loading state, and its error (or absence).

/** A field of a record in a definition list; '—' when empty. */
export function DetailItem({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{empty ? '—' : children}</dd>
    </div>
  );
}

/** Back to a list, and a clear message when the record is gone. */
export function DetailError({ error, what, listHref, onRetry }: { error: Error; what: string; listHref: string; onRetry: () => void }) {
  if (error instanceof ApiClientError && error.status === 404) {
    return (
      <div role="alert" className="rounded-lg border border-slate-200 bg-white px-6 py-14 text-center dark:border-slate-800 dark:bg-slate-900">
        <p className="font-medium">This {what} does not exist, or was deleted.</p>
        <Link href={listHref} className="mt-3 inline-block text-sm font-medium text-blue-800 hover:underline dark:text-blue-300">
          Back to the list
        </Link>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <ErrorState error={error} onRetry={onRetry} />
    </div>
  );
}

export function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-4">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-40 w-full" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    </div>
  );
}
