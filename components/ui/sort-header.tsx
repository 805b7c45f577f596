/** A column header that sorts by `field`: first click descending, then ascending (`-field` / `field`). */
export function SortHeader({ label, field, sort, onSort }: { label: string; field: string; sort: string; onSort: (s: string) => void }) {
  const active = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={active} className="px-3 py-2 text-left font-medium">
      <button type="button" className="inline-flex items-center gap-1 hover:underline" onClick={() => onSort(active === 'descending' ? field : `-${field}`)}>
        {label}
        <span aria-hidden>{active === 'ascending' ? '▲' : active === 'descending' ? '▼' : '↕'}</span>
      </button>
    </th>
  );
}
