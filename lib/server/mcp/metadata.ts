import 'server-only';
import { publicOrigin } from '@/lib/server/security/origin';
import { OAUTH_SCOPES } from '@/lib/shared/oauth-scopes';
import { MCP_PATH } from './handler';

// What an MCP client reads to find how to get a token for /api/mcp: the protected resource's
// metadata (RFC 9728), which names this origin as its authorization server, and the authorization
// server's metadata (RFC 8414). Both are public and the same for every account.

export function protectedResourceMetadata(req: Request) {
  const origin = publicOrigin(req);
  return {
    resource: `${origin}${MCP_PATH}`,
    authorization_servers: [origin],
    scopes_supported: OAUTH_SCOPES,
    bearer_methods_supported: ['header'],
    resource_name: 'Groundwork',
  };
}

export function authorizationServerMetadata(req: Request) {
  const origin = publicOrigin(req);
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/oauth/authorize`,
    token_endpoint: `${origin}/oauth/token`,
    revocation_endpoint: `${origin}/oauth/revoke`,
    registration_endpoint: `${origin}/oauth/register`,
    scopes_supported: OAUTH_SCOPES,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256'],
  };
}
