import type { ReactNode } from 'react';

/**
 * A card's list of a record's things, or the line that stands in its place: while the list loads,
 * when it could not load, and when it holds nothing (`empty`). `noun` names what it lists
 * ("documents": "Loading documents…", "The documents could not be loaded.").
 */
export function ListStates({
  query,
  noun,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; error: Error | null };
  noun: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">{`Loading ${noun}…`}</p>;
  if (query.error) return <p className="px-4 py-6 text-sm text-red-700 dark:text-red-400">{`The ${noun} could not be loaded.`}</p>;
  if (isEmpty) return <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">{empty}</p>;
  return children;
}
