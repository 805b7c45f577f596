import type { ReactNode } from 'react';

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
