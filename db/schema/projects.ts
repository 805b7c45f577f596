import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountId, users } from './accounts';
import { addressColumns, columnIndexes, id, oneOf, ref, timestamps, ts } from './columns';
import { companies } from './companies';
import { contacts } from './contacts';
import {
  CLOSE_TYPES,
  FORECAST_CURVES,
  GO_NO_GO_DECISIONS,
  WORK_SCOPES,
  type CloseType,
  type ForecastCurve,
  type GoNoGoDecision,
  type WorkScope,
} from './enums';
import { leads } from './leads';
import { contractTypes, deliveryMethods, divisions, imports, leadSources, lossReasons, marketSectors, projectStages, tenderTypes } from './lookups';

export const projects = pgTable(
  'projects',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    description: text('description'),
    projectNumber: text('project_number'),
    externalId: text('external_id'),
    /** The API's `amount` is in dollars; it is stored exactly, in cents. */
    amountInCents: bigint('amount_in_cents', { mode: 'number' }),
    probability: doublePrecision('probability'),
    /** The API's `estimated_cost`, in dollars, stored in cents: the forecast's cost and margin. */
    estimatedCostInCents: bigint('estimated_cost_in_cents', { mode: 'number' }),
    /** How the amount spreads over the months the project runs (docs/forecast.md). */
    forecastCurve: text('forecast_curve').$type<ForecastCurve>().notNull().default('s_curve'),
    /** For the `manual` curve: the cumulative percent at the end of each month of the run. */
    forecastManualPercentages: jsonb('forecast_manual_percentages').$type<number[]>(),
    squareFeet: integer('square_feet'),
    units: integer('units'),
    awardDate: date('award_date', { mode: 'string' }),
    bidDueDate: date('bid_due_date', { mode: 'string' }),
    bidDueAt: ts('bid_due_at'),
    bidDueAtIncludesTime: boolean('bid_due_at_includes_time').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    workScope: text('work_scope').$type<WorkScope>(),
    closeType: text('close_type').$type<CloseType>(),
    /** When the project entered a closed stage; null while it is open (docs/insights.md). */
    closedAt: ts('closed_at'),
    /** Hours the estimate will take: the go / no-go's expected value per estimating hour. */
    estimatingHours: integer('estimating_hours'),
    /** The go / no-go scorecard's answers, 1–5 by criterion id (docs/insights.md). */
    goNoGoAnswers: jsonb('go_no_go_answers').$type<Record<string, number>>().notNull().default({}),
    goNoGoDecision: text('go_no_go_decision').$type<GoNoGoDecision>().notNull().default('undecided'),
    goNoGoDecidedById: ref('go_no_go_decided_by_id', () => users.id),
    goNoGoDecidedAt: ts('go_no_go_decided_at'),
    ...addressColumns(),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    projectStageId: ref('project_stage_id', () => projectStages.id),
    /** When the project entered its current stage; `stage_age` counts from here. */
    stageEnteredAt: ts('stage_entered_at').notNull().defaultNow(),
    companyId: ref('company_id', () => companies.id),
    contactId: ref('contact_id', () => contacts.id),
    assignedToId: ref('assigned_to_id', () => users.id),
    createdById: ref('created_by_id', () => users.id),
    contractTypeId: ref('contract_type_id', () => contractTypes.id),
    deliveryMethodId: ref('delivery_method_id', () => deliveryMethods.id),
    divisionId: ref('division_id', () => divisions.id),
    importId: ref('import_id', () => imports.id),
    leadSourceId: ref('lead_source_id', () => leadSources.id),
    lossReasonId: ref('loss_reason_id', () => lossReasons.id),
    marketSectorId: ref('market_sector_id', () => marketSectors.id),
    tenderTypeId: ref('tender_type_id', () => tenderTypes.id),
    /** The lead this project was converted from; a lead converts at most once. */
    leadId: ref('lead_id', () => leads.id),
    ...timestamps,
  },
  (t) => [
    // Filters on custom fields (`custom_fields[<key>]=<value>`) are containment tests this index serves.
    index('projects_custom_fields_idx').using('gin', t.customFields.op('jsonb_path_ops')),
    index('projects_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('projects_account_updated_idx').on(t.accountId, t.updatedAt),
    index('projects_account_close_type_idx').on(t.accountId, t.closeType),
    index('projects_account_bid_due_date_idx').on(t.accountId, t.bidDueDate),
    // The calendar's project starts.
    index('projects_account_start_date_idx').on(t.accountId, t.startDate),
    // Closed projects by when they closed (the closed_since filter, the pipeline report, win rates).
    index('projects_account_closed_at_idx')
      .on(t.accountId, t.closedAt)
      .where(sql`${t.closedAt} is not null`),
    index('projects_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    ...columnIndexes(
      'projects',
      t.projectStageId,
      t.companyId,
      t.contactId,
      t.assignedToId,
      t.goNoGoDecidedById,
      t.createdById,
      t.contractTypeId,
      t.deliveryMethodId,
      t.divisionId,
      t.importId,
      t.leadSourceId,
      t.lossReasonId,
      t.marketSectorId,
      t.tenderTypeId,
    ),
    uniqueIndex('projects_account_external_id_key').on(t.accountId, sql`lower(${t.externalId})`),
    uniqueIndex('projects_lead_id_key').on(t.leadId),
    check('projects_work_scope_check', oneOf(t.workScope, WORK_SCOPES)),
    check('projects_close_type_check', oneOf(t.closeType, CLOSE_TYPES)),
    check('projects_go_no_go_decision_check', oneOf(t.goNoGoDecision, GO_NO_GO_DECISIONS)),
    check('projects_estimating_hours_check', sql`${t.estimatingHours} > 0`),
    check('projects_closed_at_check', sql`(${t.closeType} is null) = (${t.closedAt} is null)`),
    check('projects_probability_check', sql`${t.probability} between 0 and 1`),
    check('projects_forecast_curve_check', oneOf(t.forecastCurve, FORECAST_CURVES)),
  ],
);
