import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db';
import {
  bidResults,
  calls,
  commentMentions,
  comments,
  companies,
  companyIndustries,
  contacts,
  imports,
  leads,
  marketSectors,
  notifications,
  projectTeamMembershipRoles,
  projectTeamMemberships,
  projects,
  reminders,
  taskLists,
  tasks,
  webhookMessages,
  workforceEmployees,
  workforceRoles,
  type CompanyCategory,
  type CloseType,
  type StageCategory,
} from '@/db/schema';
import { createAccount, DEFAULT_STAGES, namedLookupTables, type NamedLookupKey } from '@/db/queries/accounts';
import { CALL_NOTES, EMPLOYEE_NOTES, GENERAL_TASK_TITLES, NICKNAMES, TASK_NOTES, TASK_TITLES, taskListNames } from './data';
import type { AccountPlan, City, CompanySeed, LeadSeed, PlanUser, ProjectSeed, StageName } from './plan';
import { createRandom, dateOnly, type Random } from './random';
import { callTime, careerDates, constructionDuration, describeScope, probability, projectTimeline, slug, taskTiming, valueInCents } from './values';

// Writes one account of a plan, table by table: one multi-row insert per table (the workforce
// takes one per level of its tree), ids stitched in memory from the `returning` rows, which
// PostgreSQL gives back in the order of the inserted values.

const MINUTE = 60_000;
const OWNER_CATEGORIES: CompanyCategory[] = ['owner', 'client'];

interface Account {
  tx: Db;
  r: Random;
  plan: AccountPlan;
  accountId: number;
  userIds: number[];
  stages: Map<StageName, { id: number; category: StageCategory }>;
  /** Set up long before the oldest record, so every lookup predates what uses it. */
  setUpAt: Date;
}

interface Company {
  id: number;
  seed: CompanySeed;
  createdAt: Date;
  contacts: Contact[];
}

interface Contact {
  id: number;
  companyId: number;
  name: string;
}

interface Project {
  id: number;
  seed: ProjectSeed;
  company: Company | null;
  contact: Contact | null;
  createdAt: Date;
}

export async function seedAccount(
  tx: Db,
  r: Random,
  plan: AccountPlan,
  email: (e: PlanUser['email']) => string,
  baseUrl: string,
): Promise<{ accountId: number; userIds: number[] }> {
  const { accountId, userIds, stageIds } = await createAccount(tx, {
    name: plan.name,
    users: plan.users.map((u) => ({ firstName: u.firstName, lastName: u.lastName, email: email(u.email), role: u.role, access: u.access })),
  });
  const stages = new Map(DEFAULT_STAGES.map((s, i) => [s.name, { id: stageIds[i]!, category: s.category }] as const));
  const a: Account = { tx, r, plan, accountId, userIds, stages, setUpAt: r.daysAgo(760) };

  const lookups = await seedLookups(a);
  const companyList = await seedCompanies(a, lookups);
  const projectList = await seedPipeline(a, lookups, companyList, baseUrl);
  await seedBidHistory(a, lookups, companyList, baseUrl);
  await seedTasks(a, projectList, companyList);
  await seedCalls(a, lookups, projectList, companyList);
  await seedWorkforce(a, lookups);
  await seedTeams(a, projectList);
  await seedComments(a, projectList);
  await seedCompetitors(a);
  return { accountId, userIds };
}

// Shared pickers.

/** Who records are assigned to: the users who see every project (a team-limited superintendent is not given pursuits). */
const user = (a: Account) => a.r.pick(a.userIds.filter((_, i) => a.plan.users[i]!.access?.projectAccess !== 'team'));
const localCity = (a: Account) => a.r.pick(a.plan.cities.slice(0, a.plan.localCityCount));
const cityNamed = (a: Account, name: string) => a.plan.cities.find((c) => c.city === name) ?? a.plan.cities[0]!;
const phone = (a: Account, city: City) => `(${city.areaCode}) ${a.r.int(201, 989)}-${a.r.faker.string.numeric(4)}`;
const address = (a: Account, city: City) => ({
  streetAddress: a.r.faker.location.streetAddress(),
  streetAddress2: null as string | null,
  city: city.city,
  state: city.state,
  zip: city.zip,
  country: 'US',
});

type Lookups = Awaited<ReturnType<typeof seedLookups>>;

async function seedLookups(a: Account) {
  const { tx, r, plan, accountId, setUpAt } = a;
  const ids = {} as Record<NamedLookupKey, Map<string, number>>;
  for (const key of Object.keys(plan.lookups) as NamedLookupKey[]) {
    const table = namedLookupTables[key];
    const names = plan.lookups[key];
    const rows = names.length
      ? await tx
          .insert(table)
          .values(names.map((name) => ({ accountId, name, createdAt: setUpAt, updatedAt: setUpAt })))
          .returning({ id: table.id })
      : [];
    ids[key] = new Map(names.map((name, i) => [name, rows[i]!.id]));
  }
  const roleRows = await tx
    .insert(workforceRoles)
    .values(plan.workforceRoles.map((w) => ({ accountId, ...w, createdAt: setUpAt, updatedAt: setUpAt })))
    .returning({ id: workforceRoles.id });
  const importAt = r.daysAgo(210);
  const [importRow] = plan.importName
    ? await tx.insert(imports).values({ accountId, name: plan.importName, createdAt: importAt, updatedAt: importAt }).returning({ id: imports.id })
    : [];
  return {
    /** The id of a named value, null when the name is null or not in this account's list. */
    id: (key: NamedLookupKey, name: string | null | undefined) => (name == null ? null : (ids[key].get(name) ?? null)),
    /** Any value of the list, or (1 - probability of the time) none. */
    any: (key: NamedLookupKey, probability = 0.9) => (ids[key].size && r.chance(probability) ? r.pick([...ids[key].values()]) : null),
    entries: (key: NamedLookupKey) => [...ids[key].entries()],
    roleIds: new Map(plan.workforceRoles.map((w, i) => [w.abbreviation, roleRows[i]!.id])),
    importId: importRow?.id ?? null,
    /** Shortly after the import ran: records that came in with it. */
    imported: () => new Date(importAt.getTime() + r.int(1, 20) * MINUTE),
  };
}

async function seedCompanies(a: Account, lookups: Lookups): Promise<Company[]> {
  const { tx, r, plan, accountId } = a;
  const values = plan.companies.map((c) => {
    // Owners and designers are old relationships; trades and suppliers keep being added.
    const createdAt = c.imported
      ? lookups.imported()
      : [...OWNER_CATEGORIES, 'architect'].includes(c.category)
        ? r.between(r.daysAgo(730), r.daysAgo(120))
        : r.between(r.daysAgo(420), r.daysAgo(3));
    const city = cityNamed(a, c.city);
    return {
      accountId,
      name: c.name,
      description: c.description,
      phone: phone(a, city),
      website: `https://www.${c.domain}`,
      category: c.category,
      ...address(a, city),
      streetAddress2: r.chance(0.3) ? `Suite ${r.int(1, 9)}${r.pick(['00', '10', '20', '50'])}` : null,
      importId: c.imported ? lookups.importId : null,
      createdById: user(a),
      createdAt,
      updatedAt: r.touched(createdAt),
    };
  });
  const rows = await tx.insert(companies).values(values).returning({ id: companies.id });
  const list: Company[] = plan.companies.map((seed, i) => ({
    id: rows[i]!.id,
    seed,
    createdAt: values[i]!.createdAt,
    contacts: [],
  }));

  const industryLinks = list.flatMap((c) =>
    (c.seed.industries ?? []).flatMap((name) => {
      const industryId = lookups.id('industries', name);
      return industryId ? [{ companyId: c.id, industryId }] : [];
    }),
  );
  if (industryLinks.length) await tx.insert(companyIndustries).values(industryLinks);

  const people = list.flatMap((company) =>
    plan.contactTitles[company.seed.category].map((jobTitle) => {
      const firstName = r.faker.person.firstName();
      const lastName = r.faker.person.lastName();
      const handle = `${slug(firstName)}.${slug(lastName)}`;
      const createdAt = company.seed.imported ? lookups.imported() : r.between(company.createdAt, r.clamp(r.addDays(company.createdAt, 240)));
      return {
        company,
        row: {
          accountId,
          firstName,
          lastName,
          email: `${handle}@${company.seed.domain}`,
          jobTitle,
          mobilePhone: r.chance(0.7) ? phone(a, localCity(a)) : null,
          officePhone: phone(a, cityNamed(a, company.seed.city)),
          linkedInProfileUrl: r.chance(0.5) ? `https://www.linkedin.com/in/${handle.replace('.', '-')}-${r.int(1000, 9999)}` : null,
          companyId: company.id,
          assignedToId: r.chance(0.8) ? user(a) : null,
          createdById: user(a),
          importId: company.seed.imported ? lookups.importId : null,
          createdAt,
          updatedAt: r.touched(createdAt),
        },
      };
    }),
  );
  if (people.length) {
    const contactRows = await tx
      .insert(contacts)
      .values(people.map((p) => p.row))
      .returning({ id: contacts.id });
    people.forEach(({ company, row }, i) => {
      company.contacts.push({ id: contactRows[i]!.id, companyId: company.id, name: `${row.firstName} ${row.lastName}` });
    });
  }
  return list;
}

/** Leads and projects, and the creation event of each in the webhook outbox. */
async function seedPipeline(a: Account, lookups: Lookups, companyList: Company[], baseUrl: string) {
  const { tx, r, plan, accountId } = a;
  const owners = companyList.filter((c) => OWNER_CATEGORIES.includes(c.seed.category));
  const architects = companyList.filter((c) => c.seed.category === 'architect');

  // What a lead and a project share: client, contact, value, site and classification.
  function opportunity(seed: LeadSeed, isLead: boolean) {
    let source: string | null = null;
    let company: Company | null;
    if (seed.client !== undefined) {
      company = seed.client === null ? null : (owners.find((c) => c.seed.name === seed.client) ?? null);
      if (seed.client !== null && !company) throw new Error(`Seed data: no owner or client named ${seed.client}`);
    } else {
      const sectorOwners = owners.filter((c) => seed.sector && c.seed.sectors?.includes(seed.sector));
      company = sectorOwners.length ? r.pick(sectorOwners) : null;
      // Some leads reach us through their architect, some from a bid board with no client yet.
      if (isLead && architects.length && r.chance(0.2)) {
        company = r.pick(architects);
        source = 'Architect Relationship';
      } else if (isLead && r.chance(0.08)) {
        company = null;
        source = 'Bid Board';
      }
    }
    const isPublic = seed.sector === 'Government' || seed.sector === 'Education';
    return {
      company,
      contact: company?.contacts.length && r.chance(0.85) ? r.pick(company.contacts) : null,
      columns: {
        description: r.chance(0.85) ? describeScope(seed, company?.seed ?? null) : null,
        ...address(a, localCity(a)),
        companyId: company?.id ?? null,
        marketSectorId: lookups.id('market_sectors', seed.sector),
        divisionId: lookups.id('divisions', plan.divisionBySector[seed.sector ?? '*'] ?? plan.divisionBySector['*']),
        leadSourceId: lookups.id('lead_sources', source) ?? lookups.any('lead_sources'),
        tenderTypeId: isPublic ? (lookups.id('tender_types', 'Public Bid') ?? lookups.any('tender_types')) : lookups.any('tender_types', 0.8),
        contractTypeId: isPublic ? (lookups.id('contract_types', 'Hard Bid') ?? lookups.any('contract_types')) : lookups.any('contract_types'),
        deliveryMethodId: lookups.any('delivery_methods', 0.8),
      },
    };
  }

  // Projects are drafted first: a converted lead carries its project's fields.
  const drafts = plan.projects.map((seed) => {
    const stage = a.stages.get(seed.stage)!;
    const o = opportunity(seed, false);
    const t = projectTimeline(r, seed);
    const createdAt = seed.imported ? lookups.imported() : t.createdAt;
    const stageEnteredAt = t.stageEnteredAt > createdAt ? t.stageEnteredAt : createdAt;
    const bidDueAt = t.bidDue && r.chance(0.5) ? new Date(`${dateOnly(t.bidDue)}T21:00:00Z`) : null;
    const isPublic = o.columns.tenderTypeId !== null && o.columns.tenderTypeId === lookups.id('tender_types', 'Public Bid');
    const row = {
      ...o.columns,
      accountId,
      name: seed.name,
      projectNumber: null as string | null,
      externalId: isPublic ? `BX-${r.int(100_000, 999_999)}` : null,
      amountInCents: valueInCents(r, seed),
      probability: probability(r, seed),
      squareFeet: seed.squareFeet,
      units: seed.units ?? null,
      awardDate: t.award ? dateOnly(t.award) : null,
      bidDueDate: t.bidDue ? dateOnly(t.bidDue) : null,
      bidDueAt,
      bidDueAtIncludesTime: bidDueAt !== null,
      startDate: t.start ? dateOnly(t.start) : null,
      endDate: t.end ? dateOnly(t.end) : null,
      workScope: seed.scope,
      closeType: stage.category === 'open' ? null : stage.category,
      closedAt: stage.category === 'open' ? null : stageEnteredAt,
      customFields: isPublic ? { prevailing_wage: true, bid_bond_percent: 5 } : {},
      projectStageId: stage.id,
      stageEnteredAt,
      contactId: o.contact?.id ?? null,
      assignedToId: user(a),
      createdById: user(a),
      importId: seed.imported ? lookups.importId : null,
      lossReasonId: lookups.id('loss_reasons', seed.lossReason),
      leadId: null as number | null,
      createdAt,
      updatedAt: r.clamp(stageEnteredAt),
    };
    return { seed, company: o.company, contact: o.contact, row };
  });
  // Numbers follow the order projects were opened, per year; the first stage has none yet.
  const perYear = new Map<number, number>();
  for (const d of [...drafts].sort((x, y) => x.row.createdAt.getTime() - y.row.createdAt.getTime())) {
    if (d.seed.stage === 'Lead') continue;
    const year = d.row.createdAt.getUTCFullYear();
    perYear.set(year, (perYear.get(year) ?? 0) + 1);
    d.row.projectNumber = `${plan.projectNumberPrefix}-${year}-${String(perYear.get(year)).padStart(3, '0')}`;
  }

  // Leads: the open pipeline with a few archived and snoozed, then the converted ones.
  const order = r.shuffle(plan.leads.map((_, i) => i));
  const archivedCount = Math.ceil(plan.leads.length / 7);
  const snoozedCount = Math.max(1, Math.round(plan.leads.length / 14));
  const archived = new Set(order.slice(0, archivedCount));
  const snoozed = new Set(order.slice(archivedCount, archivedCount + snoozedCount));
  const snoozeOver = new Set(order.slice(archivedCount + snoozedCount, archivedCount + snoozedCount + Math.floor(plan.leads.length / 25)));
  const leadRow = (seed: LeadSeed) => {
    const [duration, unit] = constructionDuration(r, seed);
    return {
      accountId,
      name: seed.name,
      valueInCents: valueInCents(r, seed),
      estimatedStartDate: dateOnly(r.daysFromNow(r.int(30, 420))),
      constructionDuration: duration,
      constructionDurationUnit: unit,
      squareFeet: seed.squareFeet,
      units: seed.units ?? null,
      workScope: seed.scope,
    };
  };
  const leadValues = plan.leads.map((seed, i) => {
    const o = opportunity(seed, true);
    const createdAt = r.between(r.daysAgo(300), r.daysAgo(1));
    const archivedAt = archived.has(i) ? r.between(createdAt, r.now) : null;
    const snoozeUntil = snoozed.has(i) ? r.between(r.daysFromNow(5), r.daysFromNow(75)) : snoozeOver.has(i) ? r.between(createdAt, r.now) : null;
    return {
      ...leadRow(seed),
      ...o.columns,
      contactId: o.contact?.id ?? null,
      priority: r.chance(0.25),
      archivedAt,
      archivedById: archivedAt ? user(a) : null,
      snoozeUntil,
      assignedToId: r.chance(0.9) ? user(a) : null,
      createdById: user(a),
      createdAt,
      updatedAt: archivedAt ?? r.touched(createdAt),
    };
  });
  // Converting a lead archives it and copies its client, value, site and classification.
  const converted = drafts.filter((d) => d.seed.fromLead);
  for (const { seed, row: p } of converted) {
    leadValues.push({
      ...leadRow(seed),
      valueInCents: p.amountInCents,
      description: p.description,
      streetAddress: p.streetAddress,
      streetAddress2: p.streetAddress2,
      city: p.city,
      state: p.state,
      zip: p.zip,
      country: p.country,
      companyId: p.companyId,
      contactId: p.contactId,
      marketSectorId: p.marketSectorId,
      divisionId: p.divisionId,
      leadSourceId: p.leadSourceId,
      tenderTypeId: p.tenderTypeId,
      contractTypeId: p.contractTypeId,
      deliveryMethodId: p.deliveryMethodId,
      priority: r.chance(0.4),
      archivedAt: p.createdAt,
      archivedById: p.createdById,
      snoozeUntil: null,
      assignedToId: p.assignedToId,
      createdById: user(a),
      createdAt: r.addDays(p.createdAt, -r.int(10, 60)),
      updatedAt: p.createdAt,
    });
  }
  const leadRows = await tx.insert(leads).values(leadValues).returning({ id: leads.id });
  converted.forEach((d, i) => {
    d.row.leadId = leadRows[plan.leads.length + i]!.id;
  });

  const projectRows = await tx
    .insert(projects)
    .values(drafts.map((d) => d.row))
    .returning({ id: projects.id });

  const event = (resource: 'lead' | 'project', id: number, row: { createdById: number; createdAt: Date }) => ({
    accountId,
    eventType: `${resource}.create`,
    payload: { id: String(id), url: `${baseUrl}/api/2023-01/${resource}s/${id}` },
    actorId: row.createdById,
    timestamp: row.createdAt,
  });
  await tx
    .insert(webhookMessages)
    .values([...leadValues.map((row, i) => event('lead', leadRows[i]!.id, row)), ...drafts.map((d, i) => event('project', projectRows[i]!.id, d.row))]);

  return drafts.map((d, i): Project => ({
    id: projectRows[i]!.id,
    seed: d.seed,
    company: d.company,
    contact: d.contact,
    createdAt: d.row.createdAt,
  }));
}

/** What estimators and PMs say on a pursuit; `{who}` is a colleague mentioned. */
const COMMENT_LINES = [
  '{who}, can you confirm the bid date with the owner’s rep? The addendum may move it.',
  'Steel pricing came back **8% higher** than our budget number — {who}, worth a second quote?',
  'Site walk is Thursday at 9. {who}, can you join?',
  'Owner wants alternates for the roofing package:\n- standing seam\n- TPO\n- modified bitumen',
  'Spoke with the architect: drawings are at 90 %. {who}, please update the estimate when they land.',
  'We are *likely* short-listed. {who} — prep the interview deck?',
];

/**
 * Comments on the newest open pursuits, some mentioning a colleague (the demo admin among them),
 * with those mentions' notifications unread: the thread and the bell have something on first start.
 */
async function seedComments(a: Account, projectList: Project[]) {
  const { tx, plan, accountId, userIds } = a;
  // A stream of its own: the comments draw nothing from the account's, so the rest of the demo
  // (the forecast's targets and pipeline among it) is what it was before comments existed.
  const r = createRandom(a.r.now, 28);
  const names = new Map(userIds.map((id, i) => [id, `${plan.users[i]!.firstName} ${plan.users[i]!.lastName}`]));
  const open = projectList.filter((p) => a.stages.get(p.seed.stage)?.category === 'open').slice(-6);
  // Only users who see every project are mentioned (a team-limited one may not see the pursuit).
  const seeAll = userIds.filter((_, i) => plan.users[i]!.access?.projectAccess !== 'team');
  for (const [index, project] of open.entries()) {
    let at = r.between(project.createdAt, r.now);
    const count = r.int(1, 3);
    for (let n = 0; n < count; n++) {
      const author = r.pick(seeAll);
      // The first comment of the first pursuits mentions the demo admin: their bell starts with something.
      const mentioned = index < 3 && n === 0 ? userIds[0]! : r.chance(0.5) ? r.pick(seeAll.filter((id) => id !== author)) : null;
      const line = r.pick(COMMENT_LINES);
      const who = mentioned !== null && mentioned !== author ? `@[${names.get(mentioned)}](user:${mentioned})` : 'Team';
      const body = line.includes('{who}') ? line.replace('{who}', who) : line;
      const [row] = await tx
        .insert(comments)
        .values({ accountId, commentableType: 'project', commentableId: project.id, body, authorId: author, createdAt: at, updatedAt: at })
        .returning({ id: comments.id });
      if (who !== 'Team' && line.includes('{who}')) {
        await tx.insert(commentMentions).values({ commentId: row!.id, userId: mentioned!, position: 0 });
        await tx.insert(notifications).values({
          accountId,
          userId: mentioned!,
          kind: 'mention',
          actorId: author,
          subjectType: 'project',
          subjectId: project.id,
          commentId: row!.id,
          createdAt: at,
          updatedAt: at,
        });
      }
      at = r.between(at, r.now);
    }
  }
  // The demo admin's reminders: two ahead (tomorrow morning, next week), and one that came due
  // yesterday, already in their notifications.
  const admin = userIds[0]!;
  // At 8 in the morning in New York (13:00 UTC in winter), days from today.
  const morning = (days: number) => {
    const d = new Date(r.now);
    d.setUTCDate(d.getUTCDate() + days);
    d.setUTCHours(13, 0, 0, 0);
    return d;
  };
  const reminded = [
    { project: open.at(-1), at: morning(1), note: 'Call the owner’s rep about the addendum' },
    { project: open.at(-2), at: morning(7), note: 'Check the bid bond is signed' },
    { project: open.at(-3), at: morning(-1), note: 'Confirm the pre-bid walk time' },
  ];
  for (const { project, at, note } of reminded) {
    if (!project) continue;
    const past = at.getTime() < r.now.getTime();
    await tx
      .insert(reminders)
      .values({ accountId, userId: admin, remindableType: 'project', remindableId: project.id, remindAt: at, note, notifiedAt: past ? at : null });
    if (past)
      await tx.insert(notifications).values({
        accountId,
        userId: admin,
        kind: 'reminder',
        actorId: null,
        subjectType: 'project',
        subjectId: project.id,
        detail: note,
        dedupeKey: `reminder:seed:${project.id}`,
        createdAt: at,
        updatedAt: at,
      });
  }
}

/** Task lists for every project, tasks spread over them, and a few tasks about people only. */
/**
 * Older closed bids, 4 to 22 months back: won (complete), lost with a reason, a few cancelled and
 * not pursued; no tasks, calls or teams. Closed before the last 90 days, so Home's window and the
 * named projects' story stay as they are.
 */
async function seedBidHistory(a: Account, lookups: Lookups, companyList: Company[], baseUrl: string) {
  const { tx, r, plan, accountId } = a;
  const won = a.stages.get('Won')!;
  const lost = a.stages.get('Lost')!;
  const owners = companyList.filter((c) => OWNER_CATEGORIES.includes(c.seed.category));
  const rows = (plan.bidHistory ?? []).flatMap((h) => {
    const kinds = [
      ...Array<CloseType>(h.won).fill('won'),
      ...Array<CloseType>(h.lost).fill('lost'),
      ...Array<CloseType>(h.cancelled ?? 0).fill('cancelled'),
      ...Array<CloseType>(h.didNotPursue ?? 0).fill('did_not_pursue'),
    ];
    const sectorOwners = owners.filter((c) => c.seed.sectors?.includes(h.sector));
    return kinds.map((closeType) => {
      const closedAt = r.between(r.daysAgo(660), r.daysAgo(120));
      const createdAt = new Date(closedAt.getTime() - r.int(30, 100) * 86_400_000);
      const company = sectorOwners.length && r.chance(0.8) ? r.pick(sectorOwners) : null;
      const start = closeType === 'won' ? new Date(closedAt.getTime() + r.int(20, 60) * 86_400_000) : null;
      const end = start ? new Date(Math.min(start.getTime() + r.int(90, 300) * 86_400_000, r.daysAgo(5).getTime())) : null;
      const isPublic = h.sector === 'Education';
      return {
        accountId,
        name: `${localCity(a).city} ${r.pick(h.names)}`,
        amountInCents: r.int(8, 400) * 10_000_000,
        probability: closeType === 'won' ? 1 : 0,
        squareFeet: r.int(8, 120) * 1000,
        workScope: r.pick(['new_construction', 'renovation', 'addition', 'tenant_improvement'] as const),
        ...address(a, localCity(a)),
        companyId: company?.id ?? null,
        marketSectorId: lookups.id('market_sectors', h.sector),
        divisionId: lookups.id('divisions', plan.divisionBySector[h.sector] ?? plan.divisionBySector['*']),
        tenderTypeId: isPublic ? lookups.id('tender_types', 'Public Bid') : lookups.any('tender_types', 0.8),
        contractTypeId: isPublic ? lookups.id('contract_types', 'Hard Bid') : lookups.any('contract_types'),
        deliveryMethodId: lookups.any('delivery_methods', 0.8),
        leadSourceId: lookups.any('lead_sources'),
        projectStageId: closeType === 'won' ? won.id : lost.id,
        closeType,
        closedAt,
        stageEnteredAt: closedAt,
        lossReasonId:
          closeType === 'won'
            ? null
            : lookups.id('loss_reasons', closeType === 'cancelled' ? 'Project Cancelled' : r.pick(['Price', 'Schedule', 'Relationship', 'Lost to Competitor'])),
        awardDate: closeType === 'won' ? dateOnly(closedAt) : null,
        bidDueDate: dateOnly(new Date(closedAt.getTime() - r.int(7, 30) * 86_400_000)),
        startDate: start && dateOnly(start),
        endDate: end && dateOnly(end),
        assignedToId: user(a),
        createdById: user(a),
        createdAt,
        updatedAt: closedAt,
      };
    });
  });
  if (rows.length === 0) return;
  const ids = await tx.insert(projects).values(rows).returning({ id: projects.id });
  await tx.insert(webhookMessages).values(
    rows.map((row, i) => ({
      accountId,
      eventType: 'project.create',
      payload: { id: String(ids[i]!.id), url: `${baseUrl}/api/2023-01/projects/${ids[i]!.id}` },
      actorId: row.createdById,
      timestamp: row.createdAt,
    })),
  );
}

/**
 * The firms we bid against, and who bid on each won or lost project of their sectors: our bid at
 * the project's amount, two to four of theirs priced around ours (their habit ± a few percent),
 * the lowest-priced competitor winning what we lost, ranks by price. Its own random stream, last:
 * the rest of the demo data stays as it was.
 */
async function seedCompetitors(a: Account) {
  const { tx, plan, accountId } = a;
  if (!plan.competitors?.length) return;
  const r = createRandom(a.r.now, 3100 + accountId);
  const rows = await tx
    .insert(companies)
    .values(
      plan.competitors.map((c) => {
        const createdAt = r.between(r.daysAgo(700), r.daysAgo(200));
        return {
          accountId,
          name: c.name,
          description: c.description,
          website: `https://www.${c.domain}`,
          category: 'competitor' as const,
          city: c.city,
          state: cityNamed(a, c.city).state,
          country: 'US',
          createdById: a.userIds[0]!,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: companies.id });
  const competitors = plan.competitors.map((seed, i) => ({ id: rows[i]!.id, seed }));
  const sectorNames = new Map(
    (await tx.select({ id: marketSectors.id, name: marketSectors.name }).from(marketSectors).where(eq(marketSectors.accountId, accountId))).map((m) => [
      m.id,
      m.name,
    ]),
  );
  const closed = await tx
    .select({ id: projects.id, amount: projects.amountInCents, closeType: projects.closeType, sector: projects.marketSectorId, closedAt: projects.closedAt })
    .from(projects)
    .where(and(eq(projects.accountId, accountId), inArray(projects.closeType, ['won', 'lost'])))
    .orderBy(projects.id);
  const values = closed.flatMap((p) => {
    const sector = p.sector === null ? undefined : sectorNames.get(p.sector);
    const rivals = competitors.filter((c) => sector !== undefined && c.seed.sectors.includes(sector));
    if (p.amount === null || rivals.length === 0) return [];
    const ours = p.amount;
    const won = p.closeType === 'won';
    const bidders = r.shuffle(rivals).slice(0, r.int(2, Math.min(4, rivals.length)));
    const bids = bidders.map((c) => ({ company: c.id, amount: Math.round((ours * (c.seed.pricing + r.int(-4, 4) / 100)) / 100) * 100 }));
    // What we won, nobody undercut; what we lost, the cheapest of them took.
    for (const b of bids) if (won && b.amount <= ours) b.amount = Math.round((ours * (1 + r.int(1, 6) / 100)) / 100) * 100;
    if (!won && bids.every((b) => b.amount >= ours)) bids[0]!.amount = Math.round((ours * (1 - r.int(1, 6) / 100)) / 100) * 100;
    const all = [{ company: null as number | null, amount: ours }, ...bids].sort((x, y) => x.amount - y.amount);
    const at = p.closedAt ?? r.now;
    return all.map((b, i) => ({
      accountId,
      projectId: p.id,
      companyId: b.company,
      isUs: b.company === null,
      amountInCents: b.amount,
      rank: i + 1,
      isWinner: won ? b.company === null : i === 0,
      notes: null,
      createdAt: at,
      updatedAt: at,
    }));
  });
  if (values.length) await tx.insert(bidResults).values(values);
}

async function seedTasks(a: Account, projectList: Project[], companyList: Company[]) {
  const { tx, r, plan, accountId } = a;
  const listValues = projectList.flatMap((p) =>
    taskListNames(p.seed.stage, p.seed.status).map((name) => {
      const createdAt = r.between(p.createdAt, r.clamp(r.addDays(p.createdAt, 14)));
      return { project: p, row: { accountId, name, projectId: p.id, createdAt, updatedAt: createdAt } };
    }),
  );
  if (!listValues.length) return;
  const listRows = await tx
    .insert(taskLists)
    .values(listValues.map((l) => l.row))
    .returning({ id: taskLists.id });
  // Each list starts somewhere in its template so lists of the same kind differ.
  const lists = listValues.map((l, i) => ({ ...l, id: listRows[i]!.id, next: r.int(0, 6) }));

  const values: (typeof tasks.$inferInsert)[] = [];
  for (let i = 0; i < plan.projectTaskCount; i++) {
    const list = lists[i % lists.length]!;
    const titles = TASK_TITLES[list.row.name]!;
    const p = list.project;
    const finished = p.seed.stage === 'Lost' || p.seed.status === 'complete';
    values.push({
      ...taskTiming(r, list.row.createdAt, finished ? 0.95 : 0.35),
      accountId,
      title: titles[list.next++ % titles.length]!,
      notes: r.chance(0.3) ? r.pick(TASK_NOTES) : null,
      assignedToId: r.chance(0.9) ? user(a) : null,
      createdById: user(a),
      contactId: p.contact && r.chance(0.4) ? p.contact.id : null,
      projectId: p.id,
      taskListId: list.id,
    });
  }
  const clients = companyList.filter((c) => c.seed.category !== 'supplier' && c.contacts.length);
  for (let i = 0; i < plan.generalTaskCount && clients.length; i++) {
    const company = r.pick(clients);
    const contact = r.pick(company.contacts);
    values.push({
      ...taskTiming(r, r.daysAgo(60), 0.3),
      accountId,
      title: r.pick(GENERAL_TASK_TITLES).replace('{contact}', contact.name).replace('{company}', company.seed.name),
      notes: null,
      assignedToId: user(a),
      createdById: user(a),
      contactId: contact.id,
      projectId: null,
      taskListId: null,
    });
  }
  await tx.insert(tasks).values(values);
}

/** Calls over the last 90 days, about half of them about a project. */
async function seedCalls(a: Account, lookups: Lookups, projectList: Project[], companyList: Company[]) {
  const { tx, r, plan, accountId } = a;
  const people = companyList.filter((c) => c.seed.category !== 'supplier').flatMap((c) => c.contacts);
  const outcomes = lookups.entries('call_outcomes');
  const values = Array.from({ length: plan.callCount }, () => {
    const project = projectList.length && r.chance(0.5) ? r.pick(projectList) : null;
    const contact = project?.contact ?? (people.length ? r.pick(people) : null);
    const [outcome, callOutcomeId] = outcomes.length ? r.pick(outcomes) : ['Connected', null];
    const recordedAt = callTime(r);
    const createdAt = r.clamp(new Date(recordedAt.getTime() + r.int(2, 90) * MINUTE));
    return {
      accountId,
      notes: r.pick(CALL_NOTES[outcome] ?? CALL_NOTES.Connected!),
      recordedAt,
      callOutcomeId,
      companyId: project?.company?.id ?? contact?.companyId ?? null,
      contactId: contact?.id ?? null,
      projectId: project?.id ?? null,
      createdById: user(a),
      createdAt,
      updatedAt: createdAt,
    };
  });
  if (values.length) await tx.insert(calls).values(values);
}

/** The field and office staff as a tree; one insert per level, since a level needs its managers' ids. */
async function seedWorkforce(a: Account, lookups: Lookups) {
  const { tx, r, plan, accountId } = a;
  const idsByRole = new Map<string, number[]>();
  for (const level of plan.employees) {
    const members = level.flatMap((group) =>
      Array.from({ length: group.count }, (_, i) => {
        const managers = group.reportsTo ? (idsByRole.get(group.reportsTo) ?? []) : [];
        return { role: group.abbreviation, managerId: managers.length ? managers[i % managers.length]! : null };
      }),
    );
    const values = members.map((m) => {
      const nicknamed = r.chance(0.25);
      const legalFirstName = nicknamed ? r.pick(Object.keys(NICKNAMES)) : r.faker.person.firstName();
      const lastName = r.faker.person.lastName();
      const city = localCity(a);
      const createdAt = r.between(r.daysAgo(700), r.daysAgo(5));
      return {
        accountId,
        legalFirstName,
        preferredFirstName: nicknamed ? NICKNAMES[legalFirstName]! : null,
        lastName,
        email: `${slug(legalFirstName).charAt(0)}${slug(lastName)}@${plan.employeeDomain}`,
        phone: phone(a, city),
        notes: r.chance(0.3) ? r.pick(EMPLOYEE_NOTES) : null,
        ...careerDates(r),
        ...address(a, city),
        roleId: lookups.roleIds.get(m.role) ?? null,
        managerId: m.managerId,
        createdAt,
        updatedAt: r.touched(createdAt),
      };
    });
    const rows = await tx.insert(workforceEmployees).values(values).returning({ id: workforceEmployees.id });
    members.forEach((m, i) => idsByRole.set(m.role, [...(idsByRole.get(m.role) ?? []), rows[i]!.id]));
  }
}

/** Teams on most projects: the estimator on every pursuit, everyone on won work. */
async function seedTeams(a: Account, projectList: Project[]) {
  const { tx, r, plan, accountId } = a;
  const members = plan.users.flatMap((u, i) => (u.teamRoles ? [{ id: a.userIds[i]!, roles: u.teamRoles }] : []));
  const estimator = members.find((m) => m.roles.pursuit.includes('estimator'));
  const memberships = projectList.flatMap((p, index) => {
    if (index % 7 === 6) return [];
    const won = p.seed.stage === 'Won';
    const createdAt = r.between(p.createdAt, r.clamp(r.addDays(p.createdAt, 10)));
    return (
      members
        // Someone with no pursuit roles (a superintendent) joins won work only, drawing nothing.
        .filter((m) => won || m === estimator || (m.roles.pursuit.length > 0 && r.chance(0.4)))
        .map((m) => ({
          roles: won ? m.roles.won : m.roles.pursuit,
          row: { accountId, projectId: p.id, userId: m.id, createdAt, updatedAt: createdAt },
        }))
    );
  });
  if (!memberships.length) return;
  const rows = await tx
    .insert(projectTeamMemberships)
    .values(memberships.map((m) => m.row))
    .returning({ id: projectTeamMemberships.id });
  await tx
    .insert(projectTeamMembershipRoles)
    .values(
      memberships.flatMap((m, i) => m.roles.map((role) => ({ membershipId: rows[i]!.id, role, createdAt: m.row.createdAt, updatedAt: m.row.createdAt }))),
    );
}
