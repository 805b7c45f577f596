'use client';

import { inputClass } from '@/components/ui/field';
import { HeaderRow } from '@/components/ui/header-row';
import { fieldLabel } from '@/lib/client/import-templates';
import { IMPORT_FIELDS, type ImportableResource } from '@/lib/shared/import-fields';

/**
 * The file's columns and the field each fills, as the API detected them or the person chose: a
 * select per column, "Don't import" to leave it out. A field goes to one column: choosing it for a
 * column takes it from another.
 */
export function MappingTable({
  resource,
  columns,
  mapping,
  onChange,
  disabled,
}: {
  resource: ImportableResource;
  columns: string[];
  mapping: Record<string, string>;
  /** The whole mapping, every column named ("" for one left out). */
  onChange: (mapping: Record<string, string>) => void;
  disabled?: boolean;
}) {
  const fields = IMPORT_FIELDS[resource];
  const choose = (column: string, field: string) => {
    const next = Object.fromEntries(columns.map((c) => [c, c === column ? field : mapping[c] === field && field !== '' ? '' : (mapping[c] ?? '')]));
    onChange(next);
  };
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-sm">
        <caption className="sr-only">Columns of the file and the fields they fill</caption>
        <thead className="bg-slate-50 text-left text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          <HeaderRow
            columns={[
              ['Column in the file', 'px-3 py-2'],
              ['Imports as', 'px-3 py-2'],
            ]}
          />
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {columns.map((column) => (
            <tr key={column}>
              <th scope="row" className="px-3 py-2 text-left font-medium break-all">
                {column || <span className="text-slate-500 italic">(no name)</span>}
              </th>
              <td className="px-3 py-1.5">
                <select
                  aria-label={`Field for the column “${column}”`}
                  className={`${inputClass} min-w-40 py-1.5 ${mapping[column] ? '' : 'text-slate-500 dark:text-slate-400'}`}
                  value={mapping[column] ?? ''}
                  disabled={disabled}
                  onChange={(e) => choose(column, e.target.value)}
                >
                  <option value="">Don’t import</option>
                  {fields.map((f) => (
                    <option key={f.field} value={f.field}>
                      {fieldLabel(f.field)}
                      {f.hint ? ` (${f.hint})` : ''}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
