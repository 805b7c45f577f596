import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A small table's row of column headers: a label and its cell's classes each (padding, alignment),
 * every one a `scope="col"` header of medium weight.
 */
export function HeaderRow({ columns, className }: { columns: readonly (readonly [label: ReactNode, className: string])[]; className?: string }) {
  return (
    <tr className={className}>
      {columns.map(([label, cell], i) => (
        <th key={i} scope="col" className={`${cell} font-medium`}>
          {label}
        </th>
      ))}
    </tr>
  );
}

/** The classes of a numbers table's column header and cell: right-aligned, on one line, figures of one width. */
export const numberHeader = 'whitespace-nowrap px-3 py-2 text-right';
export const numberCell = 'whitespace-nowrap px-3 py-1.5 text-right tabular-nums';

/**
 * A numbers table's totals at its foot: set off by a rule, in bold, `label` a row header and the
 * cells after it; other props (`data-month="total"`) go on the row.
 */
export function TotalsFoot({ label, children, ...row }: { label: string; children: ReactNode } & HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tfoot className="border-t-2 border-slate-300 font-semibold dark:border-slate-700">
      <tr {...row}>
        <th scope="row" className="px-3 py-2 text-left">
          {label}
        </th>
        {children}
      </tr>
    </tfoot>
  );
}
