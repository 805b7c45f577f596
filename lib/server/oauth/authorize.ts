import type { Db } from '@/db';
import type { AuthorizeParams } from '@/lib/shared/validation/oauth';
import { findClient, type OAuthClient } from './model';
import { grantedScope, type OAuthTokenScope } from '@/lib/shared/oauth-scopes';
import type { TokenAudience } from '@/db/schema/enums';
import { audienceOfResource } from './resource';

// What the consent page needs to know before asking: the application, and whether the request can
// be granted at all. The library checks all of it again when the user decides (lib/server/oauth/http.ts).

export type AuthorizeCheck =
  /** Wrong client or redirect URI: an error page, never a redirect (RFC 6749 §4.1.2.1). */
  | { kind: 'fatal'; message: string }
  /** Anything else wrong: back to the client with `error` (and `state`). */
  | { kind: 'redirect'; location: string }
  | { kind: 'ok'; client: OAuthClient; scope: OAuthTokenScope; redirectUri: string; audience: TokenAudience };

/** RFC 7636 §4.2: the characters and length of a code challenge. */
const PKCE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

function errorRedirect(redirectUri: string, state: string | undefined, error: string, description: string): AuthorizeCheck {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state) url.searchParams.set('state', state);
  return { kind: 'redirect', location: url.toString() };
}

/** The redirect URIs the application with this client id registered; null when there is none (the consent page's CSP). */
export async function registeredRedirectUris(db: Db, clientId: string): Promise<string[] | null> {
  return (await findClient(db, clientId))?.redirectUris ?? null;
}

/** `origin`: this server's public origin, which a `resource` must name. */
export async function checkAuthorizeRequest(db: Db, params: AuthorizeParams, user: { accountId: number }, origin: string): Promise<AuthorizeCheck> {
  const client = await findClient(db, params.client_id);
  if (!client) return { kind: 'fatal', message: 'There is no application with this client_id.' };
  const redirectUri = params.redirect_uri ?? client.redirectUris[0];
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return { kind: 'fatal', message: 'The redirect_uri is not one the application registered (it must match exactly).' };
  }
  // A registered client (an assistant, RFC 7591) is any account's to authorize; an account's own is not.
  if (!client.dynamic && client.accountId !== user.accountId) {
    return { kind: 'fatal', message: 'This application belongs to another Groundwork account; only its own users can authorize it.' };
  }
  const fail = (error: string, description: string) => errorRedirect(redirectUri, params.state, error, description);
  if (params.response_type !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
  const scope = grantedScope(params.scope?.trim().split(/\s+/).filter(Boolean), client.scope);
  if (!scope) return fail('invalid_scope', `This application may ask for "${client.scope}" at most.`);
  // RFC 7636 §4.3: a challenge without a method is `plain`, which this server does not accept; a
  // method without a challenge, or a challenge no verifier could match (§4.2), is as unusable.
  if (params.code_challenge !== undefined || params.code_challenge_method !== undefined) {
    if (params.code_challenge_method !== 'S256') {
      return fail('invalid_request', 'code_challenge_method must be S256 (without it, RFC 7636 means plain, which is not supported).');
    }
    if (!params.code_challenge || !PKCE_CHALLENGE.test(params.code_challenge)) {
      return fail('invalid_request', 'code_challenge must be the S256 challenge: 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~".');
    }
  }
  if (!client.confidential && !params.code_challenge) {
    return fail('invalid_request', 'Public clients must send code_challenge (PKCE, S256).');
  }
  const audience = audienceOfResource(params.resource, origin);
  if (audience === null) return fail('invalid_target', `resource must be ${origin}/api/mcp (the MCP server) or ${origin}/api/2023-01 (the API).`);
  return { kind: 'ok', client, scope, redirectUri, audience: audience ?? 'api' };
}
