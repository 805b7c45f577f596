'use client';

import type { ReactNode } from 'react';
import { SearchInput } from './search-input';

/** The grids of a list's filters, by how many columns the widest screens give them; the search box takes two. */
const LAYOUTS = {
  3: ['sm:grid-cols-3', 'sm:col-span-2'],
  4: ['sm:grid-cols-2 lg:grid-cols-4', 'lg:col-span-2'],
  6: ['sm:grid-cols-2 lg:grid-cols-6', 'lg:col-span-2'],
} as const;

/** A list's filters above its table: the search box (the URL's `q`) first, then the page's own filters. */
export function FilterBar({
  search,
  placeholder,
  q,
  setState,
  columns,
  children,
}: {
  /** The search box's accessible name ("Search companies"). */
  search: string;
  placeholder: string;
  q: string;
  setState: (change: { q: string }) => void;
  columns: keyof typeof LAYOUTS;
  children: ReactNode;
}) {
  const [grid, span] = LAYOUTS[columns];
  return (
    <div className={`mb-4 grid gap-2 ${grid}`}>
      <SearchInput aria-label={search} placeholder={placeholder} value={q} onSearch={(text) => setState({ q: text })} className={span} />
      {children}
    </div>
  );
}
