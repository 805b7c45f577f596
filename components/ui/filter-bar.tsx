'use client';

import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';
import { SearchInput } from './search-input';

/** The grids of a list's filters, by how many columns the widest screens give them; the search box takes two. */
const LAYOUTS = {
  3: ['sm:grid-cols-3', 'sm:col-span-2'],
  4: ['sm:grid-cols-2 lg:grid-cols-4', 'lg:col-span-2'],
  6: ['sm:grid-cols-2 lg:grid-cols-6', 'lg:col-span-2'],
} as const;

/**
 * A list's filters above its table: the search box (the URL's `q`) first, then the page's own
 * filters. On a phone the filters fold behind a "Filters (n)" button beside the search box, so the
 * first records show without scrolling.
 */
export function FilterBar({
  search,
  placeholder,
  q,
  setState,
  columns,
  active,
  children,
}: {
  /** The search box's accessible name ("Search companies"). */
  search: string;
  placeholder: string;
  q: string;
  setState: (change: { q: string }) => void;
  columns: keyof typeof LAYOUTS;
  /** The page's filters' values (besides the search), one per filter: the phone's button says how many are set. */
  active: readonly unknown[];
  children: ReactNode;
}) {
  const [grid, span] = LAYOUTS[columns];
  const set = active.filter(Boolean).length;
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={`mb-4 grid gap-2 ${grid}`}>
      <div className={`flex gap-2 ${span}`}>
        <SearchInput aria-label={search} placeholder={placeholder} value={q} onSearch={(text) => setState({ q: text })} className="min-w-0 flex-1" />
        <Button variant="secondary" className="shrink-0 sm:hidden" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {set ? `Filters (${set})` : 'Filters'}
        </Button>
      </div>
      {/* On wider screens the wrapper steps aside (`contents`): the filters are cells of the grid. */}
      <div id={id} className={`${open ? 'grid' : 'hidden'} gap-2 sm:contents`}>
        {children}
      </div>
    </div>
  );
}
