import type { ReactNode } from 'react';
import { Pagination } from './pagination';
import { EmptyState, ErrorState, TableSkeleton } from './states';
import { CARD } from './section-card';

/** One column: its header, its cell, and classes for both (breakpoint visibility, nowrap). */
export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T, index: number, rows: readonly T[]) => ReactNode;
  /** Classes on the header and every cell of the column, e.g. `hidden sm:table-cell`. */
  className?: string;
  /** Classes on the cells only, e.g. `align-top`. */
  cellClassName?: string;
  align?: 'left' | 'right';
  /** The list's sort field for this column (`value_in_cents`): its header sorts the table by it. */
  sortKey?: string;
  /**
   * On a phone the rows are cards (see `phoneCell`): `lead` cells (a checkbox, a star) sit before the
   * card's title; `hidden` ones are left out. A column hidden below `sm` by its `className` is left out too.
   */
  phone?: 'lead' | 'hidden';
}

type PhoneRole = 'lead' | 'hidden' | 'title' | 'actions' | 'fact';

/** Each column's part of a phone's card: the first shown column is its title, `actions` its last line, the rest labelled facts. */
function phoneRoles<T>(columns: readonly Column<T>[]): PhoneRole[] {
  let titled = false;
  return columns.map((c) => {
    if (c.phone === 'hidden' || /(^|\s)hidden(\s|$)/.test(c.className ?? '')) return 'hidden';
    if (c.phone === 'lead') return 'lead';
    if (c.key === 'actions') return 'actions';
    if (!titled) return ((titled = true), 'title');
    return 'fact';
  });
}

/**
 * A cell's classes below `sm`, where the table is a list of cards (one DOM for both, so the
 * accessibility tree keeps its table roles, set explicitly): facts are "Label  value" lines, the
 * header's text shown before the value.
 */
const PHONE_CELL: Record<PhoneRole, string> = {
  lead: 'inline-block align-middle px-2 py-1 sm:table-cell sm:px-3 sm:py-2',
  title: 'inline-block align-middle px-2 py-1 font-medium sm:table-cell sm:px-3 sm:py-2 sm:font-normal',
  fact: 'flex gap-3 px-3 py-0.5 text-left before:w-28 before:shrink-0 before:text-slate-500 before:content-[attr(data-label)] sm:table-cell sm:px-3 sm:py-2 sm:before:content-none dark:before:text-slate-400',
  actions: 'block px-2 pt-1 text-left sm:table-cell sm:px-3 sm:py-2',
  hidden: '',
};
const textOf = (node: ReactNode): string | undefined => (typeof node === 'string' ? node : undefined);

/** A table's last column: each row's buttons, right-aligned under a header only screen readers read. */
export function actionsColumn<T>(cell: Column<T>['cell'], more: Pick<Column<T>, 'className' | 'cellClassName'> = {}): Column<T> {
  return { key: 'actions', header: <span className="sr-only">Actions</span>, align: 'right', cellClassName: 'whitespace-nowrap', ...more, cell };
}

/** The list's sort (`field` ascending, `-field` descending) and how to change it. */
export interface TableSort {
  sort: string;
  onSort: (sort: string) => void;
}

type SortDirection = 'ascending' | 'descending' | 'none';

const directionOf = (sort: string, field: string): SortDirection => (sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none');

/** A header that sorts by its field: first click descending, then ascending (`-field` / `field`). */
function SortButton({ label, field, direction, onSort }: { label: ReactNode; field: string; direction: SortDirection; onSort: (sort: string) => void }) {
  return (
    <button type="button" className="inline-flex items-center gap-1 hover:underline" onClick={() => onSort(direction === 'descending' ? field : `-${field}`)}>
      {label}
      <span aria-hidden>{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}</span>
    </button>
  );
}

/** What a React Query list hook returns, as far as a table needs it. */
export interface ListQuery<T> {
  data: { items: T[]; total: number } | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface TablePaging {
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  /** Short lists (settings) hide the pager when everything fits on one page. */
  hideWhenSingle?: boolean;
}

const cell = 'px-3 py-2';

/**
 * Every list page's panel: an error with retry, a skeleton while loading, an empty state that says
 * what to do, or the table with its pager. Rows are keyed by their id.
 */
export function DataTable<T extends { id: string }>({
  query,
  columns,
  empty,
  paging,
  skeletonRows,
  rowClassName = () => 'hover:bg-slate-50 dark:hover:bg-slate-800/50',
  bare = false,
  caption,
  sort,
}: {
  query: ListQuery<T>;
  columns: readonly Column<T>[];
  /** The empty state: its title and what to do about it. */
  empty: { title: string; hint?: ReactNode };
  paging?: TablePaging;
  skeletonRows?: number;
  rowClassName?: (row: T, index: number, rows: readonly T[]) => string;
  /** Without the panel's border (inside a card that has its own). */
  bare?: boolean;
  /** A name for the table, read by screen readers. */
  caption?: string;
  /** Sorts by the columns that have a `sortKey`. */
  sort?: TableSort;
}) {
  const { data, error, isPending, isFetching, refetch } = query;
  let body: ReactNode;
  if (error) body = <ErrorState error={error} onRetry={() => refetch()} />;
  else if (isPending || !data) body = <TableSkeleton rows={skeletonRows} />;
  else if (data.items.length === 0) body = <EmptyState title={empty.title}>{empty.hint}</EmptyState>;
  else {
    const rows = data.items;
    const showPager = paging && (!paging.hideWhenSingle || data.total > paging.perPage);
    const roles = phoneRoles(columns);
    body = (
      <div className="overflow-x-auto" aria-busy={isFetching}>
        <table role="table" className="block min-w-full text-sm sm:table">
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead
            role="rowgroup"
            className="hidden border-b border-slate-200 bg-slate-50 text-slate-600 sm:table-header-group dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400"
          >
            <tr role="row">
              {columns.map((c) => {
                const sortable = sort && c.sortKey ? { field: c.sortKey, direction: directionOf(sort.sort, c.sortKey) } : null;
                return (
                  <th
                    key={c.key}
                    role="columnheader"
                    scope="col"
                    aria-sort={sortable?.direction}
                    className={`${cell} font-medium ${c.align === 'right' ? 'text-right' : 'text-left'} ${c.className ?? ''}`}
                  >
                    {sortable && sort ? <SortButton label={c.header} {...sortable} onSort={sort.onSort} /> : c.header}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody role="rowgroup" className="block divide-y divide-slate-100 sm:table-row-group dark:divide-slate-800">
            {rows.map((row, i) => (
              <tr key={row.id} role="row" className={`block py-2 sm:table-row sm:py-0 ${rowClassName(row, i, rows)}`}>
                {columns.map((c, j) => {
                  const role = roles[j]!;
                  const place =
                    role === 'hidden'
                      ? `${cell} ${c.phone === 'hidden' ? 'hidden sm:table-cell' : ''}`
                      : `${PHONE_CELL[role]} ${c.align === 'right' ? 'sm:text-right' : ''}`;
                  return (
                    <td
                      key={c.key}
                      role="cell"
                      data-label={role === 'fact' ? textOf(c.header) : undefined}
                      className={`${place} ${c.className ?? ''} ${c.cellClassName ?? ''}`}
                    >
                      {c.cell(row, i, rows)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {showPager ? <Pagination page={paging.page} perPage={paging.perPage} total={data.total} onPage={paging.onPage} /> : null}
      </div>
    );
  }
  if (bare) return <>{body}</>;
  return <div className={`overflow-hidden ${CARD}`}>{body}</div>;
}

/** An em dash for an empty cell. */
export const NONE = '—';
