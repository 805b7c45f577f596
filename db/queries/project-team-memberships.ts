import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { inTeam, type TeamOf } from './project-access';
import type { Db } from '@/db';
import { ofAccount, updatedSince } from './tenant';
import { projects, projectTeamMembershipRoles, projectTeamMemberships, users } from '@/db/schema';
import type { MembershipRole } from '@/db/schema/enums';
import { namedRefColumns, personRefColumns } from './refs';
import { type PageWindow, pageWithTotal } from './sql';

const membershipSelection = {
  membership: projectTeamMemberships,
  user: personRefColumns(users),
  project: namedRefColumns(projects),
};

/** Memberships with their user and project, by joins; roles come from one batched query beside. */
function selectMemberships(db: Db) {
  // Inner joins: both foreign keys are NOT NULL and cascade.
  return db
    .select(membershipSelection)
    .from(projectTeamMemberships)
    .innerJoin(users, eq(users.id, projectTeamMemberships.userId))
    .innerJoin(projects, eq(projects.id, projectTeamMemberships.projectId));
}

export type MembershipRow = Awaited<ReturnType<ReturnType<typeof selectMemberships>['execute']>>[number];
export type MembershipRecord = typeof projectTeamMemberships.$inferSelect;
export type MembershipRoleRow = typeof projectTeamMembershipRoles.$inferSelect;

type RoleJson = Omit<MembershipRoleRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** A page's roles in the page's own statement (json_agg per membership, in role id order). */
const rolesColumn = sql<RoleJson[]>`coalesce((
  select json_agg(json_build_object('id', r.id, 'membershipId', r.membership_id, 'role', r.role,
    'createdAt', r.created_at, 'updatedAt', r.updated_at) order by r.id)
  from ${projectTeamMembershipRoles} r where r.membership_id = ${projectTeamMemberships.id}), '[]'::json)`;

function roleFromJson(r: RoleJson): MembershipRoleRow {
  return { ...r, id: Number(r.id), membershipId: Number(r.membershipId), createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) };
}

/** The filters of both membership lists (lib/shared/validation/project-team-memberships.ts), by their API names. */
export interface MembershipFilters {
  /** Operation 14 always gives it; the account-wide list (`/team_memberships`) may not. */
  project_id?: number;
  user_id?: number;
  /** Memberships holding this role (among others). */
  role?: MembershipRole;
  updated_since?: Date;
  sort?: MembershipSortKey;
  /** Only the memberships of this user's teams' projects (project access `team`). */
  teamOf?: TeamOf;
}

const MEMBERSHIP_ORDERS = {
  '-created_at': [desc(projectTeamMemberships.createdAt), desc(projectTeamMemberships.id)],
  created_at: [asc(projectTeamMemberships.createdAt), asc(projectTeamMemberships.id)],
  // Grouped by project (by its name), members in the order they joined.
  project: [asc(projects.name), asc(projectTeamMemberships.projectId), asc(projectTeamMemberships.id)],
  // Grouped by person: by last name, then first name, then email (the user's display order).
  user: [
    sql`${users.lastName} asc nulls last`,
    sql`${users.firstName} asc nulls last`,
    asc(users.email),
    asc(projectTeamMemberships.userId),
    asc(projectTeamMemberships.id),
  ],
} satisfies Record<string, SQL[]>;
export type MembershipSortKey = keyof typeof MEMBERSHIP_ORDERS;

function filterWhere(db: Db, accountId: number, f: MembershipFilters): SQL | undefined {
  return and(
    eq(projectTeamMemberships.accountId, accountId),
    f.project_id !== undefined ? eq(projectTeamMemberships.projectId, f.project_id) : undefined,
    f.user_id !== undefined ? eq(projectTeamMemberships.userId, f.user_id) : undefined,
    // Served by the unique (membership_id, role) index, per candidate membership.
    f.role !== undefined
      ? exists(
          db
            .select({ one: sql`1` })
            .from(projectTeamMembershipRoles)
            .where(and(eq(projectTeamMembershipRoles.membershipId, projectTeamMemberships.id), eq(projectTeamMembershipRoles.role, f.role))),
        )
      : undefined,
    updatedSince(projectTeamMemberships.updatedAt, f.updated_since),
    inTeam(projectTeamMemberships.projectId, f.teamOf),
  );
}

export async function listMemberships(db: Db, accountId: number, filters: MembershipFilters, page: PageWindow) {
  const where = filterWhere(db, accountId, filters);
  const { items: rows, total } = await pageWithTotal(
    db,
    db
      .select({ ...membershipSelection, roles: rolesColumn })
      .from(projectTeamMemberships)
      .innerJoin(users, eq(users.id, projectTeamMemberships.userId))
      .innerJoin(projects, eq(projects.id, projectTeamMemberships.projectId))
      .$dynamic(),
    projectTeamMemberships,
    where,
    MEMBERSHIP_ORDERS[filters.sort ?? '-created_at'],
    page,
  );
  const items = rows.map(({ roles, ...row }) => ({ ...row, roles: roles.map(roleFromJson) }));
  return { items, total };
}

/** A membership of the account; when `projectId` is given it must be the membership's project. */
export async function findMembership(db: Db, accountId: number, id: number, projectId?: number, teamOf?: TeamOf): Promise<MembershipRow | undefined> {
  const [row] = await selectMemberships(db).where(
    and(
      ofAccount(projectTeamMemberships, accountId, id),
      projectId !== undefined ? eq(projectTeamMemberships.projectId, projectId) : undefined,
      inTeam(projectTeamMemberships.projectId, teamOf),
    ),
  );
  return row;
}

/** The bare row, locked for the rest of the transaction. */
export async function lockMembership(db: Db, accountId: number, id: number, projectId?: number, teamOf?: TeamOf): Promise<MembershipRecord | undefined> {
  const [row] = await db
    .select()
    .from(projectTeamMemberships)
    .where(
      and(
        ofAccount(projectTeamMemberships, accountId, id),
        projectId !== undefined ? eq(projectTeamMemberships.projectId, projectId) : undefined,
        inTeam(projectTeamMemberships.projectId, teamOf),
      ),
    )
    .for('update');
  return row;
}

export async function findMembershipOfUser(db: Db, accountId: number, projectId: number, userId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: projectTeamMemberships.id })
    .from(projectTeamMemberships)
    .where(and(eq(projectTeamMemberships.accountId, accountId), eq(projectTeamMemberships.projectId, projectId), eq(projectTeamMemberships.userId, userId)));
  return row;
}

/** The roles of many memberships in one statement, grouped by membership id (in role id order). */
export async function rolesOfMemberships(db: Db, membershipIds: number[]): Promise<Map<number, MembershipRoleRow[]>> {
  const byMembership = new Map<number, MembershipRoleRow[]>(membershipIds.map((id) => [id, []]));
  if (membershipIds.length === 0) return byMembership;
  const rows = await db
    .select()
    .from(projectTeamMembershipRoles)
    .where(inArray(projectTeamMembershipRoles.membershipId, membershipIds))
    .orderBy(asc(projectTeamMembershipRoles.id));
  for (const row of rows) byMembership.get(row.membershipId)?.push(row);
  return byMembership;
}

export async function insertMembership(db: Db, values: typeof projectTeamMemberships.$inferInsert): Promise<number> {
  const [row] = await db.insert(projectTeamMemberships).values(values).returning({ id: projectTeamMemberships.id });
  return row!.id;
}

export async function insertMembershipRoles(db: Db, membershipId: number, roles: MembershipRole[]) {
  if (roles.length === 0) return;
  await db.insert(projectTeamMembershipRoles).values(roles.map((role) => ({ membershipId, role })));
}

export async function deleteMembershipRoles(db: Db, membershipId: number, roles: MembershipRole[]) {
  if (roles.length === 0) return;
  await db
    .delete(projectTeamMembershipRoles)
    .where(and(eq(projectTeamMembershipRoles.membershipId, membershipId), inArray(projectTeamMembershipRoles.role, roles)));
}

/** Bumps updated_at, so a change of roles shows on the membership (and in `updated_since`). */
export async function touchMembership(db: Db, accountId: number, id: number) {
  await db
    .update(projectTeamMemberships)
    .set({ updatedAt: new Date() })
    .where(ofAccount(projectTeamMemberships, accountId, id));
}

/** Deletes a membership (its roles cascade); returns its project id, or undefined when none matched. */
export async function deleteMembershipRow(db: Db, accountId: number, id: number, projectId?: number): Promise<number | undefined> {
  const [deleted] = await db
    .delete(projectTeamMemberships)
    .where(and(ofAccount(projectTeamMemberships, accountId, id), projectId !== undefined ? eq(projectTeamMemberships.projectId, projectId) : undefined))
    .returning({ projectId: projectTeamMemberships.projectId });
  return deleted?.projectId;
}
