import { z } from 'zod';
import { SAVED_VIEW_RESOURCES } from '@/db/schema/enums';
import { LIMITS, name, paginationQuery, queryBoolean, recordResponse, userReference } from './common';

// Saved views (docs/saved-views.md): a list's filters, columns and sort under a name, the owner's
// or shared with the account. Filters are the list's own query parameters, checked against it.

const param = z.string().max(LIMITS.shortText);
const filters = z
  .record(
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]*(\[[a-z0-9_]+\]){0,2}$/, 'must be a query parameter of the list')
      .max(100),
    z.union([param, z.array(param).max(LIMITS.entries)]),
  )
  .refine((o) => Object.keys(o).length <= 50, 'must have at most 50 parameters')
  .meta({
    description: 'The list’s query parameters, as its URL has them (`{"assigned_to_id": "12", "custom_fields[tier]": "a"}`); checked against the list.',
  });

const columns = z
  .array(z.string().max(100))
  .max(100)
  .meta({ description: 'The columns shown, in order (field names, `custom_fields.<key>` for custom fields).' });
const sort = z.string().max(100).nullable().meta({ description: 'The list’s `sort` value, or null for its default.' });

/** POST body under `saved_view`. */
export const savedViewCreate = z
  .object({
    resource: z.enum(SAVED_VIEW_RESOURCES),
    name,
    filters: filters.default({}),
    columns: columns.default([]),
    sort: sort.default(null),
    shared: z.boolean().default(false).meta({ description: 'Visible to the whole account; only its owner or an admin changes it.' }),
  })
  .meta({ id: 'SavedViewCreate' });
export type SavedViewCreate = z.output<typeof savedViewCreate>;

/** PATCH body under `saved_view`: any subset; the resource never changes. */
export const savedViewUpdate = z.object({ name, filters, columns, sort, shared: z.boolean() }).partial().meta({ id: 'SavedViewUpdate' });
export type SavedViewUpdate = z.output<typeof savedViewUpdate>;

export const savedViewListQuery = paginationQuery.extend({
  resource: z.enum(SAVED_VIEW_RESOURCES).optional().meta({ description: 'The views of one list.' }),
  shared: queryBoolean.optional().meta({ description: 'true: shared views only; false: the caller’s private ones.' }),
});
export type SavedViewListQuery = z.output<typeof savedViewListQuery>;

export const savedViewResponse = recordResponse('SavedView', {
  resource: z.enum(SAVED_VIEW_RESOURCES),
  name: z.string(),
  filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  columns: z.array(z.string()),
  sort: z.string().nullable(),
  shared: z.boolean(),
  owner: userReference,
});
export type SavedViewResponse = z.output<typeof savedViewResponse>;
