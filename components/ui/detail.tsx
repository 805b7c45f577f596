import Link from 'next/link';
import type { ReactNode } from 'react';
import { ApiClientError } from '@/lib/client/api-client';
import { formatDate } from '@/lib/client/format';
import { ErrorState, Skeleton } from './states';
import { CARD, PANEL } from './section-card';

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

interface Address {
  street_address: string | null;
  street_address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}

/** A postal address a line each: street, second line, "City, ST 12345", country. */
export function AddressItem({ address: a }: { address: Address }) {
  const lines = [a.street_address, a.street_address2, [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '), a.country].filter(
    (l): l is string => Boolean(l),
  );
  return (
    <DetailItem label="Address" wide>
      {lines.length
        ? lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))
        : null}
    </DetailItem>
  );
}

/** The link back to the record's list, above its title. */
export function Breadcrumb({ href, label }: { href: string; label: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <Link href={href} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
        ← {label}
      </Link>
    </nav>
  );
}

/** The card of a record's fields (DetailItem each), under its title. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <section aria-label="Details" className={`mb-4 ${PANEL}`}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</dl>
    </section>
  );
}

/** When a record was added, by whom, and by which import. */
export function AddedItem({
  record,
}: {
  record: { created_at: string; created_by: { name: string | null; email: string | null } | null; import: { name: string } | null };
}) {
  const by = record.created_by?.name ?? record.created_by?.email;
  return (
    <DetailItem label="Added">
      {formatDate(record.created_at)}
      {by ? ` by ${by}` : ''}
      {record.import ? ` (import “${record.import.name}”)` : ''}
    </DetailItem>
  );
}

/** Back to a list, and a clear message when the record is gone. */
export function DetailError({ error, what, listHref, onRetry }: { error: Error; what: string; listHref: string; onRetry: () => void }) {
  if (error instanceof ApiClientError && error.status === 404) {
    return (
      <div role="alert" className={`${CARD} px-6 py-14 text-center`}>
        <p className="font-medium">This {what} does not exist, or was deleted.</p>
        <Link href={listHref} className="mt-3 inline-block text-sm font-medium text-blue-800 hover:underline dark:text-blue-300">
          Back to the list
        </Link>
      </div>
    );
  }
  return (
    <div className={CARD}>
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
