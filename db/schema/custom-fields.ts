import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts';
import { id, oneOf, timestamps } from './columns';
import { CUSTOM_FIELD_RESOURCES, CUSTOM_FIELD_TYPES, type CustomFieldResource, type CustomFieldType } from './enums';

/**
 * An account's own field on projects, leads, companies or contacts (docs/custom-fields.md): its
 * values live in the record's `custom_fields` JSONB column under `key`.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: id(),
    accountId: accountId(),
    resource: text('resource').$type<CustomFieldResource>().notNull(),
    /** snake_case, unique per resource, never changed (values are stored under it). */
    key: text('key').notNull(),
    label: text('label').notNull(),
    fieldType: text('field_type').$type<CustomFieldType>().notNull(),
    /** For `select` and `multi_select`: the choices, in order. */
    options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Hidden from forms and tables; its values are kept. */
    archived: boolean('archived').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('custom_fields_account_resource_key').on(t.accountId, t.resource, t.key),
    index('custom_fields_account_updated_idx').on(t.accountId, t.updatedAt),
    check('custom_fields_resource_check', oneOf(t.resource, CUSTOM_FIELD_RESOURCES)),
    check('custom_fields_type_check', oneOf(t.fieldType, CUSTOM_FIELD_TYPES)),
  ],
);
