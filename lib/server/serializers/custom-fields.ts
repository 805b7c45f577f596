import type { CustomFieldRow } from '@/db/queries/custom-fields';
import type { CustomFieldResponse } from '@/lib/shared/validation/custom-fields';
import { base } from './common';

/** The one CustomField shape (`CustomField` in the OpenAPI document). */
export function serializeCustomField(row: CustomFieldRow): CustomFieldResponse {
  return {
    ...base(row),
    resource: row.resource,
    key: row.key,
    label: row.label,
    field_type: row.fieldType,
    options: row.options,
    required: row.required,
    position: row.position,
    archived: row.archived,
  };
}
