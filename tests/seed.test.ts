import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, getTableName, inArray, isNotNull, ne, sql, TransactionRollbackError } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '@/db/schema';
import type { AccountTable } from '@/db/queries/tenant';
import { rows } from '@/db/queries/sql';
import { getDb } from '@/lib/server/db';
import { createApiToken } from '@/lib/server/auth/tokens';
import { checkUserPassword } from '@/lib/server/auth/passwords';
import { DEFAULT_DEMO_PASSWORD, seedDemo, type SeedResult } from '@/db/seed/demo';
import { client } from './api';

// The demo seed against the test database. Other test files share that database, so every
// assertion is scoped to the accounts seeded here.

const tag = randomUUID().slice(0, 8);
let failure: unknown;
let accountsAfterFailure: number;
let first: SeedResult;
let second: SeedResult;

async function seededAccountCount() {
  const [row] = await getDb()
    .select({ n: count() })
    .from(s.accounts)
    .where(inArray(s.accounts.name, ['Summit Ridge Builders', 'Harbor Point Construction']));
  return row!.n;
}

async function countIn(table: AccountTable, accountId: number) {
  const [row] = await getDb().select({ n: count() }).from(table).where(eq(table.accountId, accountId));
  return row!.n;
}

beforeAll(async () => {
  const before = await seededAccountCount();
  // An admin email equal to the second account's user makes that account's insert fail, after
  // the whole first account has been written: the transaction must take all of it back. That
  // needs the plan's emails free, and other files of this worker may have seeded already: their
  // users' emails are moved aside in an outer transaction, rolled back afterwards.
  await getDb()
    .transaction(async (tx) => {
      await tx.update(s.users).set({ email: sql`'moved.' || ${s.users.id} || '.' || ${s.users.email}` });
      failure = await seedDemo(tx, { adminEmail: 'harbor.admin@example.com' }).catch((e: unknown) => e);
      const [row] = await tx
        .select({ n: count() })
        .from(s.accounts)
        .where(inArray(s.accounts.name, ['Summit Ridge Builders', 'Harbor Point Construction']));
      accountsAfterFailure = row!.n - before;
      tx.rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof TransactionRollbackError)) throw e;
    });

  first = await seedDemo(getDb(), { adminEmail: `dana.${tag}@example.com` });
  // The second run takes its admin and password from the environment, as `npm run db:seed` does.
  const saved = { email: process.env.SEED_ADMIN_EMAIL, password: process.env.SEED_ADMIN_PASSWORD };
  process.env.SEED_ADMIN_EMAIL = `Second.${tag}@Example.com`;
  process.env.SEED_ADMIN_PASSWORD = `second-${tag}`;
  try {
    second = await seedDemo(getDb());
  } finally {
    for (const [key, value] of [
      ['SEED_ADMIN_EMAIL', saved.email],
      ['SEED_ADMIN_PASSWORD', saved.password],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}, 120_000);

describe('seedDemo', () => {
  it('writes nothing when it fails partway', () => {
    // A unique violation on the second account's user, not the up-front check.
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe('23505');
    expect(accountsAfterFailure).toBe(0);
  });

  it('refuses an admin email that already exists, before writing anything', async () => {
    const before = await seededAccountCount();
    await expect(seedDemo(getDb(), { adminEmail: `DANA.${tag}@example.com` })).rejects.toThrow(/already exists/);
    expect(await seededAccountCount()).toBe(before);
  });

  it('creates the general contractor with its admin and three colleagues, each kind of access', async () => {
    const db = getDb();
    expect(first.adminEmail).toBe(`dana.${tag}@example.com`);
    const [account] = await db.select().from(s.accounts).where(eq(s.accounts.id, first.accountId));
    expect(account!.name).toBe('Summit Ridge Builders');
    const people = await db.select().from(s.users).where(eq(s.users.accountId, first.accountId)).orderBy(asc(s.users.id));
    expect(people).toHaveLength(4);
    expect(people[0]).toMatchObject({ id: first.adminUserId, firstName: 'Dana', lastName: 'Whitfield', email: first.adminEmail });
    expect(people.map((p) => p.role)).toEqual(['admin', 'member', 'member', 'member']);
    expect(people.map((p) => [p.projectAccess, p.permissionWorkforce, p.permissionLeads])).toEqual([
      ['all', 'none', 'collaborator'], // the admin's stored levels, a new user's; in effect, everything
      ['all', 'none', 'collaborator'],
      ['all', 'collaborator', 'collaborator'],
      ['team', 'none', 'none'],
    ]);
    expect(people.every((p) => p.deactivatedAt === null)).toBe(true);
    const [other] = await db.select().from(s.accounts).where(eq(s.accounts.id, first.otherAccountId));
    expect(other!.name).toBe('Harbor Point Construction');
    const harbor = await db.select().from(s.users).where(eq(s.users.accountId, first.otherAccountId));
    expect(harbor).toHaveLength(1);
    expect(harbor[0]).toMatchObject({ email: expect.stringMatching(/^harbor\.admin(\+\w+)?@example\.com$/), role: 'admin' });
    expect(await countIn(s.users, first.otherAccountId)).toBe(1);
  });

  it('gives every seeded user the demo password, hashed by Better Auth', async () => {
    expect(first.password).toBe(process.env.SEED_ADMIN_PASSWORD || DEFAULT_DEMO_PASSWORD);
    expect(first.userIds).toHaveLength(5);
    for (const userId of first.userIds) expect(await checkUserPassword(getDb(), userId, first.password)).toBe(true);
    const rows = await getDb().select().from(s.authAccounts).where(inArray(s.authAccounts.userId, first.userIds));
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row).toMatchObject({ providerId: 'credential', providerAccountId: String(row.userId) });
      expect(row.password).not.toContain(first.password);
    }
    expect(await checkUserPassword(getDb(), first.adminUserId, 'wrong password')).toBe(false);
    // SEED_ADMIN_PASSWORD and SEED_ADMIN_EMAIL (stored lowercase, as sign-in looks it up).
    expect(second.adminEmail).toBe(`second.${tag}@example.com`);
    expect(second.password).toBe(`second-${tag}`);
    expect(await checkUserPassword(getDb(), second.adminUserId, `second-${tag}`)).toBe(true);
  });

  it('seeds the expected amount of everything', async () => {
    const a = first.accountId;
    const expected: [AccountTable, number][] = [
      [s.contractTypes, 6],
      [s.deliveryMethods, 4],
      [s.divisions, 4],
      [s.leadSources, 6],
      [s.marketSectors, 9],
      [s.tenderTypes, 4],
      [s.lossReasons, 6],
      [s.callOutcomes, 5],
      [s.industries, 8],
      [s.imports, 1],
      [s.workforceRoles, 10],
      [s.projectStages, 7],
      [s.companies, 45],
      [s.contacts, 120],
      [s.leads, 60],
      [s.projects, 83],
      [s.tasks, 200],
      [s.calls, 100],
      [s.workforceEmployees, 30],
      [s.webhookMessages, 143],
    ];
    for (const [table, n] of expected) expect([getTableName(table), await countIn(table, a)]).toEqual([getTableName(table), n]);
    expect(await countIn(s.taskLists, a)).toBeGreaterThanOrEqual(40);
    expect(await countIn(s.projectTeamMemberships, a)).toBeGreaterThanOrEqual(30);

    const db = getDb();
    const [linked] = await db
      .select({ n: count() })
      .from(s.companyIndustries)
      .innerJoin(s.companies, eq(s.companies.id, s.companyIndustries.companyId))
      .where(eq(s.companies.accountId, a));
    expect(linked!.n).toBeGreaterThan(20);
    const imported = await db
      .select({ id: s.companies.id })
      .from(s.companies)
      .where(and(eq(s.companies.accountId, a), isNotNull(s.companies.importId)));
    expect(imported.length).toBeGreaterThan(0);
  });

  it('spreads projects over every stage, with close types and statuses that fit', async () => {
    const db = getDb();
    const list = await db
      .select({ project: s.projects, stage: s.projectStages })
      .from(s.projects)
      .innerJoin(s.projectStages, eq(s.projectStages.id, s.projects.projectStageId))
      .where(eq(s.projects.accountId, first.accountId));
    // The 40 named projects and 43 older closed bids (the bid history).
    expect(list).toHaveLength(83);
    expect(new Set(list.map((p) => p.stage.name)).size).toBe(7);
    const today = new Date().toISOString().slice(0, 10);
    const statuses = new Set<string>();
    for (const { project, stage } of list) {
      expect(stage.accountId).toBe(first.accountId);
      if (stage.category === 'lost') expect(['lost', 'cancelled', 'did_not_pursue']).toContain(project.closeType);
      else expect(project.closeType).toBe(stage.category === 'open' ? null : stage.category);
      expect(project.closedAt === null).toBe(project.closeType === null);
      // Some open projects have none: the forecast weighs them by their stage's default (db/seed/forecast.ts).
      if (project.probability !== null || stage.category !== 'open') {
        expect(project.probability).toBeGreaterThanOrEqual(0);
        expect(project.probability).toBeLessThanOrEqual(1);
      }
      expect(project.amountInCents).toBeGreaterThanOrEqual(5_000_000);
      expect(project.amountInCents).toBeLessThanOrEqual(6_000_000_000);
      expect(project.stageEnteredAt.getTime()).toBeGreaterThanOrEqual(project.createdAt.getTime());
      if (project.projectNumber !== null) expect(project.projectNumber).toMatch(/^SRB-\d{4}-\d{3}$/);
      if (stage.category === 'lost') expect(project.lossReasonId).not.toBeNull();
      if (stage.category === 'won') {
        expect(project.awardDate).not.toBeNull();
        const { startDate, endDate } = project;
        statuses.add(endDate! < today ? 'complete' : startDate! > today ? 'upcoming' : 'active');
      }
    }
    expect([...statuses].sort()).toEqual(['active', 'complete', 'upcoming']);
    const numbers = list.flatMap((p) => (p.project.projectNumber ? [p.project.projectNumber] : []));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(list.filter((p) => p.project.leadId !== null).length).toBeGreaterThan(0);
  });

  it('gives the forecast something to show: scheduled pipeline, stage defaults, a year of targets, a snapshot', async () => {
    const db = getDb();
    const open = await db
      .select({ project: s.projects, stage: s.projectStages })
      .from(s.projects)
      .innerJoin(s.projectStages, eq(s.projectStages.id, s.projects.projectStageId))
      .where(and(eq(s.projects.accountId, first.accountId), eq(s.projectStages.category, 'open')));
    const scheduled = open.filter((p) => p.project.startDate && p.project.endDate);
    expect(scheduled.length).toBeGreaterThan(10);
    expect(scheduled.length).toBeLessThan(open.length); // some left unscheduled
    expect(open.some((p) => p.project.probability === null && p.stage.defaultProbability !== null)).toBe(true);
    expect(open.every((p) => p.project.estimatedCostInCents !== null)).toBe(true);
    const targets = await db.select().from(s.revenueTargets).where(eq(s.revenueTargets.accountId, first.accountId));
    expect(targets).toHaveLength(12);
    const snapshots = await db.select().from(s.forecastSnapshots).where(eq(s.forecastSnapshots.accountId, first.accountId));
    expect(snapshots).toHaveLength(1);
  });

  it('has leads in every state: priority, archived by someone, snoozed into the future', async () => {
    const list = await getDb().select().from(s.leads).where(eq(s.leads.accountId, first.accountId));
    const now = Date.now();
    expect(list.some((l) => l.priority)).toBe(true);
    const archived = list.filter((l) => l.archivedAt);
    expect(archived.length).toBeGreaterThan(0);
    for (const l of archived) expect(l.archivedById).not.toBeNull();
    expect(list.some((l) => l.snoozeUntil && l.snoozeUntil.getTime() > now && !l.archivedAt)).toBe(true);
    expect(new Set(list.map((l) => l.workScope)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(list.map((l) => l.constructionDurationUnit)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(list.map((l) => l.assignedToId).filter(Boolean)).size).toBe(3);
    for (const l of list) {
      expect(l.valueInCents).toBeGreaterThanOrEqual(5_000_000);
      expect(l.valueInCents).toBeLessThanOrEqual(6_000_000_000);
      expect(l.name).not.toMatch(/lorem|ipsum/i);
    }
  });

  it('has done, open and overdue tasks, each in a list of its own project', async () => {
    const db = getDb();
    const list = await db
      .select({ task: s.tasks, listProjectId: s.taskLists.projectId })
      .from(s.tasks)
      .leftJoin(s.taskLists, eq(s.taskLists.id, s.tasks.taskListId))
      .where(eq(s.tasks.accountId, first.accountId));
    const today = new Date().toISOString().slice(0, 10);
    expect(list.some((t) => t.task.completedAt)).toBe(true);
    expect(list.some((t) => !t.task.completedAt && t.task.deadline && t.task.deadline < today)).toBe(true);
    expect(list.some((t) => !t.task.completedAt && t.task.deadline && t.task.deadline >= today)).toBe(true);
    expect(list.some((t) => t.task.contactId)).toBe(true);
    for (const { task, listProjectId } of list) if (task.taskListId) expect(listProjectId).toBe(task.projectId);
  });

  it('records calls over the last 90 days with outcomes and notes', async () => {
    const list = await getDb().select().from(s.calls).where(eq(s.calls.accountId, first.accountId));
    const oldest = Date.now() - 91 * 86_400_000;
    for (const c of list) {
      expect(c.recordedAt.getTime()).toBeGreaterThan(oldest);
      expect(c.recordedAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(c.callOutcomeId).not.toBeNull();
    }
    expect(list.filter((c) => c.notes).length).toBeGreaterThan(80);
    expect(list.some((c) => c.projectId)).toBe(true);
  });

  it('builds a workforce tree with one root and no cycle', async () => {
    for (const accountId of [first.accountId, first.otherAccountId]) {
      const list = await getDb()
        .select({ id: s.workforceEmployees.id, managerId: s.workforceEmployees.managerId, role: s.workforceRoles.abbreviation })
        .from(s.workforceEmployees)
        .leftJoin(s.workforceRoles, eq(s.workforceRoles.id, s.workforceEmployees.roleId))
        .where(eq(s.workforceEmployees.accountId, accountId));
      const managerOf = new Map(list.map((e) => [e.id, e.managerId]));
      const roots = list.filter((e) => e.managerId === null);
      expect(roots).toHaveLength(1);
      if (accountId === first.accountId) expect(roots[0]!.role).toBe('OPS');
      for (const e of list) {
        const seen = new Set<number>();
        let at: number | null = e.id;
        while (at !== null) {
          expect(seen.has(at)).toBe(false);
          seen.add(at);
          expect(managerOf.has(at)).toBe(true);
          at = managerOf.get(at) ?? null;
        }
      }
      if (accountId === first.accountId) {
        const depth = (id: number): number => (managerOf.get(id) ? 1 + depth(managerOf.get(id)!) : 0);
        expect(Math.max(...list.map((e) => depth(e.id)))).toBe(4);
      }
    }
  });

  it('staffs won and pursued projects: over-allocated people, unfilled roles, time off, certifications lapsing soon', async () => {
    const db = getDb();
    const a = first.accountId;
    const rows = await db
      .select({ assignment: s.workforceAssignments, category: s.projectStages.category })
      .from(s.workforceAssignments)
      .innerJoin(s.projects, eq(s.projects.id, s.workforceAssignments.projectId))
      .innerJoin(s.projectStages, eq(s.projectStages.id, s.projects.projectStageId))
      .where(eq(s.workforceAssignments.accountId, a));
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['won', 'open']));
    expect(rows.some((r) => r.assignment.employeeId === null)).toBe(true);
    const booked = new Map<number, number>();
    for (const { assignment: x } of rows) if (x.employeeId) booked.set(x.employeeId, (booked.get(x.employeeId) ?? 0) + x.allocationPercent);
    expect([...booked.values()].some((percent) => percent > 100)).toBe(true);
    expect(await countIn(s.workforceTimeOff, a)).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const soon = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const certs = await db.select().from(s.workforceCertifications).where(eq(s.workforceCertifications.accountId, a));
    expect(certs.some((c) => c.expiresOn !== null && c.expiresOn >= today && c.expiresOn < soon)).toBe(true);
    const employees = await db.select().from(s.workforceEmployees).where(eq(s.workforceEmployees.accountId, a));
    expect(employees.filter((e) => e.divisionId !== null).length).toBeGreaterThan(20);
    expect(employees.some((e) => e.excludedFromHeadcount)).toBe(true);
  });

  it('gives most projects a team with roles', async () => {
    const db = getDb();
    const memberships = await db
      .select({ projectId: s.projectTeamMemberships.projectId, role: s.projectTeamMembershipRoles.role })
      .from(s.projectTeamMemberships)
      .innerJoin(s.projectTeamMembershipRoles, eq(s.projectTeamMembershipRoles.membershipId, s.projectTeamMemberships.id))
      .where(eq(s.projectTeamMemberships.accountId, first.accountId));
    expect(new Set(memberships.map((m) => m.projectId)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(memberships.map((m) => m.role))).toEqual(new Set(['project_executive', 'project_admin', 'estimator', 'project_manager', 'superintendent']));
  });

  it('records a create event with a link for every lead and project', async () => {
    const db = getDb();
    const events = await db.select().from(s.webhookMessages).where(eq(s.webhookMessages.accountId, first.accountId));
    const leadIds = (await db.select({ id: s.leads.id }).from(s.leads).where(eq(s.leads.accountId, first.accountId))).map((l) => l.id);
    const projectIds = (await db.select({ id: s.projects.id }).from(s.projects).where(eq(s.projects.accountId, first.accountId))).map((p) => p.id);
    const base = (process.env.PUBLIC_BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
    const expected = [
      ...leadIds.map((id) => `lead.create ${id} ${base}/api/2023-01/leads/${id}`),
      ...projectIds.map((id) => `project.create ${id} ${base}/api/2023-01/projects/${id}`),
    ].sort();
    expect(events.map((e) => `${e.eventType} ${e.payload.id} ${e.payload.url}`).sort()).toEqual(expected);
  });

  it('never points a record of one account at a record of another', async () => {
    const accountIds = [first.accountId, first.otherAccountId, second.accountId, second.otherAccountId];
    const relations: [AccountTable, AnyPgColumn, AccountTable][] = [
      [s.companies, s.companies.importId, s.imports],
      [s.companies, s.companies.createdById, s.users],
      [s.contacts, s.contacts.companyId, s.companies],
      [s.contacts, s.contacts.assignedToId, s.users],
      [s.contacts, s.contacts.createdById, s.users],
      [s.contacts, s.contacts.importId, s.imports],
      ...[s.leads.assignedToId, s.leads.archivedById, s.leads.createdById].map((c): [AccountTable, AnyPgColumn, AccountTable] => [s.leads, c, s.users]),
      [s.leads, s.leads.companyId, s.companies],
      [s.leads, s.leads.contactId, s.contacts],
      [s.leads, s.leads.contractTypeId, s.contractTypes],
      [s.leads, s.leads.deliveryMethodId, s.deliveryMethods],
      [s.leads, s.leads.divisionId, s.divisions],
      [s.leads, s.leads.leadSourceId, s.leadSources],
      [s.leads, s.leads.marketSectorId, s.marketSectors],
      [s.leads, s.leads.tenderTypeId, s.tenderTypes],
      [s.projects, s.projects.projectStageId, s.projectStages],
      [s.projects, s.projects.companyId, s.companies],
      [s.projects, s.projects.contactId, s.contacts],
      [s.projects, s.projects.assignedToId, s.users],
      [s.projects, s.projects.createdById, s.users],
      [s.projects, s.projects.contractTypeId, s.contractTypes],
      [s.projects, s.projects.deliveryMethodId, s.deliveryMethods],
      [s.projects, s.projects.divisionId, s.divisions],
      [s.projects, s.projects.importId, s.imports],
      [s.projects, s.projects.leadSourceId, s.leadSources],
      [s.projects, s.projects.lossReasonId, s.lossReasons],
      [s.projects, s.projects.marketSectorId, s.marketSectors],
      [s.projects, s.projects.tenderTypeId, s.tenderTypes],
      [s.projects, s.projects.leadId, s.leads],
      [s.taskLists, s.taskLists.projectId, s.projects],
      [s.tasks, s.tasks.assignedToId, s.users],
      [s.tasks, s.tasks.createdById, s.users],
      [s.tasks, s.tasks.contactId, s.contacts],
      [s.tasks, s.tasks.projectId, s.projects],
      [s.tasks, s.tasks.taskListId, s.taskLists],
      [s.calls, s.calls.callOutcomeId, s.callOutcomes],
      [s.calls, s.calls.companyId, s.companies],
      [s.calls, s.calls.contactId, s.contacts],
      [s.calls, s.calls.projectId, s.projects],
      [s.calls, s.calls.createdById, s.users],
      [s.workforceEmployees, s.workforceEmployees.roleId, s.workforceRoles],
      [s.workforceEmployees, s.workforceEmployees.managerId, s.workforceEmployees],
      [s.workforceEmployees, s.workforceEmployees.divisionId, s.divisions],
      [s.workforceAssignments, s.workforceAssignments.projectId, s.projects],
      [s.workforceAssignments, s.workforceAssignments.employeeId, s.workforceEmployees],
      [s.workforceAssignments, s.workforceAssignments.roleId, s.workforceRoles],
      [s.workforceTimeOff, s.workforceTimeOff.employeeId, s.workforceEmployees],
      [s.workforceCertifications, s.workforceCertifications.employeeId, s.workforceEmployees],
      [s.projectTeamMemberships, s.projectTeamMemberships.projectId, s.projects],
      [s.projectTeamMemberships, s.projectTeamMemberships.userId, s.users],
      [s.webhookMessages, s.webhookMessages.actorId, s.users],
    ];
    for (const [table, column, target] of relations) {
      const [result] = await rows<{ linked: number; foreign: number }>(
        getDb(),
        sql.raw(
          `select count(*)::int as linked, count(*) filter (where t.account_id <> r.account_id)::int as foreign
           from "${getTableName(table)}" r join "${getTableName(target)}" t on t.id = r."${column.name}"
           where r.account_id in (${accountIds.join(', ')})`,
        ),
      );
      const label = `${getTableName(table)}.${column.name}`;
      // Every relation is exercised by the seed, and none crosses accounts.
      expect({ label, used: result!.linked > 0, foreign: result!.foreign }).toEqual({ label, used: true, foreign: 0 });
    }
    const [crossIndustry] = await getDb()
      .select({ n: count() })
      .from(s.companyIndustries)
      .innerJoin(s.companies, eq(s.companies.id, s.companyIndustries.companyId))
      .innerJoin(s.industries, eq(s.industries.id, s.companyIndustries.industryId))
      .where(and(inArray(s.companies.accountId, accountIds), ne(s.industries.accountId, s.companies.accountId)));
    expect(crossIndustry!.n).toBe(0);
  });

  it('seeds a second, independent and identical set for another admin email', async () => {
    const db = getDb();
    expect(second.adminEmail).toBe(`second.${tag}@example.com`);
    expect(new Set([first.accountId, first.otherAccountId, second.accountId, second.otherAccountId]).size).toBe(4);
    for (const table of [s.companies, s.contacts, s.leads, s.projects, s.tasks, s.calls, s.workforceEmployees]) {
      expect(await countIn(table, second.accountId)).toBe(await countIn(table, first.accountId));
    }
    // Same names on every run: the seed is deterministic.
    const names = async (accountId: number) =>
      (
        await db
          .select({ first: s.contacts.firstName, last: s.contacts.lastName })
          .from(s.contacts)
          .where(eq(s.contacts.accountId, accountId))
          .orderBy(asc(s.contacts.id))
      ).map((c) => `${c.first} ${c.last}`);
    expect(await names(second.accountId)).toEqual(await names(first.accountId));

    const emails = async (accountId: number) =>
      (await db.select({ email: s.users.email }).from(s.users).where(eq(s.users.accountId, accountId))).map((u) => u.email);
    const firstHarbor = await emails(first.otherAccountId);
    const secondHarbor = await emails(second.otherAccountId);
    expect(firstHarbor[0]).toMatch(/^harbor\.admin(\+[0-9a-f]{6})?@example\.com$/);
    expect(secondHarbor[0]).toMatch(/^harbor\.admin\+[0-9a-f]{6}@example\.com$/);
    expect(secondHarbor[0]).not.toBe(firstHarbor[0]);
  });

  it('gives the second account a little of everything', async () => {
    const b = first.otherAccountId;
    for (const table of [s.companies, s.contacts, s.leads, s.projects, s.tasks, s.calls, s.workforceEmployees, s.taskLists]) {
      expect(await countIn(table, b)).toBeGreaterThan(0);
    }
    expect(await countIn(s.projects, b)).toBeLessThan(10);
  });

  it('serves the seeded records through every list endpoint', async () => {
    const api = client(await createApiToken(getDb(), { accountId: first.accountId, userId: first.adminUserId }));
    // A project with a team (the bid history's closed bids have none).
    const [project] = await getDb()
      .select({ id: s.projectTeamMemberships.projectId })
      .from(s.projectTeamMemberships)
      .where(eq(s.projectTeamMemberships.accountId, first.accountId))
      .limit(1);
    const lists: [string, string, number][] = [
      ['/leads', 'leads', 40],
      ['/projects', 'projects', 40],
      ['/companies', 'companies', 40],
      ['/contacts', 'contacts', 100],
      ['/tasks', 'tasks', 100],
      ['/task_lists', 'task_lists', 40],
      ['/calls', 'calls', 100],
      ['/workforce/employees', 'workforce_employees', 30],
      [`/project_team_memberships?project_id=${project!.id}`, 'project_team_memberships', 1],
      ['/webhook_messages', 'webhook_messages', 100],
      ['/project_stages', 'project_stages', 7],
      ['/market_sectors', 'market_sectors', 9],
    ];
    for (const [path, key, atLeast] of lists) {
      const res = await api.get(`${path}${path.includes('?') ? '&' : '?'}per_page=100`);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(res.body[key].length).toBeGreaterThanOrEqual(atLeast);
    }
    const projects = (await api.get('/projects?per_page=100')).body.projects as { project_status: string }[];
    expect(new Set(projects.map((p) => p.project_status))).toEqual(new Set(['pursuit', 'upcoming', 'active', 'complete', 'lost']));
  });

  it('starts with comments on open pursuits, mentions among them, and the demo admin’s unread mentions', async () => {
    const api = client(await createApiToken(getDb(), { accountId: first.accountId, userId: first.adminUserId }));
    const inbox = await api.get('/notifications?unread=true');
    expect(inbox.status).toBe(200);
    expect(inbox.body.notifications.length).toBeGreaterThanOrEqual(1);
    const n = inbox.body.notifications.find((x: { kind: string }) => x.kind === 'mention');
    expect(n).toMatchObject({ kind: 'mention', subject: { type: 'project' } });
    const thread = await api.get(`/comments?commentable_type=project&commentable_id=${n.subject.id}`);
    expect(thread.status).toBe(200);
    const comment = thread.body.comments.find((c: { id: string }) => c.id === n.comment.id);
    expect(comment.mentions.map((u: { id: string }) => u.id)).toContain(String(first.adminUserId));
    expect(comment.body).toContain(`(user:${first.adminUserId})`);
  });

  it('gives the demo admin two reminders ahead and one that came due', async () => {
    const api = client(await createApiToken(getDb(), { accountId: first.accountId, userId: first.adminUserId }));
    const upcoming = (await api.get('/reminders?due=upcoming')).body.reminders as { note: string; notified_at: string | null }[];
    expect(upcoming.map((r) => r.note)).toEqual(['Call the owner’s rep about the addendum', 'Check the bid bond is signed']);
    const past = (await api.get('/reminders?due=past')).body.reminders as { notified_at: string | null }[];
    expect(past).toHaveLength(1);
    expect(past[0]!.notified_at).not.toBeNull();
    const arrived = (await api.get('/notifications?kind=reminder')).body.notifications;
    expect(arrived[0].message).toMatch(/^Reminder: .+ — Confirm the pre-bid walk time$/);
  });

  it('records who bid against us on the bid history: the competitors view and the price to win have data', async () => {
    const api = client(await createApiToken(getDb(), { accountId: first.accountId, userId: first.adminUserId }));
    const competitors = (await api.get('/insights/competitors')).body.competitors as {
      bids_against_us: number;
      their_wins: number;
      median_price_gap: number | null;
    }[];
    expect(competitors).toHaveLength(5);
    for (const c of competitors) expect(c.bids_against_us).toBeGreaterThan(0);
    expect(competitors.some((c) => c.their_wins > 0)).toBe(true);
    expect(competitors.every((c) => c.median_price_gap !== null)).toBe(true);
    const open = (await api.get('/projects?project_status=pursuit&per_page=100')).body.projects as {
      price_to_win: { low_in_cents: number; high_in_cents: number } | null;
    }[];
    const priced = open.filter((p) => p.price_to_win !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const p of priced) expect(p.price_to_win!.low_in_cents).toBeLessThanOrEqual(p.price_to_win!.high_in_cents);
  });
});
