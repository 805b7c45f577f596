import type { Db } from '@/db';
import { deleteApplication, findApplication, insertApplication, listApplications, lockApplication, updateApplication } from '@/db/queries/oauth-applications';
import { deleteGrant, listGrants } from '@/db/queries/oauth-grants';
import { CLIENT_SECRET_PREFIX, hashSecret, newClientId, randomSecret } from '@/lib/server/oauth/secrets';
import { serializeOAuthApplication, serializeOAuthGrant } from '@/lib/server/serializers/oauth-applications';
import type {
  OAuthApplicationCreate,
  OAuthApplicationListQuery,
  OAuthApplicationResponse,
  OAuthApplicationUpdate,
  OAuthApplicationWithSecret,
  OAuthGrantListQuery,
  OAuthGrantResponse,
} from '@/lib/shared/validation/oauth-applications';
import { changedColumns } from './common';
import { recordSecurityEvent } from './security-events';
import { conflict, forbidden, notFound } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import { lockForWrite } from '@/lib/server/services/preconditions';
import type { CallerContext } from '@/lib/server/services/context';

// OAuth applications are the account's, managed by its admins from a signed-in browser (a token
// must not mint credentials that outlive it: the routes require ACCESS.oauthApplications). Grants
// are each user's own (ACCESS.oauthGrants).

function newSecret() {
  const secret = randomSecret(CLIENT_SECRET_PREFIX);
  return { secret, clientSecretHash: hashSecret(secret), secretHint: secret.slice(-4) };
}

export async function listOAuthApplications(db: Db, ctx: CallerContext, query: OAuthApplicationListQuery): Promise<Page<OAuthApplicationResponse>> {
  return toPage(query, await listApplications(db, ctx.accountId, pageWindow(query)), serializeOAuthApplication);
}

export async function getOAuthApplication(db: Db, ctx: CallerContext, id: number): Promise<OAuthApplicationResponse> {
  const row = await findApplication(db, ctx.accountId, id);
  if (!row) throw notFound('OAuth application');
  return serializeOAuthApplication(row);
}

export async function createOAuthApplication(
  db: Db,
  owner: { accountId: number; userId: number },
  input: OAuthApplicationCreate,
): Promise<OAuthApplicationWithSecret> {
  const secret = input.confidential ? newSecret() : null;
  const row = await insertApplication(db, {
    accountId: owner.accountId,
    ownerId: owner.userId,
    clientId: newClientId(),
    name: input.name,
    redirectUris: input.redirect_uris,
    scope: input.scope,
    confidential: input.confidential,
    clientSecretHash: secret?.clientSecretHash ?? null,
    secretHint: secret?.secretHint ?? null,
    rateLimitPoints: input.rate_limit_points ?? null,
    rateLimitDuration: input.rate_limit_duration ?? null,
  });
  return { ...serializeOAuthApplication(row), client_secret: secret?.secret ?? null };
}

export async function createOAuthApplicationFor(db: Db, ctx: CallerContext, input: OAuthApplicationCreate) {
  return db.transaction(async (tx) => {
    const created = await createOAuthApplication(tx, ctx, input);
    await recordSecurityEvent(tx, ctx, {
      kind: 'oauth_application.created',
      subjectType: 'oauth_application',
      subjectId: created.id,
      details: { name: created.name, client_id: created.client_id, scope: created.scope, redirect_uris: created.redirect_uris },
    });
    return created;
  });
}

const applicationTarget = (tx: Db, ctx: CallerContext, id: number) => ({
  key: KEY,
  label: 'OAuth application',
  lock: () => lockApplication(tx, ctx.accountId, id),
  answer: () => getOAuthApplication(tx, ctx, id),
});

export async function updateOAuthApplication(db: Db, ctx: CallerContext, id: number, input: OAuthApplicationUpdate): Promise<OAuthApplicationResponse> {
  return db.transaction(async (tx) => {
    const current = await lockForWrite(ctx.ifMatch, applicationTarget(tx, ctx, id));
    const changes = changedColumns(current, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.redirect_uris !== undefined && { redirectUris: input.redirect_uris }),
      ...(input.scope !== undefined && { scope: input.scope }),
      ...(input.rate_limit_points !== undefined && { rateLimitPoints: input.rate_limit_points }),
      ...(input.rate_limit_duration !== undefined && { rateLimitDuration: input.rate_limit_duration }),
    });
    if (Object.keys(changes).length === 0) return serializeOAuthApplication(current);
    const row = await updateApplication(tx, ctx.accountId, id, changes as Parameters<typeof updateApplication>[3]);
    if (!row) throw notFound('OAuth application');
    const before = serializeOAuthApplication(current) as unknown as Record<string, unknown>;
    const after = serializeOAuthApplication(row) as unknown as Record<string, unknown>;
    const changed = Object.keys(after).filter((k) => k !== 'updated_at' && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    await recordSecurityEvent(tx, ctx, {
      kind: 'oauth_application.updated',
      subjectType: 'oauth_application',
      subjectId: id,
      details: { changed, ...Object.fromEntries(changed.map((k) => [k, { from: before[k], to: after[k] }])) },
    });
    return serializeOAuthApplication(row);
  });
}

/** A new secret, shown once; the old one stops working at once. Issued tokens keep working. */
export async function rotateOAuthApplicationSecret(db: Db, ctx: CallerContext, id: number): Promise<OAuthApplicationWithSecret> {
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, ctx.accountId, id);
    if (!app) throw notFound('OAuth application');
    if (!app.confidential) throw conflict('A public client has no secret to rotate.');
    const secret = newSecret();
    const row = await updateApplication(tx, ctx.accountId, id, { clientSecretHash: secret.clientSecretHash, secretHint: secret.secretHint });
    if (!row) throw notFound('OAuth application');
    await recordSecurityEvent(tx, ctx, {
      kind: 'oauth_application.secret_rotated',
      subjectType: 'oauth_application',
      subjectId: id,
      details: { name: row.name },
    });
    return { ...serializeOAuthApplication(row), client_secret: secret.secret };
  });
}

export async function deleteOAuthApplication(db: Db, ctx: CallerContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const app = await lockForWrite(ctx.ifMatch, applicationTarget(tx, ctx, id));
    if (!(await deleteApplication(tx, ctx.accountId, id))) throw notFound('OAuth application');
    await recordSecurityEvent(tx, ctx, {
      kind: 'oauth_application.deleted',
      subjectType: 'oauth_application',
      subjectId: id,
      details: { name: app.name, client_id: app.clientId },
    });
  });
}

/** The key of the application's single-record answers, whose ETag If-Match compares. */
const KEY = 'oauth_application';

/**
 * The applications the caller authorised (browser session only, like API tokens); with `all`, an
 * admin's view of every user's in the account (the AI assistants connected to it).
 */
export async function listOAuthGrants(db: Db, ctx: CallerContext, query: OAuthGrantListQuery): Promise<Page<OAuthGrantResponse>> {
  if (query.all && ctx.role !== 'admin') throw forbidden("Only the account's admins see every user's authorizations.");
  const scope = { accountId: ctx.accountId, userId: query.all ? undefined : ctx.userId, registration: query.registration };
  return toPage(query, await listGrants(db, scope, pageWindow(query)), serializeOAuthGrant);
}

/** Revokes an authorization (the caller's own; an admin, anyone's in the account): its codes, refresh tokens and access tokens go with it. */
export async function revokeOAuthGrant(db: Db, ctx: CallerContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await deleteGrant(tx, { accountId: ctx.accountId, userId: ctx.role === 'admin' ? undefined : ctx.userId }, id);
    if (!revoked) throw notFound('Authorization');
    await recordSecurityEvent(tx, ctx, {
      kind: 'oauth_grant.revoked',
      subjectType: 'oauth_grant',
      subjectId: id,
      ...(revoked.userId !== ctx.userId && { details: { user_id: String(revoked.userId) } }),
    });
  });
}
