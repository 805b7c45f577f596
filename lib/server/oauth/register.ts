import { z } from 'zod';
import type { Db } from '@/db';
import { insertRegisteredClient } from '@/db/queries/oauth-applications';
import { pageRateLimitSettings } from '@/lib/server/config/security';
import { clientAddress } from '@/lib/server/security/client-address';
import { spendPageRequest } from '@/lib/server/security/page-rate-limit';
import { NO_STORE, oauthError } from './http';
import { newClientId } from './secrets';

// RFC 7591 dynamic client registration (POST /oauth/register), for MCP clients (docs/mcp.md): a
// public client (no secret; PKCE S256 at the authorization endpoint) whose redirect URIs are on
// the loopback interface or https. It belongs to no account until a user authorizes it; what it
// may then do is that user's and the token's scope. Registrations are limited per client address.

/** A registered client no user authorized within this many days is deleted (lib/server/jobs/scheduled.ts). */
export const REGISTERED_CLIENT_DAYS = 30;
/** Registrations per client address per hour. */
export const REGISTRATIONS_PER_HOUR = 20;
const MAX_BODY_BYTES = 16 * 1024;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A redirect URI an assistant may use: https anywhere, http on the loopback interface only; no fragment. */
function redirectProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not a URL.`;
  }
  if (url.hash) return `${uri} has a fragment, which a redirect URI may not have.`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return `${uri} must be https, or http on 127.0.0.1, localhost or [::1].`;
}

const metadata = z.object({
  redirect_uris: z.array(z.string().max(2048)).min(1).max(10),
  client_name: z.string().trim().min(1).max(200).optional(),
  token_endpoint_auth_method: z.string().max(64).optional(),
  grant_types: z.array(z.string().max(64)).max(10).optional(),
  response_types: z.array(z.string().max(64)).max(10).optional(),
  scope: z.string().max(256).optional(),
});

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

export async function handleRegister(db: Db, req: Request): Promise<Response> {
  const settings = pageRateLimitSettings();
  const verdict = await spendPageRequest(`register:${clientAddress(req)}`, { ...settings, points: REGISTRATIONS_PER_HOUR, duration: 3600 });
  if (!verdict.allowed) {
    return oauthError(429, 'temporarily_unavailable', `Too many registrations from your address. Try again in ${verdict.retryAfterSeconds} seconds.`, {
      'Retry-After': String(verdict.retryAfterSeconds),
    });
  }
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(req.headers.get('content-type') ?? '')) {
    return oauthError(400, 'invalid_client_metadata', 'Send the client metadata as a JSON object (Content-Type: application/json).');
  }
  if (Number(req.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return oauthError(413, 'invalid_client_metadata', 'The client metadata is too large.');
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) return oauthError(413, 'invalid_client_metadata', 'The client metadata is too large.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return oauthError(400, 'invalid_client_metadata', 'The client metadata is not valid JSON.');
  }
  const parsed = metadata.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return oauthError(
      400,
      issue.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata',
      `${issue.path.join('.') || 'metadata'}: ${issue.message}`,
    );
  }
  const given = parsed.data;
  for (const uri of given.redirect_uris) {
    const problem = redirectProblem(uri);
    if (problem) return oauthError(400, 'invalid_redirect_uri', problem);
  }
  if (given.token_endpoint_auth_method !== undefined && given.token_endpoint_auth_method !== 'none') {
    return oauthError(
      400,
      'invalid_client_metadata',
      'Only public clients register here: token_endpoint_auth_method must be "none" (PKCE S256 proves the client).',
    );
  }
  const unsupported = (given.grant_types ?? []).find((g) => !GRANT_TYPES.includes(g));
  if (unsupported) return oauthError(400, 'invalid_client_metadata', `grant_types may hold authorization_code and refresh_token only, not ${unsupported}.`);
  if ((given.response_types ?? []).some((r) => r !== 'code')) return oauthError(400, 'invalid_client_metadata', 'response_types may hold code only.');

  const client = await insertRegisteredClient(db, {
    clientId: newClientId(),
    name: given.client_name ?? 'AI assistant',
    redirectUris: [...new Set(given.redirect_uris)],
  });
  return Response.json(
    {
      client_id: client.clientId,
      client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
      client_name: client.name,
      redirect_uris: client.redirectUris,
      grant_types: GRANT_TYPES,
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'read write',
    },
    { status: 201, headers: NO_STORE },
  );
}
