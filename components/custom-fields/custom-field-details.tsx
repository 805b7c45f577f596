'use client';

import { useQuery } from '@tanstack/react-query';
import { DetailItem } from '@/components/ui/detail';
import { formatCustomValue } from '@/lib/client/custom-field-values';
import { humanize } from '@/lib/client/format';
import { useCustomFields, type CustomFieldResource } from '@/lib/client/hooks/use-custom-fields';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';

/**
 * A record's custom field values on its page, a line each: "Label: value" by the account's
 * definition of the field (its label, the value as the tables show it, a user by name), or for a
 * key no live field defines, the key in words and the value as stored.
 */
export function CustomFieldLines({ resource, values }: { resource: CustomFieldResource; values: Record<string, unknown> }) {
  const fields = useCustomFields(resource).data;
  const users = useQuery({ ...optionsQuery('/users', 'users'), enabled: Boolean(fields?.some((f) => f.field_type === 'user')) }).data;
  const byKey = new Map((fields ?? []).map((f) => [f.key, f]));
  const names = new Map((users ?? []).map((u) => [u.id, u.name]));
  return (
    <>
      {Object.entries(values).map(([key, value]) => {
        const field = byKey.get(key);
        return (
          <span key={key} className="block">
            {field ? field.label : humanize(key)}:{' '}
            {field ? formatCustomValue(field, value, (id) => names.get(id)) : typeof value === 'string' ? value : JSON.stringify(value)}
          </span>
        );
      })}
    </>
  );
}

/** The "Custom fields" item of a record's details; nothing when the record has none. */
export function CustomFieldsItem({ resource, values }: { resource: CustomFieldResource; values: Record<string, unknown> }) {
  if (Object.keys(values).length === 0) return null;
  return (
    <DetailItem label="Custom fields" wide>
      <CustomFieldLines resource={resource} values={values} />
    </DetailItem>
  );
}
