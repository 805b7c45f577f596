'use client';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { useCustomFields } from '@/lib/client/hooks/use-custom-fields';
import { customFieldParam } from './projects-params';

/**
 * The table view's filters on the account's select fields: a select per field, its choice as
 * `custom_fields[<key>]=<value>` in the URL. Filters with no select here (a range, an archived field,
 * from a link) are listed under the others, and clearable.
 */
export function CustomFieldFilters({ filters, onChange }: { filters: Record<string, string>; onChange: (changes: Record<string, string | null>) => void }) {
  const fields = useCustomFields('projects');
  const selects = (fields.data ?? []).filter((f) => f.field_type === 'select' || f.field_type === 'multi_select');
  const others = fields.data ? Object.entries(filters).filter(([name]) => !selects.some((f) => customFieldParam(f.key) === name)) : [];
  return (
    <>
      {selects.map((f) => (
        <Select
          key={f.id}
          aria-label={f.label}
          placeholder={`Any ${f.label.toLowerCase()}`}
          // The field's name stays in sight once an option is chosen.
          options={f.options.map((o) => ({ id: o.value, name: `${f.label}: ${o.label}` }))}
          value={filters[customFieldParam(f.key)] ?? ''}
          onChange={(e) => onChange({ [customFieldParam(f.key)]: e.target.value })}
        />
      ))}
      {others.length > 0 ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 sm:col-span-2 lg:col-span-6 dark:text-slate-300">
          Also filtered by {others.map(([name, value]) => `${name} = ${value}`).join(', ')}.
          <Button variant="secondary" size="sm" onClick={() => onChange(Object.fromEntries(others.map(([name]) => [name, null])))}>
            Clear
          </Button>
        </p>
      ) : null}
    </>
  );
}
