'use client';

import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { useCustomFields, type CustomField, type CustomFieldResource } from '@/lib/client/hooks/use-custom-fields';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { customFieldColumns } from './custom-field-columns';
import { customFieldFilters, customFieldParam } from './custom-field-params';

/** The fields a list filters by with a select of their options. */
export const selectFields = (fields: readonly CustomField[] | undefined) =>
  (fields ?? []).filter((f) => f.field_type === 'select' || f.field_type === 'multi_select');

/**
 * A list's filters on the account's select fields: a select per field, its choice as
 * `custom_fields[<key>]=<value>` in the URL. Filters with no select here (a range, an archived field,
 * from a link or a saved view) are listed after them, and clearable.
 */
export function CustomFieldFilters({
  resource,
  filters,
  onChange,
}: {
  resource: CustomFieldResource;
  /** The URL's custom field filters (customFieldFilters). */
  filters: Record<string, string>;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const fields = useCustomFields(resource);
  const selects = selectFields(fields.data);
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
        <p className="col-span-full flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          Also filtered by {others.map(([name, value]) => `${name} = ${value}`).join(', ')}.
          <Button variant="secondary" size="sm" onClick={() => onChange(Object.fromEntries(others.map(([name]) => [name, null])))}>
            Clear
          </Button>
        </p>
      ) : null}
    </>
  );
}

/**
 * A list page's custom fields (companies, contacts): a table column per live field, and the URL's
 * custom field filters with the URL keys a saved view keeps of them (the select fields', and any
 * the URL holds). The users are fetched only for a field that names one.
 */
export function useCustomFieldTable<T extends { id: string; custom_fields: Record<string, unknown> }>(resource: CustomFieldResource) {
  const fields = useCustomFields(resource).data;
  const users = useQuery({ ...optionsQuery('/users', 'users'), enabled: Boolean(fields?.some((f) => f.field_type === 'user')) }).data;
  const filters = customFieldFilters(useSearchParams());
  const filterKeys = [...new Set([...selectFields(fields).map((f) => customFieldParam(f.key)), ...Object.keys(filters)])];
  return { columns: customFieldColumns<T>(fields, users), filters, filterKeys };
}
