import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { inTeam, type TeamOf } from './project-access';
import type { Db } from '@/db';
import { ofAccount, oneRow, updatedSince } from './tenant';
import { projects, projectTeamMembershipRoles, projectTeamMemberships, users } from '@/db/schema';
import type { MembershipRole } from '@/db/schema/enums';
import { namedRefColumns, personRefColumns } from './refs';
import { type PageWindow, pageWithTotal } from './sql';

export type MembershipRoleRow = typeof projectTeamMembershipRoles.$inferSelect;

type RoleJson = Omit<MembershipRoleRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** A membership's roles in its own statement (json_agg per membership, in role id order). */
const rolesColumn = sql<RoleJson[]>`coalesce((
  select json_agg(json_build_object('id', r.id, 'membershipId', r.membership_id, 'role', r.role,
    'createdAt', r.created_at, 'updatedAt', r.updated_at) order by r.id)
  from ${projectTeamMembershipRoles} r where r.membership_id = ${projectTeamMemberships.id}), '[]'::json)`;

function roleFromJson(r: RoleJson): MembershipRoleRow {
  return { ...r, id: Number(r.id), membershipId: Number(r.membershipId), createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) };
}

/** Memberships with their user, project and roles, by joins and a correlated aggregate: one statement whatever the page size. */
function selectMemberships(db: Db) {
  // Inner joins: both foreign keys are NOT NULL and cascade.
  return db
    .select({ membership: projectTeamMemberships, user: personRefColumns(users), project: namedRefColumns(projects), roles: rolesColumn })
    .from(projectTeamMemberships)
    .innerJoin(users, eq(users.id, projectTeamMemberships.userId))
    .innerJoin(projects, eq(projects.id, projectTeamMemberships.projectId));
}

type SelectedMembership = Awaited<ReturnType<ReturnType<typeof selectMemberships>['execute']>>[number];
export type MembershipRow = Omit<SelectedMembership, 'roles'> & { roles: MembershipRoleRow[] };
const withRoles = ({ roles, ...row }: SelectedMembership): MembershipRow => ({ ...row, roles: roles.map(roleFromJson) });

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
    selectMemberships(db).$dynamic(),
    projectTeamMemberships,
    where,
    MEMBERSHIP_ORDERS[filters.sort ?? '-created_at'],
    page,
  );
  return { items: rows.map(withRoles), total };
}

/**
 * A membership of the account with its roles, in one statement (its row locked with `lock`); when
 * `projectId` is given it must be the membership's project.
 */
export async function findMembership(
  db: Db,
  accountId: number,
  id: number,
  lock = false,
  teamOf?: TeamOf,
  projectId?: number,
): Promise<MembershipRow | undefined> {
  const row = await oneRow(
    selectMemberships(db).where(
      and(
        ofAccount(projectTeamMemberships, accountId, id),
        projectId !== undefined ? eq(projectTeamMemberships.projectId, projectId) : undefined,
        inTeam(projectTeamMemberships.projectId, teamOf),
      ),
    ),
    projectTeamMemberships,
    lock,
  );
  return row && withRoles(row);
}

export async function findMembershipOfUser(db: Db, accountId: number, projectId: number, userId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: projectTeamMemberships.id })
    .from(projectTeamMemberships)
    .where(and(eq(projectTeamMemberships.accountId, accountId), eq(projectTeamMemberships.projectId, projectId), eq(projectTeamMemberships.userId, userId)));
  return row;
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
