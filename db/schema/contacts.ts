import { index, jsonb, pgTable, text, type PgColumn, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountId, users } from './accounts';
import { columnIndexes, id, ref, timestamps } from './columns';
import { companies } from './companies';
import { imports } from './lookups';

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    accountId: accountId(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    jobTitle: text('job_title'),
    mobilePhone: text('mobile_phone'),
    officePhone: text('office_phone'),
    linkedInProfileUrl: text('linked_in_profile_url'),
    companyId: ref('company_id', () => companies.id),
    assignedToId: ref('assigned_to_id', () => users.id),
    createdById: ref('created_by_id', () => users.id),
    importId: ref('import_id', () => imports.id),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    // Filters on custom fields (`custom_fields[<key>]=<value>`) are containment tests this index serves.
    index('contacts_custom_fields_idx').using('gin', t.customFields.op('jsonb_path_ops')),
    index('contacts_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('contacts_account_updated_idx').on(t.accountId, t.updatedAt),
    ...columnIndexes('contacts', t.companyId, t.assignedToId, t.createdById, t.importId),
    uniqueIndex('contacts_account_email_key').on(t.accountId, sql`lower(${t.email})`),
    index('contacts_search_trgm_idx').using('gin', sql`(${contactSearchText(t)}) gin_trgm_ops`),
  ],
);

/** The text `q` searches: name and email. The index above is built on this same expression. */
export function contactSearchText(t: { firstName: PgColumn; lastName: PgColumn; email: PgColumn }) {
  return sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || coalesce(${t.email}, ''))`;
}
