import { z } from 'zod';
import { CUSTOM_FIELD_RESOURCES, CUSTOM_FIELD_TYPES } from '@/db/schema/enums';
import { LIMITS, name, nonNegativeInt, paginationQuery, queryBoolean, recordResponse } from './common';

// Custom fields (docs/custom-fields.md): an account's own fields on projects, leads, companies and
// contacts. A definition says the key, label and type; a record's `custom_fields` object holds the
// values by key, validated against the definitions (lib/server/services/custom-field-values.ts).

const SELECTS = new Set(['select', 'multi_select']);

const option = z
  .object({
    value: z.string().trim().min(1, "can't be blank").max(LIMITS.shortText),
    label: name,
  })
  .meta({ id: 'CustomFieldOption' });

const options = z
  .array(option)
  .max(200)
  .refine((list) => new Set(list.map((o) => o.value)).size === list.length, 'must not repeat a value')
  .meta({ description: 'For `select` and `multi_select`: the choices, in order; a value is what records store.' });

/** snake_case, starting with a letter: the key values are stored under. */
export const customFieldKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'must be snake_case: a lowercase letter, then lowercase letters, digits or _ (at most 63)');

/** POST body under `custom_field` (admins only). */
export const customFieldCreate = z
  .object({
    resource: z.enum(CUSTOM_FIELD_RESOURCES),
    key: customFieldKey.meta({ description: 'Unique per resource; never changes (values are stored under it).' }),
    label: name,
    field_type: z.enum(CUSTOM_FIELD_TYPES).meta({
      description:
        'text, long_text, number, currency (integer cents), date (YYYY-MM-DD), boolean, select (one option value), multi_select (option values), user (a user id), url (http or https).',
    }),
    options: options.optional(),
    required: z.boolean().default(false).meta({ description: 'A record must have a value when created (and may not clear it).' }),
    position: nonNegativeInt.optional().meta({ description: 'Order in forms and tables; defaults to after the resource’s last field.' }),
    archived: z.boolean().default(false).meta({ description: 'Hidden from forms and tables, values kept; archived fields take no new values.' }),
  })
  .superRefine((f, ctx) => {
    const hasOptions = (f.options?.length ?? 0) > 0;
    if (SELECTS.has(f.field_type) && !hasOptions)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `is required for a ${f.field_type} field (at least one)` });
    if (!SELECTS.has(f.field_type) && f.options !== undefined && hasOptions)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `only select and multi_select fields have options` });
  })
  .meta({ id: 'CustomFieldCreate' });
export type CustomFieldCreate = z.output<typeof customFieldCreate>;

/** PATCH body under `custom_field`: any subset; resource, key and type never change. */
export const customFieldUpdate = z
  .object({ label: name, options, required: z.boolean(), position: nonNegativeInt, archived: z.boolean() })
  .partial()
  .meta({ id: 'CustomFieldUpdate' });
export type CustomFieldUpdate = z.output<typeof customFieldUpdate>;

export const customFieldListQuery = paginationQuery.extend({
  resource: z.enum(CUSTOM_FIELD_RESOURCES).optional().meta({ description: 'The fields of one resource.' }),
  archived: queryBoolean.optional().meta({ description: 'true: only archived fields; false: only live ones; default: both.' }),
});

export const customFieldResponse = recordResponse('CustomField', {
  resource: z.enum(CUSTOM_FIELD_RESOURCES),
  key: z.string(),
  label: z.string(),
  field_type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  required: z.boolean(),
  position: z.number().int(),
  archived: z.boolean(),
});
export type CustomFieldResponse = z.output<typeof customFieldResponse>;

/** A list filter on a custom field: `custom_fields[<key>]=<value>` or `custom_fields[<key>][gte]=<value>`. */
export interface CustomFieldFilter {
  key: string;
  op: 'eq' | 'gte' | 'lte' | 'gt' | 'lt';
  value: string;
}

export const CUSTOM_FIELD_FILTER = /^custom_fields\[([a-z][a-z0-9_]{0,62})\](?:\[(gte|lte|gt|lt)\])?$/;

/** The custom-field filters of a list's query string (other parameters are the list's own). */
export function customFieldFilters(params: URLSearchParams): CustomFieldFilter[] {
  const out: CustomFieldFilter[] = [];
  for (const [name, value] of params) {
    const match = CUSTOM_FIELD_FILTER.exec(name);
    if (match) out.push({ key: match[1]!, op: (match[2] as CustomFieldFilter['op'] | undefined) ?? 'eq', value: value.slice(0, LIMITS.shortText) });
  }
  return out;
}
