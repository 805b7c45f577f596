import type { Db } from '@/db';
import { findUser, listUsers as queryUsers } from '@/db/queries/users';
import { notFound } from '@/lib/api/errors';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { serializeUser } from '@/lib/serializers/users';
import type { UserListQuery, UserResponse } from '@/lib/validation/users';

export async function listUsers(db: Db, ctx: ApiContext, query: UserListQuery): Promise<Page<UserResponse>> {
  const result = await queryUsers(
    db,
    ctx.accountId,
    { q: query.q, updatedSince: query.updated_since },
    pageWindow(query),
  );
  return toPage(query, result, serializeUser);
}

export async function getUser(db: Db, ctx: ApiContext, id: number): Promise<UserResponse> {
  const row = await findUser(db, ctx.accountId, id);
  if (!row) throw notFound('User');
  return serializeUser(row);
}

/** The caller, as `GET /users/me` answers it. */
export function getCurrentUser(db: Db, ctx: ApiContext): Promise<UserResponse> {
  return getUser(db, ctx, ctx.userId);
}
