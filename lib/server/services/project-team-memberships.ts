import type { Db } from '@/db';
import {
  deleteMembershipRoles,
  deleteMembershipRow,
  findMembership,
  findMembershipOfUser,
  insertMembership,
  insertMembershipRoles,
  listMemberships as queryMemberships,
  lockMembership,
  rolesOfMemberships,
  touchMembership,
} from '@/db/queries/project-team-memberships';
import { missingReferences } from '@/db/queries/relations';
import { projects, users } from '@/db/schema';
import { serializeMembership } from '@/lib/server/serializers/project-team-memberships';
import type {
  MembershipCreate,
  MembershipQuery,
  MembershipResponse,
  MembershipsListQuery,
  MembershipUpdate,
  TeamMembershipsListQuery,
} from '@/lib/shared/validation/project-team-memberships';
import { assertReferences, recordEvent } from './common';
import { conflict, invalidField, notFound } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import { lockForWrite } from '@/lib/server/services/preconditions';
import { teamOf, type CallerContext } from '@/lib/server/services/context';

// A membership lives under its project: `project_id` in the query names that project, like a path
// segment would, so an unknown project (or one of another account) there is a 404. In a POST body
// it is a relation id like any other, so an unknown one there is a 422 on the field.

const NOT_FOUND = 'Project team membership';
const KEY = 'project_team_membership';

type Action = 'create' | 'update' | 'delete';

function recordMembershipEvent(db: Db, ctx: CallerContext, action: Action, id: number, projectId: number) {
  const path = `project_team_memberships/${id}?project_id=${projectId}`;
  return recordEvent(db, ctx, { resource: 'project_team_membership', action, id, path });
}

async function assertProjectInQuery(db: Db, ctx: CallerContext, projectId: number) {
  const missing = await missingReferences(db, ctx.accountId, [{ field: 'project_id', table: projects, id: projectId }], teamOf(ctx));
  if (missing.length > 0) throw notFound('Project');
}

/** Operation 14: every membership of one project (paginated like every list). */
export async function listMemberships(db: Db, ctx: CallerContext, query: MembershipsListQuery): Promise<Page<MembershipResponse>> {
  const result = await queryMemberships(db, ctx.accountId, { ...query, teamOf: teamOf(ctx) }, pageWindow(query));
  // A non-empty page proves the project is the account's; only an empty one needs the check.
  if (result.items.length === 0) await assertProjectInQuery(db, ctx, query.project_id);
  return toPage(query, result, ({ roles, ...row }) => serializeMembership(row, roles));
}

/**
 * Every membership of the account, across projects (`GET /team_memberships`): the same shape as
 * operation 14, with optional filters. Unknown ids in the filters simply match nothing.
 */
export async function listAccountMemberships(db: Db, ctx: CallerContext, query: TeamMembershipsListQuery): Promise<Page<MembershipResponse>> {
  const result = await queryMemberships(db, ctx.accountId, { ...query, teamOf: teamOf(ctx) }, pageWindow(query));
  return toPage(query, result, ({ roles, ...row }) => serializeMembership(row, roles));
}

/** Operation 16; with `project_id`, a membership of another project is not found. */
export async function getMembership(db: Db, ctx: CallerContext, id: number, projectId?: number): Promise<MembershipResponse> {
  const row = await findMembership(db, ctx.accountId, id, projectId, teamOf(ctx));
  if (!row) throw notFound(NOT_FOUND);
  const roles = await rolesOfMemberships(db, [id]);
  return serializeMembership(row, roles.get(id) ?? []);
}

/** Operation 15: the project comes from the query, or from the body when the query has none. */
export async function createMembership(db: Db, ctx: CallerContext, query: MembershipQuery, input: MembershipCreate): Promise<MembershipResponse> {
  const projectId = query.project_id ?? input.project_id;
  if (projectId === undefined) throw invalidField('project_id', 'is required (in the query or the body)');
  if (query.project_id !== undefined && input.project_id !== undefined && input.project_id !== query.project_id) {
    throw invalidField('project_id', 'in the body differs from project_id in the query');
  }
  return db.transaction(async (tx) => {
    if (query.project_id !== undefined) await assertProjectInQuery(tx, ctx, query.project_id);
    await assertReferences(tx, ctx, input, { project_id: projects, user_id: users });
    if (await findMembershipOfUser(tx, ctx.accountId, projectId, input.user_id)) {
      throw conflict('This user is already on the project team; update that membership instead.', {
        user_id: ['is already on the project team'],
      });
    }
    const id = await insertMembership(tx, { accountId: ctx.accountId, projectId, userId: input.user_id });
    await insertMembershipRoles(tx, id, input.roles);
    await recordMembershipEvent(tx, ctx, 'create', id, projectId);
    return getMembership(tx, ctx, id);
  });
}

/**
 * A user who sees only their teams' projects joins the team of a project they create, as its
 * project admin: otherwise the project would vanish for them the moment they made it. With its
 * create event.
 */
export async function joinCreatedProject(tx: Db, ctx: CallerContext, projectId: number): Promise<void> {
  const id = await insertMembership(tx, { accountId: ctx.accountId, projectId, userId: ctx.userId });
  await insertMembershipRoles(tx, id, ['project_admin']);
  await recordMembershipEvent(tx, ctx, 'create', id, projectId);
}

/**
 * Replaces the set of roles. Roles that stay keep their rows (ids and timestamps); removed ones
 * are deleted and new ones inserted, so a PATCH that changes nothing writes nothing.
 */
const membershipTarget = (tx: Db, ctx: CallerContext, id: number, query: MembershipQuery) => ({
  key: KEY,
  label: NOT_FOUND,
  lock: () => lockMembership(tx, ctx.accountId, id, query.project_id, teamOf(ctx)),
  answer: () => getMembership(tx, ctx, id, query.project_id),
});

export async function updateMembership(db: Db, ctx: CallerContext, id: number, query: MembershipQuery, input: MembershipUpdate): Promise<MembershipResponse> {
  return db.transaction(async (tx) => {
    const current = await lockForWrite(ctx.ifMatch, membershipTarget(tx, ctx, id, query));
    if (input.roles !== undefined) {
      const wanted = new Set(input.roles);
      const held = (await rolesOfMemberships(tx, [id])).get(id) ?? [];
      const heldRoles = new Set(held.map((r) => r.role));
      const removed = held.filter((r) => !wanted.has(r.role)).map((r) => r.role);
      const added = input.roles.filter((role) => !heldRoles.has(role));
      if (removed.length > 0 || added.length > 0) {
        await deleteMembershipRoles(tx, id, removed);
        await insertMembershipRoles(tx, id, added);
        await touchMembership(tx, ctx.accountId, id);
        await recordMembershipEvent(tx, ctx, 'update', id, current.projectId);
      }
    }
    return getMembership(tx, ctx, id);
  });
}

export async function deleteMembership(db: Db, ctx: CallerContext, id: number, query: MembershipQuery): Promise<void> {
  await db.transaction(async (tx) => {
    // Without If-Match the delete itself finds the row (or answers 404): no lock to take first.
    if (ctx.ifMatch) await lockForWrite(ctx.ifMatch, membershipTarget(tx, ctx, id, query));
    const projectId = await deleteMembershipRow(tx, ctx.accountId, id, query.project_id);
    if (projectId === undefined) throw notFound(NOT_FOUND);
    await recordMembershipEvent(tx, ctx, 'delete', id, projectId);
  });
}
