import type { Db } from '@/db';
import { findUser } from '@/db/queries/users';
import { recordVisible } from '@/db/queries/visibility';
import type { CommentableType, PermissionArea } from '@/db/schema/enums';
import { RESOURCES } from '@/lib/shared/resources';
import { allows, effectiveAccess, permissionsOf } from '@/lib/shared/permissions';
import { teamOf, type CallerContext } from './context';
import { notFound } from './errors';

// Who sees a lead, project, company, contact or task (docs/permissions.md): its area read, and for
// a team-only user a project (or a project's task) of their teams. Comments, timelines, reminders
// and notifications follow the record: a record the caller does not see is a 404 for them too, and
// a user who does not see it is told nothing about it.

const AREAS: Record<CommentableType, PermissionArea> = { lead: 'leads', project: 'projects', company: 'directory', contact: 'directory', task: 'projects' };

/** Who asks: their account, themselves and their access. */
type Viewer = Pick<CallerContext, 'accountId' | 'userId' | 'access'>;

/** Whether the caller sees the record. */
export async function sees(db: Db, ctx: Viewer, type: CommentableType, id: number): Promise<boolean> {
  if (!allows(ctx.access.permissions[AREAS[type]], 'read')) return false;
  return recordVisible(db, ctx.accountId, type, id, teamOf(ctx));
}

/** The record as the caller sees it: a 404 named after the record otherwise. */
export async function assertSees(db: Db, ctx: Viewer, type: CommentableType, id: number): Promise<void> {
  if (!(await sees(db, ctx, type, id))) throw notFound(RESOURCES[type].label);
}

/**
 * A read of what is kept on a record (a comment, a folder, a document), given its find: only when
 * the caller sees that record (`on` names it), else undefined.
 */
export function seenOn<Row>(
  ctx: Viewer,
  find: (db: Db, accountId: number, id: number, lock?: boolean) => Promise<Row | undefined>,
  on: (row: Row) => { type: CommentableType; id: number },
) {
  return async (db: Db, accountId: number, id: number, lock = false): Promise<Row | undefined> => {
    const row = await find(db, accountId, id, lock);
    if (!row) return undefined;
    const record = on(row);
    return (await sees(db, ctx, record.type, record.id)) ? row : undefined;
  };
}

/** Whether another user of the account, active, sees the record (as they would if they asked). */
export async function userSees(db: Db, accountId: number, userId: number, type: CommentableType, id: number): Promise<boolean> {
  const user = await findUser(db, accountId, userId);
  if (!user || user.deactivatedAt !== null) return false;
  const access = effectiveAccess(user.role === 'admin' ? 'admin' : 'member', { projectAccess: user.projectAccess, permissions: permissionsOf(user) });
  return sees(db, { accountId, userId, access }, type, id);
}
