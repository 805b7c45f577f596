import type { Db } from '@/db';
import { revokeAccessTokenOfApplication, revokeRefreshTokenOfApplication } from '@/db/queries/oauth-tokens';
import { hashSecret } from './secrets';
import { BadBody, NO_STORE, oauthError, readParams } from './http';
import { authenticateClient } from './model';

// POST /oauth/revoke (RFC 7009). The library has no revocation endpoint: the client authenticates
// as at the token endpoint (the same model function), then its own token is revoked. An unknown,
// foreign or already revoked token is a 200 too, so the answer reveals nothing.

const urlDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));

/** HTTP Basic client credentials (RFC 6749 §2.3.1: each part form-urlencoded, then base64). */
function basicCredentials(header: string | null): { id: string; secret: string } | null | 'malformed' {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match) return 'malformed';
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    return { id: urlDecode(decoded.slice(0, colon)), secret: urlDecode(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

export async function handleRevoke(db: Db, req: Request): Promise<Response> {
  let params: Record<string, string>;
  try {
    const parsed = await readParams(req);
    if (!parsed.form) return oauthError(400, 'invalid_request', 'Send the parameters as application/x-www-form-urlencoded (or JSON).');
    params = parsed.params;
  } catch (err) {
    if (err instanceof BadBody) return oauthError(400, 'invalid_request', err.message);
    throw err;
  }
  const basic = basicCredentials(req.headers.get('authorization'));
  const challenge = basic ? { 'WWW-Authenticate': 'Basic realm="groundwork"' } : undefined;
  if (basic === 'malformed') return oauthError(401, 'invalid_client', 'Invalid client: malformed Basic credentials', challenge);
  const clientId = basic?.id ?? params.client_id;
  const clientSecret = basic?.secret ?? params.client_secret;
  const client = clientId ? await authenticateClient(db, clientId, clientSecret) : null;
  if (!client) return oauthError(401, 'invalid_client', 'Invalid client: client is invalid', challenge);
  const token = params.token;
  if (!token) return oauthError(400, 'invalid_request', 'Missing parameter: `token`');

  if (token.length <= 512) {
    const hash = hashSecret(token);
    const order =
      params.token_type_hint === 'refresh_token'
        ? [revokeRefreshTokenOfApplication, revokeAccessTokenOfApplication]
        : [revokeAccessTokenOfApplication, revokeRefreshTokenOfApplication];
    for (const revoke of order) if (await revoke(db, hash, client.applicationId)) break;
  }
  return new Response(null, { status: 200, headers: NO_STORE });
}
