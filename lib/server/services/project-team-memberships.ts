import type { Db } from '@/db';
import {
  deleteMembershipRoles,
  findMembership,
  findMembershipOfUser,
  insertMembership,
  insertMembershipRoles,
  listMemberships as queryMemberships,
  type MembershipRow,
} from '@/db/queries/project-team-memberships';
import { missingReferences } from '@/db/queries/references';
import { projects, projectTeamMemberships, users } from '@/db/schema';
import { serializeMembership } from '@/lib/server/serializers/project-team-memberships';
import type {
  MembershipCreate,
  MembershipQuery,
  MembershipResponse,
  MembershipsListQuery,
  MembershipUpdate,
  TeamMembershipsListQuery,
} from '@/lib/shared/validation/project-team-memberships';
import { recordEvent } from './common';
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind } from './records';
import { conflict, invalidField, notFound } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import { teamOf, type CallerContext } from '@/lib/server/services/context';

// A membership lives under its project: `project_id` in the query names that project, like a path
// segment would, so an unknown project (or one of another account) there is a 404, and so is a
// membership of another project. In a POST body it is a relation id like any other, so an unknown
// one there is a 422 on the field.

const membershipPath = (id: number, projectId: unknown) => `project_team_memberships/${id}?project_id=${String(projectId)}`;

/** Memberships as the write skeleton reads them: under the project the query names, if it names one. */
const membershipKind = (projectId?: number): RecordKind<MembershipRow, MembershipResponse> => ({
  resource: 'project_team_membership',
  table: projectTeamMemberships,
  references: { project_id: projects, user_id: users },
  read: (db, accountId, id, lock, team) => findMembership(db, accountId, id, lock, team, projectId),
  columns: (row) => row.membership,
  serialize: serializeMembership,
  narrowed: projectId !== undefined,
  path: (id, columns) => membershipPath(id, columns.projectId),
});

async function assertProjectInQuery(db: Db, ctx: CallerContext, projectId: number) {
  const missing = await missingReferences(db, ctx.accountId, [{ field: 'project_id', table: projects, id: projectId }], teamOf(ctx));
  if (missing.length > 0) throw notFound('Project');
}

/** Operation 14: every membership of one project (paginated like every list). */
export async function listMemberships(db: Db, ctx: CallerContext, query: MembershipsListQuery): Promise<Page<MembershipResponse>> {
  const result = await queryMemberships(db, ctx.accountId, { ...query, teamOf: teamOf(ctx) }, pageWindow(query));
  // A non-empty page proves the project is the account's; only an empty one needs the check.
  if (result.items.length === 0) await assertProjectInQuery(db, ctx, query.project_id);
  return toPage(query, result, serializeMembership);
}

/**
 * Every membership of the account, across projects (`GET /team_memberships`): the same shape as
 * operation 14, with optional filters. Unknown ids in the filters simply match nothing.
 */
export async function listAccountMemberships(db: Db, ctx: CallerContext, query: TeamMembershipsListQuery): Promise<Page<MembershipResponse>> {
  const result = await queryMemberships(db, ctx.accountId, { ...query, teamOf: teamOf(ctx) }, pageWindow(query));
  return toPage(query, result, serializeMembership);
}

/** Operation 16; with `project_id`, a membership of another project is not found. */
export function getMembership(db: Db, ctx: CallerContext, id: number, projectId?: number): Promise<MembershipResponse> {
  return getRecord(db, ctx, membershipKind(projectId), id);
}

/** Operation 15: the project comes from the query, or from the body when the query has none. */
export async function createMembership(db: Db, ctx: CallerContext, query: MembershipQuery, input: MembershipCreate): Promise<MembershipResponse> {
  const projectId = query.project_id ?? input.project_id;
  if (projectId === undefined) throw invalidField('project_id', 'is required (in the query or the body)');
  if (query.project_id !== undefined && input.project_id !== undefined && input.project_id !== query.project_id) {
    throw invalidField('project_id', 'in the body differs from project_id in the query');
  }
  return createRecord(
    db,
    ctx,
    membershipKind(),
    input,
    async (tx) => {
      if (query.project_id !== undefined) await assertProjectInQuery(tx, ctx, query.project_id);
      if (await findMembershipOfUser(tx, ctx.accountId, projectId, input.user_id)) {
        throw conflict('This user is already on the project team; update that membership instead.', {
          user_id: ['is already on the project team'],
        });
      }
      return { projectId, userId: input.user_id };
    },
    (tx, id) => insertMembershipRoles(tx, id, input.roles),
  );
}

/**
 * A user who sees only their teams' projects joins the team of a project they create, as its
 * project admin: otherwise the project would vanish for them the moment they made it. With its
 * create event.
 */
export async function joinCreatedProject(tx: Db, ctx: CallerContext, projectId: number): Promise<void> {
  const id = await insertMembership(tx, { accountId: ctx.accountId, projectId, userId: ctx.userId });
  await insertMembershipRoles(tx, id, ['project_admin']);
  await recordEvent(tx, ctx, { resource: 'project_team_membership', action: 'create', id, path: membershipPath(id, projectId) });
}

/**
 * Replaces the set of roles. Roles that stay keep their rows (ids and timestamps); removed ones
 * are deleted and new ones inserted, so a PATCH that changes nothing writes nothing.
 */
export function updateMembership(db: Db, ctx: CallerContext, id: number, query: MembershipQuery, input: MembershipUpdate): Promise<MembershipResponse> {
  return updateRecord(db, ctx, membershipKind(query.project_id), id, input, {
    columns: () => ({}),
    related: async (current, tx) => {
      if (input.roles === undefined) return null;
      const wanted = new Set(input.roles);
      const held = new Set(current.roles.map((r) => r.role));
      const removed = current.roles.filter((r) => !wanted.has(r.role)).map((r) => r.role);
      const added = input.roles.filter((role) => !held.has(role));
      if (removed.length === 0 && added.length === 0) return null;
      await deleteMembershipRoles(tx, id, removed);
      await insertMembershipRoles(tx, id, added);
      return { roles: input.roles };
    },
  });
}

export function deleteMembership(db: Db, ctx: CallerContext, id: number, query: MembershipQuery): Promise<void> {
  return deleteRecord(db, ctx, membershipKind(query.project_id), id);
}
