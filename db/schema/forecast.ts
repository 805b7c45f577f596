import { sql } from 'drizzle-orm';
import { bigint, check, date, doublePrecision, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, oneOf, parentRef, ref, timestamps } from './columns';
import { FORECAST_CURVES, FORECAST_SNAPSHOT_SOURCES, type ForecastCurve } from './enums';

/** The account's revenue target for a month (`month`: its first day), against which the forecast's gap is measured. */
export const revenueTargets = pgTable(
  'revenue_targets',
  {
    accountId: accountId(),
    month: date('month', { mode: 'string' }).notNull(),
    amountInCents: bigint('amount_in_cents', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.month] }),
    check('revenue_targets_month_check', sql`extract(day from ${t.month}) = 1`),
    check('revenue_targets_amount_check', sql`${t.amountInCents} >= 0`),
  ],
);

/** The forecast's inputs as they stood at a moment: weekly (the worker's cron) or asked for. */
export const forecastSnapshots = pgTable(
  'forecast_snapshots',
  {
    id: id(),
    accountId: accountId(),
    source: text('source').notNull(),
    createdById: ref('created_by_id', () => users.id),
    ...timestamps,
  },
  (t) => [
    index('forecast_snapshots_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('forecast_snapshots_created_by_id_idx').on(t.createdById),
    check('forecast_snapshots_source_check', oneOf(t.source, FORECAST_SNAPSHOT_SOURCES)),
  ],
);

/**
 * One open or won project in a snapshot, with everything the forecast and its filters read. Ids
 * are kept as plain numbers: the snapshot is history, and outlives the projects and lookups.
 */
export const forecastSnapshotProjects = pgTable(
  'forecast_snapshot_projects',
  {
    snapshotId: parentRef('snapshot_id', () => forecastSnapshots.id),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    /** `pursuit`, `upcoming`, `active` or `complete` on the snapshot's day. */
    projectStatus: text('project_status').notNull(),
    projectStageId: bigint('project_stage_id', { mode: 'number' }),
    stageDefaultProbability: doublePrecision('stage_default_probability'),
    probability: doublePrecision('probability'),
    amountInCents: bigint('amount_in_cents', { mode: 'number' }),
    estimatedCostInCents: bigint('estimated_cost_in_cents', { mode: 'number' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    forecastCurve: text('forecast_curve').$type<ForecastCurve>().notNull(),
    forecastManualPercentages: jsonb('forecast_manual_percentages').$type<number[]>(),
    divisionId: bigint('division_id', { mode: 'number' }),
    marketSectorId: bigint('market_sector_id', { mode: 'number' }),
    assignedToId: bigint('assigned_to_id', { mode: 'number' }),
    companyId: bigint('company_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.projectId] }), check('forecast_snapshot_projects_curve_check', oneOf(t.forecastCurve, FORECAST_CURVES))],
);
