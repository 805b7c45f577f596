import { randomUUID } from 'node:crypto';
import {
  AccessDeniedError,
  InvalidGrantError,
  OAuthError,
  InvalidRequestError,
  type AuthorizationCode,
  type AuthorizationCodeModel,
  type Client,
  type ClientCredentialsModel,
  type RefreshTokenModel,
  type Token,
  type User,
} from '@node-oauth/oauth2-server';
import type { Db } from '@/db';
import type { TokenAudience } from '@/db/schema/enums';
import { findClientByClientId, type OAuthClientRow } from '@/db/queries/oauth-applications';
import { upsertGrant } from '@/db/queries/oauth-grants';
import { insertSecurityEvent } from '@/db/queries/security-events';
import {
  findRefreshToken,
  findUnusedAuthorizationCode,
  insertAuthorizationCode,
  insertOAuthAccessToken,
  insertRefreshToken,
  lockRefreshToken,
  revokeRefreshFamily,
  rotateRefreshToken,
  useAuthorizationCode,
} from '@/db/queries/oauth-tokens';
import { authenticateToken } from '@/lib/server/auth/tokens';
import { commonScope, grantedScope, type OAuthTokenScope } from '@/lib/shared/oauth-scopes';
import { ACCESS_TOKEN_PREFIX, hashSecret, randomSecret, REFRESH_TOKEN_PREFIX, secretMatches } from './secrets';

// The storage side of @node-oauth/oauth2-server: the library runs the protocol (grants, PKCE,
// redirect URI and expiry checks, errors) and calls these functions to find and keep things.

export const ACCESS_TOKEN_LIFETIME = 3600;
export const REFRESH_TOKEN_LIFETIME = 30 * 24 * 3600;
export const AUTHORIZATION_CODE_LIFETIME = 600;
/** Longer values cannot be ours; they are refused before any lookup. */
const MAX_SECRET_LENGTH = 512;

/** The library's client: `id` is the public client id; the rest is ours. */
export interface OAuthClient extends Client {
  id: string;
  grants: string[];
  redirectUris: string[];
  applicationId: number;
  /** Null for a client that registered itself (RFC 7591): any account's user may authorize it. */
  accountId: number | null;
  ownerId: number | null;
  ownerActive: boolean;
  dynamic: boolean;
  name: string;
  confidential: boolean;
  scope: OAuthTokenScope;
}

/**
 * The library's user: who a token acts for, and (after consent) the grant and refresh family; on a
 * refresh, the refresh token being used (`refreshTokenId`), retired when the new tokens are saved.
 */
interface OAuthUser extends User {
  id: number;
  accountId: number;
  grantId: number | null;
  /** The resource the code or refresh token was issued for (RFC 8707). */
  audience?: TokenAudience;
  familyId?: string;
  refreshTokenId?: number;
}

const toScope = (scope: string): OAuthTokenScope => (scope === 'read' ? 'read' : 'read write');

function toClient(row: OAuthClientRow): OAuthClient {
  return {
    id: row.clientId,
    // Public clients cannot authenticate, so they cannot use the client-credentials grant.
    grants: row.confidential ? ['authorization_code', 'refresh_token', 'client_credentials'] : ['authorization_code', 'refresh_token'],
    redirectUris: row.redirectUris,
    accessTokenLifetime: ACCESS_TOKEN_LIFETIME,
    refreshTokenLifetime: REFRESH_TOKEN_LIFETIME,
    applicationId: row.id,
    accountId: row.accountId,
    ownerId: row.ownerId,
    ownerActive: row.ownerId !== null && row.ownerDeactivatedAt === null,
    dynamic: row.registration === 'dynamic',
    name: row.name,
    confidential: row.confidential,
    scope: toScope(row.scope),
  };
}

const findClientRow = (db: Db, clientId: string) => (clientId.length > MAX_SECRET_LENGTH ? Promise.resolve(undefined) : findClientByClientId(db, clientId));

/** The client a request names, whether or not it proved who it is. */
export async function findClient(db: Db, clientId: string): Promise<OAuthClient | null> {
  const row = await findClientRow(db, clientId);
  return row ? toClient(row) : null;
}

/**
 * A client that proved who it is: a confidential client by its secret; a public one (which has
 * none) by its id alone, where the library allows that (PKCE, refresh).
 */
export async function authenticateClient(db: Db, clientId: string, clientSecret: string | undefined | null) {
  const row = await findClientRow(db, clientId);
  if (!row) return null;
  if (row.confidential) {
    return clientSecret && clientSecret.length <= MAX_SECRET_LENGTH && secretMatches(clientSecret, row.clientSecretHash) ? toClient(row) : null;
  }
  return clientSecret ? null : toClient(row);
}

const scopeList = (scope: string) => scope.split(' ');
const joinScope = (scope: string[] | undefined): OAuthTokenScope => (scope?.includes('write') ? 'read write' : 'read');

/** Where a request to the token or authorization endpoint came from, for the security log. */
export interface OAuthClientInfo {
  address: string | null;
  userAgent: string | null;
}

/** The grant whose refresh family a reuse revoked. */
interface ReusedFamily {
  accountId: number;
  userId: number;
  grantId: number | null;
  applicationId: number;
  familyId: string;
}

/**
 * A refresh token presented after it was rotated was copied: the whole family is revoked (both
 * holders' tokens), and the account's security log says so (once: a family already revoked
 * records nothing more).
 */
async function revokeReusedFamily(tx: Db, family: ReusedFamily, alreadyRevoked: boolean, from: OAuthClientInfo | undefined): Promise<void> {
  await revokeRefreshFamily(tx, family.familyId);
  if (alreadyRevoked) return;
  await insertSecurityEvent(tx, {
    accountId: family.accountId,
    kind: 'oauth_grant.refresh_token_reused',
    // Whoever presented it is not known: a client holding a copy, or the application itself.
    actorId: null,
    oauthApplicationId: family.applicationId,
    subjectType: 'oauth_grant',
    subjectId: family.grantId,
    details: { user_id: String(family.userId), family_revoked: true },
    ipAddress: from?.address ?? null,
    userAgent: from?.userAgent ?? null,
  });
}

/**
 * Retires a refresh token being used, its row locked until the successors are saved: of two
 * concurrent uses the second waits, then finds it rotated, which is a reuse like any later one:
 * the family is revoked, successors just issued to the first included. False when not live.
 */
async function retire(tx: Db, refreshTokenId: number, family: Omit<ReusedFamily, 'familyId'>, from: OAuthClientInfo | undefined): Promise<boolean> {
  const row = await lockRefreshToken(tx, refreshTokenId);
  if (!row || row.revokedAt) return false;
  if (row.rotatedAt) {
    await revokeReusedFamily(tx, { ...family, familyId: row.familyId }, false, from);
    return false;
  }
  return rotateRefreshToken(tx, refreshTokenId);
}

type Model = AuthorizationCodeModel & ClientCredentialsModel & RefreshTokenModel;

/** RFC 8707: a token request naming another resource than its code or refresh token was issued for. */
function invalidTarget(message: string): OAuthError {
  return new OAuthError(message, { code: 400, name: 'invalid_target' });
}

/**
 * The model for the token endpoint (`getClient` authenticates the client) or, with `authorize`,
 * for the authorization endpoint (the client only identifies itself there). `from`: the request's
 * address and user agent, for the security events the model writes.
 */
export function oauthModel(
  db: Db,
  {
    authorize = false,
    from,
    audience,
  }: {
    authorize?: boolean;
    from?: OAuthClientInfo;
    /**
     * The resource the request named (RFC 8707), checked before: on the authorization endpoint the
     * code's (default the API); on the token endpoint, one the code or refresh token must have.
     */
    audience?: TokenAudience;
  } = {},
): Model {
  return {
    getClient: (clientId: string, clientSecret: string) => (authorize ? findClient(db, clientId) : authenticateClient(db, clientId, clientSecret)),

    generateAccessToken: async () => randomSecret(ACCESS_TOKEN_PREFIX),
    generateRefreshToken: async () => randomSecret(REFRESH_TOKEN_PREFIX),
    generateAuthorizationCode: async () => randomSecret('', 32),

    validateScope: async (_user: User, client: Client, scope?: string[]) => {
      const granted = grantedScope(scope, (client as OAuthClient).scope);
      return granted ? scopeList(granted) : false;
    },

    getUserFromClient: async (client: Client) => {
      const c = client as OAuthClient;
      // A client-credentials token acts as the user who created the application.
      return c.ownerActive && c.ownerId !== null && c.accountId !== null
        ? ({ id: c.ownerId, accountId: c.accountId, grantId: null, audience: audience ?? 'api' } satisfies OAuthUser)
        : false;
    },

    saveAuthorizationCode: async (code, client: Client, user: User) => {
      const c = client as OAuthClient;
      const u = user as OAuthUser;
      if (!c.confidential && !code.codeChallenge) {
        throw new InvalidRequestError('Invalid request: public clients must send `code_challenge` (PKCE, S256)');
      }
      if (!c.dynamic && u.accountId !== c.accountId) {
        throw new AccessDeniedError('Access denied: the application belongs to another account');
      }
      const scope = joinScope(code.scope);
      // The grant, its codes and tokens belong to the user's account (a registered client has none).
      const accountId = u.accountId;
      await db.transaction(async (tx) => {
        const grant = await upsertGrant(tx, { accountId, userId: u.id, applicationId: c.applicationId, scope });
        await insertAuthorizationCode(tx, {
          accountId,
          audience: audience ?? 'api',
          grantId: grant.id,
          applicationId: c.applicationId,
          codeHash: hashSecret(code.authorizationCode),
          redirectUri: code.redirectUri,
          scope,
          codeChallenge: code.codeChallenge ?? null,
          codeChallengeMethod: code.codeChallengeMethod ?? null,
          expiresAt: code.expiresAt,
        });
        // The user's consent (Allow): a grant created, or renewed with the scope asked now.
        await insertSecurityEvent(tx, {
          accountId,
          kind: 'oauth_grant.authorized',
          actorId: u.id,
          oauthApplicationId: c.applicationId,
          subjectType: 'oauth_grant',
          subjectId: grant.id,
          details: { name: c.name, scope, redirect_uri: code.redirectUri },
          ipAddress: from?.address ?? null,
          userAgent: from?.userAgent ?? null,
        });
      });
      return { ...code, client, user } as AuthorizationCode;
    },

    getAuthorizationCode: async (authorizationCode: string) => {
      if (authorizationCode.length > MAX_SECRET_LENGTH) return false;
      const row = await findUnusedAuthorizationCode(db, hashSecret(authorizationCode));
      if (!row || row.deactivatedAt) return false;
      if (audience !== undefined && audience !== row.audience) throw invalidTarget('Invalid target: the code was issued for another resource');
      return {
        authorizationCode,
        codeId: row.id,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: scopeList(row.scope),
        ...(row.codeChallenge && { codeChallenge: row.codeChallenge, codeChallengeMethod: row.codeChallengeMethod ?? 'S256' }),
        client: { id: row.clientId, grants: [] },
        user: { id: row.userId, accountId: row.accountId, grantId: row.grantId, audience: row.audience } satisfies OAuthUser,
      };
    },

    /** Codes are single-use: the first exchange marks it; a concurrent second one finds it used. */
    revokeAuthorizationCode: async (code: AuthorizationCode) => useAuthorizationCode(db, code.codeId as number),

    getRefreshToken: async (refreshToken: string) => {
      if (refreshToken.length > MAX_SECRET_LENGTH) return false;
      const row = await findRefreshToken(db, hashSecret(refreshToken));
      if (!row) return false;
      if (row.rotatedAt || row.revokedAt) {
        // A rotated token presented again was copied: revoke the whole family, both holders' tokens.
        if (row.rotatedAt) {
          const family = { accountId: row.accountId, userId: row.userId, grantId: row.grantId, applicationId: row.applicationId, familyId: row.familyId };
          await db.transaction((tx) => revokeReusedFamily(tx, family, row.revokedAt !== null, from));
        }
        return false;
      }
      if (row.deactivatedAt) return false;
      if (audience !== undefined && audience !== row.audience) throw invalidTarget('Invalid target: the refresh token was issued for another resource');
      return {
        refreshToken,
        refreshTokenId: row.id,
        refreshTokenExpiresAt: row.expiresAt,
        // An application whose scope was lowered since the consent gets no more than it may have now.
        scope: scopeList(commonScope(toScope(row.scope), toScope(row.applicationScope))),
        client: { id: row.clientId, grants: [] },
        user: {
          id: row.userId,
          accountId: row.accountId,
          grantId: row.grantId,
          familyId: row.familyId,
          refreshTokenId: row.id,
          audience: row.audience,
        } satisfies OAuthUser,
      };
    },

    /**
     * Rotation retires the used refresh token in `saveToken`, in the transaction that issues its
     * successors, so two uses of one token cannot both pass (see there).
     */
    revokeToken: async () => true,

    saveToken: async (token: Token, client: Client, user: User) => {
      const c = client as OAuthClient;
      const u = user as OAuthUser;
      const scope = joinScope(token.scope);
      const expiresAt = token.accessTokenExpiresAt ?? new Date(Date.now() + ACCESS_TOKEN_LIFETIME * 1000);
      const issued = await db.transaction(async (tx) => {
        const family = { accountId: u.accountId, userId: u.id, grantId: u.grantId, applicationId: c.applicationId };
        if (u.refreshTokenId !== undefined && !(await retire(tx, u.refreshTokenId, family, from))) return false;
        const access = await insertOAuthAccessToken(tx, {
          accountId: u.accountId,
          userId: u.id,
          name: `OAuth: ${c.name}`,
          tokenHash: hashSecret(token.accessToken),
          hint: token.accessToken.slice(-4),
          scope,
          expiresAt,
          oauthApplicationId: c.applicationId,
          oauthGrantId: u.grantId,
          audience: u.audience ?? 'api',
        });
        if (token.refreshToken && u.grantId !== null) {
          await insertRefreshToken(tx, {
            accountId: u.accountId,
            grantId: u.grantId,
            applicationId: c.applicationId,
            familyId: u.familyId ?? randomUUID(),
            tokenHash: hashSecret(token.refreshToken),
            accessTokenId: access.id,
            audience: u.audience ?? 'api',
            scope,
            expiresAt: token.refreshTokenExpiresAt ?? new Date(Date.now() + REFRESH_TOKEN_LIFETIME * 1000),
          });
        }
        return true;
      });
      if (!issued) throw new InvalidGrantError('Invalid grant: refresh token is invalid or could not be revoked');
      return {
        ...token,
        // The library reports the whole seconds left; half a second's margin keeps `expires_in` at 3600.
        accessTokenExpiresAt: new Date(Date.now() + ACCESS_TOKEN_LIFETIME * 1000 + 500),
        client,
        user,
      };
    },

    /** Not used by our routes (the API's own token check authenticates access tokens); kept for the library's type. */
    getAccessToken: async (accessToken: string) => {
      const principal = await authenticateToken(db, accessToken);
      if (!principal) return false;
      return { accessToken, scope: principal.scopes, client: { id: '', grants: [] }, user: { id: principal.userId } };
    },
  };
}
