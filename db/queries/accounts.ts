import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import {
  accounts,
  callOutcomes,
  contractTypes,
  deliveryMethods,
  divisions,
  industries,
  leadSources,
  lossReasons,
  marketSectors,
  goNoGoCriteria,
  projectStages,
  tenderTypes,
  users,
  workforceRoles,
} from '@/db/schema';
import type { StageCategory, UserRole } from '@/db/schema/enums';

export async function insertAccount(db: Db, name: string): Promise<number> {
  const [row] = await db.insert(accounts).values({ name }).returning({ id: accounts.id });
  return row!.id;
}

export async function insertUser(
  db: Db,
  values: {
    accountId: number;
    firstName: string | null;
    lastName: string | null;
    email: string;
    role?: UserRole;
    timeZone?: string | null;
  } & UserAccessColumns,
): Promise<number> {
  // Lowercase: Better Auth's sign-in looks the lowercased email up as is.
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning({ id: users.id });
  return row!.id;
}

export const namedLookupTables = {
  contract_types: contractTypes,
  delivery_methods: deliveryMethods,
  divisions,
  lead_sources: leadSources,
  market_sectors: marketSectors,
  tender_types: tenderTypes,
  loss_reasons: lossReasons,
  call_outcomes: callOutcomes,
  industries,
};
export type NamedLookupKey = keyof typeof namedLookupTables;

/** Inserts lookup values and returns their ids in order. */
export async function insertNamedLookups(db: Db, key: NamedLookupKey, accountId: number, names: string[]) {
  if (names.length === 0) return [];
  const table = namedLookupTables[key];
  const rows = await db
    .insert(table)
    .values(names.map((name) => ({ accountId, name })))
    .returning({ id: table.id });
  return rows.map((r) => r.id);
}

export async function insertProjectStages(db: Db, accountId: number, stages: { name: string; category: StageCategory }[]) {
  const rows = await db
    .insert(projectStages)
    .values(stages.map((s, position) => ({ accountId, name: s.name, category: s.category, position })))
    .returning({ id: projectStages.id });
  return rows.map((r) => r.id);
}

export async function insertWorkforceRoles(db: Db, accountId: number, roles: { name: string; abbreviation: string }[]) {
  const rows = await db
    .insert(workforceRoles)
    .values(roles.map((r) => ({ accountId, ...r })))
    .returning({ id: workforceRoles.id });
  return rows.map((r) => r.id);
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, accountId: users.accountId, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** The account's name. */
export async function accountName(db: Db, accountId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return row?.name;
}

/** The account's own row (its row locked with `lock`). */
export async function findAccount(db: Db, accountId: number, lock = false) {
  const query = db.select().from(accounts).where(eq(accounts.id, accountId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export async function updateAccount(db: Db, accountId: number, values: { name?: string; timeZone?: string | null }): Promise<void> {
  await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
}

export async function countAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return row?.n ?? 0;
}

/** The pipeline a new account starts with; an account can add its own stages later. */
export const DEFAULT_STAGES = [
  { name: 'Lead', category: 'open' },
  { name: 'Qualifying', category: 'open' },
  { name: 'Estimating', category: 'open' },
  { name: 'Bid Submitted', category: 'open' },
  { name: 'Negotiating', category: 'open' },
  { name: 'Won', category: 'won' },
  { name: 'Lost', category: 'lost' },
] as const;

/** The go / no-go scorecard a new account starts with (migration 0025 gave existing accounts the same). */
export const DEFAULT_CRITERIA = [
  { name: 'Relationship with the owner', description: '5: a repeat client who trusts us; 1: we do not know them.', weight: 3, kind: 'manual' },
  { name: 'Project size fit', description: '5: squarely the size we build; 1: far beyond or below it.', weight: 2, kind: 'manual' },
  { name: 'Competition', description: '5: negotiated or a short list; 1: an open bid with many bidders.', weight: 2, kind: 'manual' },
  { name: 'Expected margin', description: '5: well above our average; 1: at cost.', weight: 3, kind: 'manual' },
  {
    name: 'Our capacity at the planned start',
    description: '5: the people it needs are free; 1: a large shortfall. Suggested from the workforce demand.',
    weight: 2,
    kind: 'capacity',
  },
] as const;

export interface NewUser {
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** Default: `admin` for the first user, so every account starts with an admin; `member` for the rest. */
  role?: UserRole;
  /** Project access and levels (docs/permissions.md); the columns' defaults when left out. */
  access?: UserAccessColumns;
}

/** The users columns of project access and permissions. */
export type UserAccessColumns = Partial<
  Pick<
    typeof users.$inferInsert,
    'projectAccess' | 'permissionLeads' | 'permissionProjects' | 'permissionDirectory' | 'permissionWorkforce' | 'permissionForecast' | 'permissionInsights'
  >
>;

/** A new tenant with its users and default pipeline stages, in one transaction. */
export async function createAccount(db: Db, input: { name: string; users: NewUser[] }) {
  return db.transaction(async (tx) => {
    const accountId = await insertAccount(tx, input.name);
    const userIds: number[] = [];
    for (const [i, { access, ...user }] of input.users.entries()) {
      userIds.push(await insertUser(tx, { accountId, ...user, ...access, role: user.role ?? (i === 0 ? 'admin' : 'member') }));
    }
    const stageIds = await insertProjectStages(tx, accountId, [...DEFAULT_STAGES]);
    await tx.insert(goNoGoCriteria).values(DEFAULT_CRITERIA.map((c, position) => ({ accountId, ...c, position })));
    return { accountId, userIds, stageIds };
  });
}
