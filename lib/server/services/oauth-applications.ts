import type { Db } from '@/db';
import { findApplication, listApplications, lockApplication, updateApplication, type OAuthApplicationRow } from '@/db/queries/oauth-applications';
import { oauthApplications } from '@/db/schema';
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
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind } from './records';
import { recordSecurityEvent } from './security-events';
import { conflict, forbidden, notFound } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

// OAuth applications are the account's, managed by its admins from a signed-in browser (a token
// must not mint credentials that outlive it: the routes require ACCESS.oauthApplications). Grants
// are each user's own (ACCESS.oauthGrants).

function newSecret() {
  const secret = randomSecret(CLIENT_SECRET_PREFIX);
  return { secret, clientSecretHash: hashSecret(secret), secretHint: secret.slice(-4) };
}

/** OAuth applications as the write skeleton reads them; their writes go to the security log. */
const applicationKind: RecordKind<OAuthApplicationRow, OAuthApplicationResponse> = {
  resource: 'oauth_application',
  label: 'OAuth application',
  table: oauthApplications,
  read: (db, accountId, id, lock) => (lock ? lockApplication(db, accountId, id) : findApplication(db, accountId, id)),
  columns: (row) => row,
  serialize: serializeOAuthApplication,
  write: async (db, accountId, id, values) => serializeOAuthApplication((await updateApplication(db, accountId, id, values))!),
  sink: {
    created: (tx, ctx, id, app) =>
      recordSecurityEvent(tx, ctx, {
        kind: 'oauth_application.created',
        subjectType: 'oauth_application',
        subjectId: id,
        details: { name: app.name, client_id: app.client_id, scope: app.scope, redirect_uris: app.redirect_uris },
      }),
    updated: (tx, ctx, id, { before, after }) => {
      const [b, a] = [before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>];
      const changed = Object.keys(a).filter((k) => k !== 'updated_at' && JSON.stringify(b[k]) !== JSON.stringify(a[k]));
      return recordSecurityEvent(tx, ctx, {
        kind: 'oauth_application.updated',
        subjectType: 'oauth_application',
        subjectId: id,
        details: { changed, ...Object.fromEntries(changed.map((k) => [k, { from: b[k], to: a[k] }])) },
      });
    },
    deleted: (tx, ctx, id, app) =>
      recordSecurityEvent(tx, ctx, {
        kind: 'oauth_application.deleted',
        subjectType: 'oauth_application',
        subjectId: id,
        details: { name: app.name, client_id: app.clientId },
      }),
  },
};

export async function listOAuthApplications(db: Db, ctx: CallerContext, query: OAuthApplicationListQuery): Promise<Page<OAuthApplicationResponse>> {
  return toPage(query, await listApplications(db, ctx.accountId, pageWindow(query)), serializeOAuthApplication);
}

export function getOAuthApplication(db: Db, ctx: CallerContext, id: number): Promise<OAuthApplicationResponse> {
  return getRecord(db, ctx, applicationKind, id);
}

/** A new application of the caller's account, owned by the caller; a confidential one's secret is in this answer only. */
export async function createOAuthApplication(db: Db, ctx: CallerContext, input: OAuthApplicationCreate): Promise<OAuthApplicationWithSecret> {
  const secret = input.confidential ? newSecret() : null;
  const created = await createRecord(db, ctx, applicationKind, input, () => ({
    ownerId: ctx.userId,
    clientId: newClientId(),
    name: input.name,
    redirectUris: input.redirect_uris,
    scope: input.scope,
    confidential: input.confidential,
    clientSecretHash: secret?.clientSecretHash ?? null,
    secretHint: secret?.secretHint ?? null,
    rateLimitPoints: input.rate_limit_points ?? null,
    rateLimitDuration: input.rate_limit_duration ?? null,
  }));
  return { ...created, client_secret: secret?.secret ?? null };
}

export function updateOAuthApplication(db: Db, ctx: CallerContext, id: number, input: OAuthApplicationUpdate): Promise<OAuthApplicationResponse> {
  return updateRecord(db, ctx, applicationKind, id, input, {
    columns: () => ({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.redirect_uris !== undefined && { redirectUris: input.redirect_uris }),
      ...(input.scope !== undefined && { scope: input.scope }),
      ...(input.rate_limit_points !== undefined && { rateLimitPoints: input.rate_limit_points }),
      ...(input.rate_limit_duration !== undefined && { rateLimitDuration: input.rate_limit_duration }),
    }),
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

/** Its grants, codes and tokens go with it (foreign keys cascade). */
export function deleteOAuthApplication(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, applicationKind, id);
}

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
