import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { addressColumns, id, oneOf, parentRef, ref, timestamps } from './columns';
import { COMPANY_CATEGORIES, type CompanyCategory } from './enums';
import { imports, industries } from './lookups';

/**
 * A company's name as duplicates compare it (db/queries/duplicates.ts): lower case, legal and
 * trade suffixes dropped (Inc, LLC, Ltd, Co, Corp, Company, Corporation, Incorporated, Limited,
 * Construction, Constr., The), anything but letters, digits and spaces dropped, spaces collapsed.
 * "Harbor Point Constr." and "harbor point construction llc" are both "harbor point". Stored as
 * the generated column `name_key` (immutable functions only), with a trigram index: the
 * duplicates' self-join compares stored keys instead of running the expression per candidate.
 */
export const normalisedCompanyName = (name: unknown) =>
  sql`btrim(regexp_replace(regexp_replace(regexp_replace(lower(${name}), '[^a-z0-9 ]+', ' ', 'g'), '\\m(inc|llc|ltd|co|corp|company|corporation|incorporated|limited|construction|constr|the)\\M', ' ', 'g'), '\\s+', ' ', 'g'))`;

export const companies = pgTable(
  'companies',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    description: text('description'),
    phone: text('phone'),
    website: text('website'),
    category: text('category').$type<CompanyCategory>(),
    ...addressColumns(),
    importId: ref('import_id', () => imports.id),
    createdById: ref('created_by_id', () => users.id),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** The name as duplicates compare it (`normalisedCompanyName`), kept by PostgreSQL with the name. */
    nameKey: text('name_key').generatedAlwaysAs(normalisedCompanyName(sql`"name"`)),
    ...timestamps,
  },
  (t) => [
    // Filters on custom fields (`custom_fields[<key>]=<value>`) are containment tests this index serves.
    index('companies_custom_fields_idx').using('gin', t.customFields.op('jsonb_path_ops')),
    index('companies_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('companies_account_updated_idx').on(t.accountId, t.updatedAt),
    index('companies_account_category_idx').on(t.accountId, t.category),
    index('companies_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('companies_name_key_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops')),
    index('companies_import_id_idx').on(t.importId),
    index('companies_account_name_lower_idx').on(t.accountId, sql`lower(${t.name})`),
    index('companies_created_by_id_idx').on(t.createdById),
    check('companies_category_check', oneOf(t.category, COMPANY_CATEGORIES)),
  ],
);

export const companyIndustries = pgTable(
  'company_industries',
  {
    companyId: parentRef('company_id', () => companies.id),
    industryId: parentRef('industry_id', () => industries.id),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.industryId] }), index('company_industries_industry_id_idx').on(t.industryId)],
);
