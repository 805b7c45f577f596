import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db';
import {
  divisions,
  projects,
  projectStages,
  workforceAssignments,
  workforceCertifications,
  workforceEmployees,
  workforceRoles,
  workforceTimeOff,
} from '@/db/schema';
import { createRandom, dateOnly } from './random';

// Workforce planning's demo data for one seeded account, so the staffing tab, utilization and
// demand pages are alive on first start: employees in divisions, won and pursued projects staffed
// by role (some people on two jobs at once, some roles still to fill), time off, certifications
// (one lapsing within weeks, one lapsed). A few statements, whatever the number of rows; its own
// random sequence, so the rest of the seed is the same with or without it.

const DAY = 86_400_000;

/** The crew a won job gets: role, allocation %, how many. */
const WON_CREW: [string, number, number][] = [
  ['PM', 50, 1],
  ['SUP', 100, 1],
  ['PE', 50, 1],
  ['FM', 100, 1],
  ['CARP', 100, 2],
  ['LAB', 100, 1],
];
/** What a likely pursuit is planned with, before it is won. */
const PURSUIT_CREW: [string, number][] = [
  ['PM', 25],
  ['SUP', 100],
  ['FM', 50],
];

export async function seedStaffing(tx: Db, accountId: number, now: Date): Promise<void> {
  const r = createRandom(now, 16);
  const day = (offset: number) => dateOnly(new Date(r.now.getTime() + offset * DAY));
  const stamp = { createdAt: r.now, updatedAt: r.now };

  const roleRows = await tx
    .select({ id: workforceRoles.id, abbreviation: workforceRoles.abbreviation })
    .from(workforceRoles)
    .where(eq(workforceRoles.accountId, accountId));
  const roleId = new Map(roleRows.map((x) => [x.abbreviation ?? '', x.id]));
  const divisionIds = (await tx.select({ id: divisions.id }).from(divisions).where(eq(divisions.accountId, accountId)).orderBy(asc(divisions.id))).map(
    (d) => d.id,
  );
  const people = await tx
    .select({ id: workforceEmployees.id, roleId: workforceEmployees.roleId })
    .from(workforceEmployees)
    .where(eq(workforceEmployees.accountId, accountId))
    .orderBy(asc(workforceEmployees.id));
  const projectRows = await tx
    .select({ id: projects.id, start: projects.startDate, end: projects.endDate, category: projectStages.category, stage: projectStages.name })
    .from(projects)
    .innerJoin(projectStages, eq(projectStages.id, projects.projectStageId))
    .where(eq(projects.accountId, accountId))
    .orderBy(asc(projects.id));
  if (!people.length || !projectRows.length) return;

  // Divisions: everyone but the operations manager, round robin; the operations manager is left out of headcount.
  const ops = roleId.get('OPS');
  const byDivision = new Map<number, number[]>();
  people.forEach((p, i) => {
    if (p.roleId === ops || !divisionIds.length) return;
    const d = divisionIds[i % Math.min(divisionIds.length, 3)]!;
    byDivision.set(d, [...(byDivision.get(d) ?? []), p.id]);
  });
  for (const [divisionId, ids] of byDivision) {
    await tx.update(workforceEmployees).set({ divisionId }).where(inArray(workforceEmployees.id, ids));
  }
  if (ops !== undefined) {
    await tx
      .update(workforceEmployees)
      .set({ excludedFromHeadcount: true })
      .where(and(eq(workforceEmployees.accountId, accountId), eq(workforceEmployees.roleId, ops)));
  }

  // People of each role, each booked up to 100 % of their time (dates aside); past that, one per role
  // is booked twice (over-allocated) and the rest of the roles stay unfilled, as demand.
  const pool = new Map<string, number[]>();
  for (const [abbr, id] of roleId)
    pool.set(
      abbr,
      people.filter((p) => p.roleId === id).map((p) => p.id),
    );
  const load = new Map<number, number>();
  const overbooked = new Set<string>();
  const next = (abbr: string, allocation: number) => {
    const ids = pool.get(abbr) ?? [];
    let id = ids.find((i) => (load.get(i) ?? 0) + allocation <= 100);
    if (id === undefined && ids.length && !overbooked.has(abbr)) {
      overbooked.add(abbr);
      id = ids[0];
    }
    if (id === undefined) return null;
    load.set(id, (load.get(id) ?? 0) + allocation);
    return id;
  };

  type Row = typeof workforceAssignments.$inferInsert;
  const rows: Row[] = [];
  const today = day(0);
  const won = projectRows.filter((p) => p.category === 'won' && p.start && p.end && p.end >= today);
  won.forEach((p, index) => {
    for (const [abbr, allocationPercent, count] of WON_CREW) {
      const role = roleId.get(abbr);
      if (role === undefined) continue;
      for (let k = 0; k < count; k += 1) {
        // Every third job still has its second carpenter to find, every fourth its laborer.
        const unfilled = (abbr === 'CARP' && k === 1 && index % 3 === 0) || (abbr === 'LAB' && index % 4 === 1);
        rows.push({
          accountId,
          projectId: p.id,
          employeeId: unfilled ? null : next(abbr, allocationPercent),
          roleId: role,
          allocationPercent,
          startDate: p.start!,
          endDate: p.end!,
          datesFollowProject: true,
          ...stamp,
        });
      }
    }
  });
  // Pursuits far along are planned ahead on their own dates (they have none yet): a project manager
  // and superintendent named on negotiations, every other role still to fill.
  const pursuits = projectRows.filter((p) => ['Bid Submitted', 'Negotiating'].includes(p.stage));
  pursuits.forEach((p, index) => {
    const start = day(30 + 15 * (index % 5));
    const end = day(30 + 15 * (index % 5) + 30 * (4 + (index % 6)));
    for (const [abbr, allocationPercent] of PURSUIT_CREW) {
      const role = roleId.get(abbr);
      // A superintendent is planned only once a job is in negotiation.
      if (role === undefined || (abbr === 'SUP' && p.stage !== 'Negotiating')) continue;
      const named = p.stage === 'Negotiating' && (abbr === 'SUP' || abbr === 'PM');
      rows.push({
        accountId,
        projectId: p.id,
        employeeId: named ? next(abbr, allocationPercent) : null,
        roleId: role,
        allocationPercent,
        startDate: p.start ?? start,
        endDate: p.end ?? end,
        datesFollowProject: Boolean(p.start && p.end),
        ...stamp,
      });
    }
  });
  if (rows.length) await tx.insert(workforceAssignments).values(rows);

  // Time off: a vacation next month, two weeks of leave soon, a long weekend, one taken already.
  const first = (abbr: string, n = 0) => pool.get(abbr)?.[n] ?? null;
  const timeOff = (
    [
      [first('SUP'), 35, 39, 'Vacation'],
      [first('FM', 1), 21, 34, 'Parental leave'],
      [first('PM'), 12, 15, 'Long weekend'],
      [first('CARP', 2), -20, -16, 'Training'],
      [first('SUP', 2), 63, 70, 'Vacation'],
    ] as const
  ).flatMap(([employeeId, from, to, reason]) =>
    employeeId === null ? [] : [{ accountId, employeeId, startDate: day(from), endDate: day(to), reason, ...stamp }],
  );
  if (timeOff.length) await tx.insert(workforceTimeOff).values(timeOff);

  // Certifications: OSHA 30 for superintendents (one lapsing within weeks, one lapsed), first aid for foremen.
  const certs = [
    ...(pool.get('SUP') ?? []).map((employeeId, i) => ({
      employeeId,
      name: 'OSHA 30',
      issuedOn: day(-700 + 40 * i),
      expiresOn: i === 0 ? day(24) : i === 1 ? day(-12) : day(400 + 60 * i),
    })),
    ...(pool.get('FM') ?? [])
      .slice(0, 4)
      .map((employeeId, i) => ({ employeeId, name: 'First Aid/CPR', issuedOn: day(-300 + 20 * i), expiresOn: day(430 + 20 * i) })),
    ...(pool.get('LAB') ?? []).slice(0, 1).map((employeeId) => ({ employeeId, name: 'Forklift operator', issuedOn: day(-200), expiresOn: null })),
    ...(pool.get('SM') ?? []).map((employeeId) => ({ employeeId, name: 'CHST', issuedOn: day(-500), expiresOn: day(900) })),
  ].map((c) => ({ accountId, ...c, ...stamp }));
  if (certs.length) await tx.insert(workforceCertifications).values(certs);
}
