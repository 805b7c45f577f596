import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db';
import { insertSnapshot, upsertRevenueTargets } from '@/db/queries/forecast';
import { projectStages, projects } from '@/db/schema';
import type { ForecastCurve } from '@/db/schema/enums';
import { dateOnly, type Random } from './random';

// The forecast's demo data (docs/forecast.md), so the Forecast page is alive on a first start: open
// projects get a schedule and an estimated cost, some lose their own probability to their stage's
// default, won ones get an estimated cost; a year of revenue targets from this month; and a snapshot
// a few days old that some projects have since slipped from. Kept apart from account.ts so it reads
// (and merges) on its own.

/** The stages' default probabilities (a project without one of its own is weighed by its stage's). */
const STAGE_DEFAULTS: Record<string, number> = { Lead: 0.1, Qualifying: 0.2, Estimating: 0.35, 'Bid Submitted': 0.5, Negotiating: 0.7 };
const CURVES: ForecastCurve[] = ['s_curve', 's_curve', 's_curve', 'linear', 'front_loaded', 'back_loaded'];
const DAY = 86_400_000;

const firstOfMonth = (d: Date, add = 0) => dateOnly(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1)));
const shift = (date: string, days: number) => dateOnly(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY));

export async function seedForecast(tx: Db, r: Random, accountId: number) {
  const stages = await tx.select({ id: projectStages.id, name: projectStages.name }).from(projectStages).where(eq(projectStages.accountId, accountId));
  for (const s of stages) {
    const p = STAGE_DEFAULTS[s.name];
    if (p !== undefined) await tx.update(projectStages).set({ defaultProbability: p }).where(eq(projectStages.id, s.id));
  }

  const all = await tx
    .select({ id: projects.id, amount: projects.amountInCents, closeType: projects.closeType })
    .from(projects)
    .where(eq(projects.accountId, accountId))
    .orderBy(asc(projects.id));

  const open = all.filter((p) => p.closeType === null);
  // Two open projects stay unscheduled: the page's note about projects left out of the months.
  const unscheduled = new Set(open.slice(0, 2).map((p) => p.id));
  let i = 0;
  for (const p of all) {
    if (p.closeType !== null && p.closeType !== 'won') continue;
    const margin = r.int(6, 16) / 100;
    const estimatedCostInCents = p.amount === null ? null : Math.round((p.amount * (1 - margin)) / 100) * 100;
    if (p.closeType === 'won') {
      await tx
        .update(projects)
        .set({ estimatedCostInCents, forecastCurve: r.pick(CURVES) })
        .where(eq(projects.id, p.id));
      continue;
    }
    i += 1;
    if (unscheduled.has(p.id)) {
      await tx.update(projects).set({ estimatedCostInCents }).where(eq(projects.id, p.id));
      continue;
    }
    const start = dateOnly(r.daysFromNow(r.int(20, 300)));
    const end = shift(start, r.int(4, 18) * 30);
    await tx
      .update(projects)
      .set({
        startDate: start,
        endDate: end,
        estimatedCostInCents,
        forecastCurve: r.pick(CURVES),
        // Every third open project is weighed by its stage's default probability.
        ...(i % 3 === 0 ? { probability: null } : {}),
      })
      .where(eq(projects.id, p.id));
  }

  // A year of targets from this month, rising: some months the forecast covers, most it falls short of.
  await upsertRevenueTargets(
    tx,
    accountId,
    Array.from({ length: 12 }, (_, k) => ({ month: firstOfMonth(r.now, k), amountInCents: (9_000_000 + 400_000 * k + 250_000 * (k % 3)) * 100 })),
  );

  // The weekly snapshot of five days ago; since then a few projects slipped, grew or firmed up.
  await insertSnapshot(tx, accountId, 'scheduled', null, new Date(r.now.getTime() - 5 * DAY));
  const scheduledOpen = open.filter((p) => !unscheduled.has(p.id)).slice(0, 3);
  const after = await tx
    .select({ id: projects.id, start: projects.startDate, end: projects.endDate, amount: projects.amountInCents })
    .from(projects)
    .where(
      and(
        eq(projects.accountId, accountId),
        inArray(
          projects.id,
          scheduledOpen.map((p) => p.id),
        ),
      ),
    )
    .orderBy(asc(projects.id));
  for (const [k, p] of after.entries()) {
    if (k === 0 && p.start && p.end)
      await tx
        .update(projects)
        .set({ startDate: shift(p.start, 45), endDate: shift(p.end, 45) })
        .where(eq(projects.id, p.id));
    if (k === 1 && p.amount !== null)
      await tx
        .update(projects)
        .set({ amountInCents: Math.min(6_000_000_000, Math.round((p.amount * 1.12) / 100_000) * 100_000) })
        .where(eq(projects.id, p.id));
    if (k === 2) await tx.update(projects).set({ probability: 0.8 }).where(eq(projects.id, p.id));
  }
}
