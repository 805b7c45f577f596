import { boolean, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, oneOf, parentRef, timestamps } from './columns';
import { SAVED_VIEW_RESOURCES, type SavedViewResource } from './enums';

/**
 * A list's filters, columns and sort kept under a name (docs/saved-views.md): its owner's, or the
 * whole account's when shared.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    accountId: accountId(),
    /** Its owner: only they (or an admin) change it. Deleting the user deletes their views. */
    userId: parentRef('user_id', () => users.id),
    resource: text('resource').$type<SavedViewResource>().notNull(),
    name: text('name').notNull(),
    /** The list's query parameters (`{"assigned_to_id": "12", "custom_fields[tier]": "a"}`). */
    filters: jsonb('filters').$type<Record<string, string | string[]>>().notNull().default({}),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    sort: text('sort'),
    shared: boolean('shared').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('saved_views_account_user_idx').on(t.accountId, t.userId),
    index('saved_views_account_shared_idx').on(t.accountId, t.shared),
    check('saved_views_resource_check', oneOf(t.resource, SAVED_VIEW_RESOURCES)),
  ],
);
