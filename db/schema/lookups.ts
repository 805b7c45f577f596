import { check, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountId } from './accounts';
import { id, oneOf, timestamps, ts } from './columns';
import { STAGE_CATEGORIES, type StageCategory } from './enums';

// The named-reference lookups (`NamedReference` in the OpenAPI document): per-account lists a user picks from.
// Each is its own table so a foreign key can only point at the right kind of lookup. An archived
// value stays on the records that hold it and is offered for no new one (docs/settings.md).

const archivedAt = () => ts('archived_at');

function lookupTable(name: string) {
  return pgTable(name, { id: id(), accountId: accountId(), name: text('name').notNull(), archivedAt: archivedAt(), ...timestamps }, (t) => [
    uniqueIndex(`${name}_account_name_key`).on(t.accountId, sql`lower(${t.name})`),
  ]);
}

export const contractTypes = lookupTable('contract_types');
export const deliveryMethods = lookupTable('delivery_methods');
export const divisions = lookupTable('divisions');
export const leadSources = lookupTable('lead_sources');
export const marketSectors = lookupTable('market_sectors');
export const tenderTypes = lookupTable('tender_types');
export const lossReasons = lookupTable('loss_reasons');
export const callOutcomes = lookupTable('call_outcomes');
export const industries = lookupTable('industries');
/** Batches of records imported from spreadsheets (db/schema/imports.ts), named references of the records they made. */
export { imports } from './imports';

export const projectStages = pgTable(
  'project_stages',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    category: text('category').$type<StageCategory>().notNull(),
    /** Order of the stage on the pipeline board. */
    position: integer('position').notNull().default(0),
    /** The chance of winning a project in this stage when the project has no probability of its own (0 to 1). */
    defaultProbability: doublePrecision('default_probability'),
    /** The board's and the charts' colour for the stage (`#rrggbb`); null: the category's. */
    color: text('color'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('project_stages_account_name_key').on(t.accountId, sql`lower(${t.name})`),
    index('project_stages_account_position_idx').on(t.accountId, t.position),
    check('project_stages_category_check', oneOf(t.category, STAGE_CATEGORIES)),
    check('project_stages_default_probability_check', sql`${t.defaultProbability} between 0 and 1`),
    check('project_stages_color_check', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const workforceRoles = pgTable(
  'workforce_roles',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    abbreviation: text('abbreviation'),
    archivedAt: archivedAt(),
    ...timestamps,
  },
  (t) => [uniqueIndex('workforce_roles_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);
