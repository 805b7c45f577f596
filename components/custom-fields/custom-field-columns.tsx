import type { Column } from '@/components/ui/data-table';
import { formatCustomValue } from '@/lib/client/custom-field-values';
import type { CustomField } from '@/lib/client/hooks/use-custom-fields';
import type { Option } from '@/lib/client/hooks/use-lookups';

/**
 * A table column per live custom field, its values formatted by type (users by name when the user
 * list holds them). Hidden below the wide layout, so phones do not scroll sideways.
 */
export function customFieldColumns<T extends { id: string; custom_fields: Record<string, unknown> }>(
  fields: readonly CustomField[] | undefined,
  users: readonly Option[] = [],
): Column<T>[] {
  const names = new Map(users.map((u) => [u.id, u.name]));
  return (fields ?? []).map((field) => ({
    key: `custom_fields.${field.key}`,
    header: field.label,
    className: 'hidden lg:table-cell',
    cellClassName: field.field_type === 'long_text' || field.field_type === 'text' ? 'max-w-56 truncate' : 'whitespace-nowrap',
    cell: (row: T) => formatCustomValue(field, row.custom_fields[field.key], (id) => names.get(id)),
  }));
}
