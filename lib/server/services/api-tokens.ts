import type { Db } from '@/db';
import { findUserToken, listUserTokens, revokeUserToken } from '@/db/queries/api-tokens';
import { mintApiToken } from '@/lib/server/auth/tokens';
import { serializeApiToken } from '@/lib/server/serializers/api-tokens';
import type { ApiTokenCreate, ApiTokenCreated, ApiTokenListQuery, ApiTokenResponse } from '@/lib/shared/validation/api-tokens';
import { recordSecurityEvent } from './security-events';
import { notFound } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

// A user's own API tokens, managed from the browser (the routes require a session: ACCESS.apiTokens)
// and seeing only the caller's tokens; another user's token is a 404.

const owner = (ctx: CallerContext) => ({ accountId: ctx.accountId, userId: ctx.userId });

export async function listApiTokens(db: Db, ctx: CallerContext, query: ApiTokenListQuery): Promise<Page<ApiTokenResponse>> {
  return toPage(query, await listUserTokens(db, owner(ctx), pageWindow(query)), serializeApiToken);
}

export async function createApiTokenFor(db: Db, ctx: CallerContext, input: ApiTokenCreate): Promise<ApiTokenCreated> {
  return db.transaction(async (tx) => {
    const { id, token } = await mintApiToken(tx, owner(ctx), {
      name: input.name,
      scope: input.scope,
      expiresAt: input.expires_at ?? null,
    });
    const row = await findUserToken(tx, owner(ctx), id);
    await recordSecurityEvent(tx, ctx, {
      kind: 'api_token.created',
      subjectType: 'api_token',
      subjectId: id,
      details: { name: input.name, scope: input.scope },
    });
    return { ...serializeApiToken(row!), token };
  });
}

export async function revokeApiToken(db: Db, ctx: CallerContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await revokeUserToken(tx, owner(ctx), id))) throw notFound('API token');
    await recordSecurityEvent(tx, ctx, { kind: 'api_token.revoked', subjectType: 'api_token', subjectId: id });
  });
}
