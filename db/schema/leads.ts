import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountId, users } from './accounts';
import { addressColumns, columnIndexes, id, oneOf, ref, timestamps, ts } from './columns';
import { companies } from './companies';
import { contacts } from './contacts';
import { CONSTRUCTION_DURATION_UNITS, WORK_SCOPES, type ConstructionDurationUnit, type WorkScope } from './enums';
import { contractTypes, deliveryMethods, divisions, imports, leadSources, marketSectors, tenderTypes } from './lookups';

export const leads = pgTable(
  'leads',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    description: text('description'),
    priority: boolean('priority').notNull().default(false),
    valueInCents: bigint('value_in_cents', { mode: 'number' }),
    estimatedStartDate: date('estimated_start_date', { mode: 'string' }),
    constructionDuration: integer('construction_duration'),
    constructionDurationUnit: text('construction_duration_unit').$type<ConstructionDurationUnit>(),
    squareFeet: integer('square_feet'),
    units: integer('units'),
    archivedAt: ts('archived_at'),
    snoozeUntil: ts('snooze_until'),
    workScope: text('work_scope').$type<WorkScope>(),
    ...addressColumns(),
    assignedToId: ref('assigned_to_id', () => users.id),
    archivedById: ref('archived_by_id', () => users.id),
    createdById: ref('created_by_id', () => users.id),
    companyId: ref('company_id', () => companies.id),
    contactId: ref('contact_id', () => contacts.id),
    contractTypeId: ref('contract_type_id', () => contractTypes.id),
    deliveryMethodId: ref('delivery_method_id', () => deliveryMethods.id),
    divisionId: ref('division_id', () => divisions.id),
    leadSourceId: ref('lead_source_id', () => leadSources.id),
    marketSectorId: ref('market_sector_id', () => marketSectors.id),
    tenderTypeId: ref('tender_type_id', () => tenderTypes.id),
    /** The lead's id in the system it came from: an import updates the lead with the same one. */
    externalId: text('external_id'),
    importId: ref('import_id', () => imports.id),
    /** The account's own fields (docs/custom-fields.md), by key. */
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    // Filters on custom fields (`custom_fields[<key>]=<value>`) are containment tests this index serves.
    index('leads_custom_fields_idx').using('gin', t.customFields.op('jsonb_path_ops')),
    index('leads_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The default list shows only leads that are not archived.
    index('leads_account_active_created_idx')
      .on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} is null`),
    index('leads_account_updated_idx').on(t.accountId, t.updatedAt),
    index('leads_account_snooze_idx').on(t.accountId, t.snoozeUntil),
    index('leads_account_priority_idx').on(t.accountId, t.priority),
    index('leads_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    ...columnIndexes(
      'leads',
      t.assignedToId,
      t.archivedById,
      t.createdById,
      t.companyId,
      t.contactId,
      t.contractTypeId,
      t.deliveryMethodId,
      t.divisionId,
      t.leadSourceId,
      t.marketSectorId,
      t.tenderTypeId,
      t.importId,
    ),
    uniqueIndex('leads_account_external_id_key').on(t.accountId, sql`lower(${t.externalId})`),
    check('leads_construction_duration_unit_check', oneOf(t.constructionDurationUnit, CONSTRUCTION_DURATION_UNITS)),
    check('leads_work_scope_check', oneOf(t.workScope, WORK_SCOPES)),
    // archived_by goes with archived_at (it may be cleared alone when that user is deleted).
    check('leads_archived_by_check', sql`${t.archivedAt} is not null or ${t.archivedById} is null`),
  ],
);
