import type { Db } from '@/db';
import { clearFieldValues, findCustomField, listCustomFields as queryCustomFields, nextPosition, type CustomFieldRow } from '@/db/queries/custom-fields';
import { customFields } from '@/db/schema';
import type { CustomFieldResource } from '@/db/schema/enums';
import { serializeCustomField } from '@/lib/server/serializers/custom-fields';
import type { CustomFieldCreate, CustomFieldResponse, CustomFieldUpdate } from '@/lib/shared/validation/custom-fields';
import { resourcePath, toColumns, type EventRecord, type PathResource } from './common';
import type { CallerContext } from './context';
import { invalidField } from './errors';
import { createRecord, deleteRecord, recordReads, updateRecord, type RecordKind } from './records';

// Custom field definitions (docs/custom-fields.md): read by everyone (forms and tables need them),
// written by admins (the routes' access). Events like every record's.

export const customFieldKind: RecordKind<CustomFieldRow, CustomFieldResponse> = {
  resource: 'custom_field',
  table: customFields,
  read: findCustomField,
  columns: (row) => row,
  serialize: serializeCustomField,
};

export const { list: listCustomFields, get: getCustomField } = recordReads(customFieldKind, queryCustomFields);

/** A key already taken for the resource is a 409 (the unique index's, mapped like every conflict). */
export function createCustomField(db: Db, ctx: CallerContext, input: CustomFieldCreate): Promise<CustomFieldResponse> {
  return createRecord(db, ctx, customFieldKind, input, async (tx) => ({
    resource: input.resource,
    key: input.key,
    label: input.label,
    fieldType: input.field_type,
    options: input.options ?? [],
    required: input.required,
    archived: input.archived,
    position: input.position ?? (await nextPosition(tx, ctx.accountId, input.resource)),
  }));
}

const SELECTS = new Set(['select', 'multi_select']);

export function updateCustomField(db: Db, ctx: CallerContext, id: number, input: CustomFieldUpdate): Promise<CustomFieldResponse> {
  return updateRecord(db, ctx, customFieldKind, id, input, {
    columns: (current) => {
      if (input.options !== undefined && !SELECTS.has(current.fieldType) && input.options.length > 0)
        throw invalidField('options', 'only select and multi_select fields have options');
      if (input.options !== undefined && SELECTS.has(current.fieldType) && input.options.length === 0)
        throw invalidField('options', `is required for a ${current.fieldType} field (at least one)`);
      return toColumns(input);
    },
  });
}

const RECORD_OF: Record<CustomFieldResource, PathResource> = { projects: 'project', leads: 'lead', companies: 'company', contacts: 'contact' };

/**
 * Deleting a field deletes its values: every record holding one loses it (updated_at bumped, an
 * update event each, in the delete's transaction). Archive it instead to keep them.
 */
export function deleteCustomField(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, customFieldKind, id, {
    dependents: async (tx): Promise<EventRecord[]> => {
      const field = await findCustomField(tx, ctx.accountId, id);
      if (!field) return [];
      const resource = RECORD_OF[field.resource];
      return (await clearFieldValues(tx, ctx.accountId, field.resource, field.key)).map((recordId) => ({
        resource,
        action: 'update' as const,
        id: recordId,
        path: resourcePath(resource, recordId),
        changed: { customFields: null },
      }));
    },
  });
}
