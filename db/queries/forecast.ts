import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { inTeam, type TeamOf } from './project-access';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { forecastSnapshotProjects, forecastSnapshots, projects, projectStages, revenueTargets, users } from '@/db/schema';
import { FORECAST_FILTERS, RESULT_CLOSE_TYPES, type ForecastCurve, type ForecastFilter } from '@/db/schema/enums';
import { learnedBasis, type LearnedBasis } from './insights';
import { personRefColumns } from './refs';
import { projectStatusSql } from './project-status';
import { type PageWindow, pageWithTotal, rows } from './sql';
import { ofAccount } from './tenant';

// What the forecast reads: the open and won projects' schedules (now, or as a snapshot kept them),
// the account's targets and its record of wins and losses. Each in one statement; the months are
// computed from the rows in one pass (lib/server/services/forecast.ts).

export type ForecastFilters = Partial<Record<ForecastFilter, number>> & {
  /** Only the projects of this user's teams (project access `team`). */
  teamOf?: TeamOf;
};

/** `market_sector_id` → `marketSectorId`: the column a filter compares. */
const columnOf = (filter: ForecastFilter) => filter.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as FilterColumn;
type FilterColumn = 'divisionId' | 'marketSectorId' | 'assignedToId' | 'projectStageId' | 'companyId';

/** One project as the forecast needs it (won: contracted; else open, the pipeline): a snapshot's row, or a project's now. */
export type ForecastInput = Awaited<ReturnType<typeof snapshotInputs>>[number];

/** The days the forecast's months cover, as `YYYY-MM-DD`. */
export interface DayRange {
  first: string;
  last: string;
}

/**
 * Not finished before the range (in it, or later: a won project starting after the range is
 * backlog), or not schedulable at all (counted apart).
 */
function relevant(t: { startDate: AnyPgColumn; endDate: AnyPgColumn; amountInCents: AnyPgColumn }, range: DayRange) {
  return or(isNull(t.startDate), isNull(t.endDate), isNull(t.amountInCents), gte(t.endDate, range.first));
}

/** The forecast's filters, on a project's columns as they are now or as a snapshot kept them. */
function filtered(t: Record<FilterColumn, AnyPgColumn>, projectId: AnyPgColumn, filters: ForecastFilters) {
  return [...FORECAST_FILTERS.map((f) => (filters[f] !== undefined ? eq(t[columnOf(f)], filters[f]) : undefined)), inTeam(projectId, filters.teamOf)];
}

type Packed = [
  number,
  boolean,
  number | null,
  number | null,
  string | null,
  string | null,
  ForecastCurve,
  number[] | null,
  number | null,
  number | null,
  LearnedBasis | null,
];

/**
 * The account's open and won projects that touch the range, or lack a date or an amount. Tens of
 * thousands of them: PostgreSQL packs them into one JSON array of arrays, parsed here at once,
 * rather than rows decoded and mapped column by column (half the time on the bench database).
 * `learned`: each open project's learned-probability basis too (./insights.ts).
 */
export async function forecastInputs(
  db: Db,
  accountId: number,
  filters: ForecastFilters,
  range: DayRange,
  learned = false,
): Promise<(ForecastInput & { learned: LearnedBasis | null })[]> {
  const p = projects;
  const basis = learned ? learnedBasis(p, accountId, filters.teamOf) : sql`null`;
  const packed = sql<string>`coalesce(json_agg(json_build_array(${p.id}, ${p.closeType} = 'won', ${p.amountInCents}, ${p.estimatedCostInCents}, ${p.startDate},
    ${p.endDate}, ${p.forecastCurve}, ${p.forecastManualPercentages}, ${p.probability}, ${projectStages.defaultProbability}, ${basis})), '[]')::text`;
  const [found] = await db
    .select({ packed })
    .from(p)
    .leftJoin(projectStages, eq(projectStages.id, p.projectStageId))
    .where(and(eq(p.accountId, accountId), or(isNull(p.closeType), eq(p.closeType, 'won')), relevant(p, range), ...filtered(p, p.id, filters)));
  return (JSON.parse(found!.packed) as Packed[]).map((v) => ({
    id: v[0],
    won: v[1],
    amountInCents: v[2],
    estimatedCostInCents: v[3],
    startDate: v[4],
    endDate: v[5],
    forecastCurve: v[6],
    forecastManualPercentages: v[7],
    probability: v[8],
    stageDefaultProbability: v[9],
    learned: v[10],
  }));
}

/** The same, as a snapshot of the account kept them. */
export async function snapshotInputs(db: Db, accountId: number, snapshotId: number, filters: ForecastFilters, range: DayRange) {
  const s = forecastSnapshotProjects;
  const found = await db
    .select({
      id: s.projectId,
      projectStatus: s.projectStatus,
      amountInCents: s.amountInCents,
      estimatedCostInCents: s.estimatedCostInCents,
      startDate: s.startDate,
      endDate: s.endDate,
      forecastCurve: s.forecastCurve,
      forecastManualPercentages: s.forecastManualPercentages,
      probability: s.probability,
      stageDefaultProbability: s.stageDefaultProbability,
    })
    .from(s)
    .innerJoin(forecastSnapshots, eq(forecastSnapshots.id, s.snapshotId))
    .where(and(ofAccount(forecastSnapshots, accountId, snapshotId), relevant(s, range), ...filtered(s, s.projectId, filters)));
  return found.map(({ projectStatus, ...row }) => ({ ...row, won: projectStatus !== 'pursuit' }));
}

/** Won and lost projects closed since `since`, and the average amount of the won ones (cents, rounded). */
export async function closedRecord(db: Db, accountId: number, since: Date, teamOf?: TeamOf) {
  const [row] = await db
    .select({
      won: sql<number>`count(*) filter (where ${projects.closeType} = 'won')`.mapWith(Number),
      lost: sql<number>`count(*) filter (where ${projects.closeType} = 'lost')`.mapWith(Number),
      averageWonCents: sql<number | null>`round(avg(${projects.amountInCents}) filter (where ${projects.closeType} = 'won'))`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(projects)
    .where(and(eq(projects.accountId, accountId), inArray(projects.closeType, RESULT_CLOSE_TYPES), gte(projects.closedAt, since), inTeam(projects.id, teamOf)));
  return { won: row?.won ?? 0, lost: row?.lost ?? 0, averageWonCents: row?.averageWonCents ?? null };
}

// ---- targets ----

export async function listRevenueTargets(db: Db, accountId: number, range?: DayRange) {
  return db
    .select({ month: revenueTargets.month, amountInCents: revenueTargets.amountInCents })
    .from(revenueTargets)
    .where(and(eq(revenueTargets.accountId, accountId), range ? and(gte(revenueTargets.month, range.first), lte(revenueTargets.month, range.last)) : undefined))
    .orderBy(asc(revenueTargets.month));
}

/** Sets the targets of the given months (first days), in one statement. */
export async function upsertRevenueTargets(db: Db, accountId: number, targets: { month: string; amountInCents: number }[]) {
  if (targets.length === 0) return;
  await db
    .insert(revenueTargets)
    .values(targets.map((t) => ({ accountId, ...t })))
    .onConflictDoUpdate({
      target: [revenueTargets.accountId, revenueTargets.month],
      set: { amountInCents: sql`excluded.amount_in_cents`, updatedAt: sql`now()` },
      setWhere: sql`${revenueTargets.amountInCents} is distinct from excluded.amount_in_cents`,
    });
}

export async function deleteRevenueTargets(db: Db, accountId: number, months: string[]) {
  if (months.length === 0) return;
  await db.delete(revenueTargets).where(and(eq(revenueTargets.accountId, accountId), inArray(revenueTargets.month, months)));
}

// ---- snapshots ----

const createdBy = personRefColumns(users);

/** Takes a snapshot: the row, and a copy of every open and won project's forecast inputs, in two statements. */
export async function insertSnapshot(db: Db, accountId: number, source: 'scheduled' | 'manual', createdById: number | null, takenAt: Date): Promise<number> {
  const today = takenAt.toISOString().slice(0, 10);
  const [snapshot] = await db
    .insert(forecastSnapshots)
    .values({ accountId, source, createdById, createdAt: takenAt, updatedAt: takenAt })
    .returning({ id: forecastSnapshots.id });
  const id = snapshot!.id;
  // project_status on the day (db/queries/project-status.ts); lost projects are left out.
  await db.execute(sql`
    insert into forecast_snapshot_projects (snapshot_id, project_id, name, project_status, project_stage_id, stage_default_probability,
      probability, amount_in_cents, estimated_cost_in_cents, start_date, end_date, forecast_curve, forecast_manual_percentages,
      division_id, market_sector_id, assigned_to_id, company_id)
    select ${id}, p.id, p.name,
      ${projectStatusSql({ closeType: sql`p.close_type`, startDate: sql`p.start_date`, endDate: sql`p.end_date` }, sql`${today}::date`)},
      p.project_stage_id, s.default_probability, p.probability, p.amount_in_cents, p.estimated_cost_in_cents, p.start_date, p.end_date,
      p.forecast_curve, p.forecast_manual_percentages, p.division_id, p.market_sector_id, p.assigned_to_id, p.company_id
    from projects p left join project_stages s on s.id = p.project_stage_id
    where p.account_id = ${accountId} and (p.close_type is null or p.close_type = 'won')`);
  return id;
}

/** Snapshots with their creator and how many of their projects the caller sees (`teamOf`). */
function selectSnapshots(db: Db, teamOf: TeamOf) {
  return db
    .select({
      snapshot: forecastSnapshots,
      createdBy,
      projectCount:
        sql<number>`(select count(*) from ${forecastSnapshotProjects} sp where sp.snapshot_id = ${forecastSnapshots.id} and ${inTeam(sql`sp.project_id`, teamOf) ?? sql`true`})`.mapWith(
          Number,
        ),
    })
    .from(forecastSnapshots)
    .leftJoin(users, eq(users.id, forecastSnapshots.createdById));
}
export type SnapshotRow = Awaited<ReturnType<ReturnType<typeof selectSnapshots>['execute']>>[number];

export async function listSnapshots(db: Db, accountId: number, filters: { updated_since?: Date }, page: PageWindow, teamOf?: TeamOf) {
  const where = and(eq(forecastSnapshots.accountId, accountId), filters.updated_since ? gte(forecastSnapshots.updatedAt, filters.updated_since) : undefined);
  return pageWithTotal(
    db,
    selectSnapshots(db, teamOf).$dynamic(),
    forecastSnapshots,
    where,
    [desc(forecastSnapshots.createdAt), desc(forecastSnapshots.id)],
    page,
  );
}

export async function findSnapshot(db: Db, accountId: number, id: number, teamOf?: TeamOf): Promise<SnapshotRow | undefined> {
  const [row] = await selectSnapshots(db, teamOf).where(ofAccount(forecastSnapshots, accountId, id));
  return row;
}

/** The schedule of one project (its forecast), or undefined when the account has no such project. */
export async function projectSchedule(db: Db, accountId: number, id: number, teamOf?: TeamOf) {
  const [row] = await db
    .select({
      id: projects.id,
      amountInCents: projects.amountInCents,
      estimatedCostInCents: projects.estimatedCostInCents,
      startDate: projects.startDate,
      endDate: projects.endDate,
      forecastCurve: projects.forecastCurve,
      forecastManualPercentages: projects.forecastManualPercentages,
    })
    .from(projects)
    .where(and(ofAccount(projects, accountId, id), inTeam(projects.id, teamOf)));
  return row;
}

/** Accounts with no snapshot taken at or after `since`: the weekly job's work, in one statement. */
export async function accountsWithoutSnapshotSince(db: Db, since: Date): Promise<number[]> {
  const found = await rows<{ id: number | string }>(
    db,
    sql`select a.id from accounts a
        where not exists (select 1 from forecast_snapshots s where s.account_id = a.id and s.created_at >= ${since.toISOString()}::timestamptz)
        order by a.id`,
  );
  return found.map((r) => Number(r.id));
}

/**
 * The account's newest snapshot taken at or after `since` (the weekly job takes one a week). With
 * `lock`, the account's weekly snapshot is first held for the transaction: two runs at once (two
 * workers, a cron route beside a worker) would otherwise both find none and both take one.
 */
export async function latestSnapshotSince(db: Db, accountId: number, since: Date, { lock = false } = {}) {
  if (lock) await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`forecast_snapshot:${accountId}`}, 0))`);
  const [row] = await db
    .select({ id: forecastSnapshots.id })
    .from(forecastSnapshots)
    .where(and(eq(forecastSnapshots.accountId, accountId), gte(forecastSnapshots.createdAt, since)))
    .limit(1);
  return row;
}

/** One project that moved since a snapshot: its start later, its amount or its probability changed. */
export interface SlipRow {
  projectId: number;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  startBefore: string | null;
  startNow: string | null;
  amountBefore: number | null;
  amountNow: number | null;
  probabilityBefore: number | null;
  probabilityNow: number | null;
  statusBefore: string;
  closeTypeNow: string | null;
}

/** Projects of the snapshot whose start moved later, or whose amount or probability changed, in one statement. */
export async function slipsSince(db: Db, accountId: number, snapshotId: number, teamOf?: TeamOf): Promise<SlipRow[]> {
  const visible = inTeam(sql`sp.project_id`, teamOf);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select sp.project_id, p.name, p.created_at, p.updated_at, sp.start_date::text as start_before, p.start_date::text as start_now,
          sp.amount_in_cents as amount_before, p.amount_in_cents as amount_now,
          coalesce(sp.probability, sp.stage_default_probability) as probability_before,
          coalesce(p.probability, s.default_probability) as probability_now,
          sp.project_status as status_before, p.close_type as close_type_now
        from forecast_snapshot_projects sp
        join forecast_snapshots fs on fs.id = sp.snapshot_id and fs.account_id = ${accountId}
        join projects p on p.id = sp.project_id and p.account_id = ${accountId}
        left join project_stages s on s.id = p.project_stage_id
        where sp.snapshot_id = ${snapshotId}${visible ? sql` and ${visible}` : sql``}
          and ((p.start_date > sp.start_date)
            or (p.amount_in_cents is distinct from sp.amount_in_cents)
            or (coalesce(p.probability, s.default_probability) is distinct from coalesce(sp.probability, sp.stage_default_probability)))
        order by sp.project_id`,
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return found.map((r) => ({
    projectId: Number(r.project_id),
    name: String(r.name),
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
    startBefore: (r.start_before as string | null) ?? null,
    startNow: (r.start_now as string | null) ?? null,
    amountBefore: num(r.amount_before),
    amountNow: num(r.amount_now),
    probabilityBefore: num(r.probability_before),
    probabilityNow: num(r.probability_now),
    statusBefore: String(r.status_before),
    closeTypeNow: (r.close_type_now as string | null) ?? null,
  }));
}
