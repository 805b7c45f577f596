import type { Db } from '@/db';
import { findUserToken, listUserTokens, revokeUserToken } from '@/db/queries/api-tokens';
import { notFound } from '@/lib/api/errors';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { mintApiToken } from '@/lib/auth/tokens';
import { serializeApiToken } from '@/lib/serializers/api-tokens';
import type { ApiTokenCreate, ApiTokenCreated, ApiTokenListQuery, ApiTokenResponse } from '@/lib/validation/api-tokens';
import { recordSecurityEvent } from './security-events';

// A user's own API tokens, managed from the browser (the routes require a session: ACCESS.apiTokens)
// and seeing only the caller's tokens; another user's token is a 404.

const owner = (ctx: ApiContext) => ({ accountId: ctx.accountId, userId: ctx.userId });

export async function listApiTokens(db: Db, ctx: ApiContext, query: ApiTokenListQuery): Promise<Page<ApiTokenResponse>> {
  return toPage(query, await listUserTokens(db, owner(ctx), pageWindow(query)), serializeApiToken);
}

export async function createApiTokenFor(db: Db, ctx: ApiContext, input: ApiTokenCreate): Promise<ApiTokenCreated> {
  return db.transaction(async (tx) => {
    const { id, token } = await mintApiToken(tx, owner(ctx), {
      name: input.name,
      scope: input.scope,
      expiresAt: input.expires_at ?? null,
    });
    const row = await findUserToken(tx, owner(ctx), id);
    await recordSecurityEvent(tx, ctx, { kind: 'api_token.created', subjectType: 'api_token', subjectId: id, details: { name: input.name, scope: input.scope } });
    return { ...serializeApiToken(row!), token };
  });
}

export async function revokeApiToken(db: Db, ctx: ApiContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await revokeUserToken(tx, owner(ctx), id))) throw notFound('API token');
    await recordSecurityEvent(tx, ctx, { kind: 'api_token.revoked', subjectType: 'api_token', subjectId: id });
  });
}
