import { z } from 'zod';
import { LIMITS, name, paginationQuery, queryBoolean, recordResponse, responseTimestamp, userReference } from './common';

// OAuth applications (clients) and the grants users gave them; beyond the spec, in its conventions.

export const OAUTH_APP_SCOPES = ['read', 'read write'] as const;
export const MAX_REDIRECT_URIS = 10;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An absolute https URL (http on loopback, for development and native apps), without a fragment. */
const redirectUri = z
  .string()
  .trim()
  .max(LIMITS.url)
  .refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (url.hash || url.username || url.password) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  }, 'must be an https URL (http only on localhost or 127.0.0.1), without a fragment or credentials');

const fields = {
  name: name.meta({ description: 'Shown to users on the consent page.', example: 'Estimating sync' }),
  redirect_uris: z
    .array(redirectUri)
    .max(MAX_REDIRECT_URIS)
    .transform((uris) => [...new Set(uris)])
    .meta({ description: 'Where the authorization endpoint may send users back; matched exactly. Empty: client credentials only.' }),
  scope: z.enum(OAUTH_APP_SCOPES).meta({ description: 'The most its tokens may get: `read` or `read write`.' }),
  rate_limit_points: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .nullable()
    .meta({ description: 'Size of the leaky bucket of each of its tokens, in requests (a burst); null: the server default.' }),
  rate_limit_duration: z.number().int().min(1).max(86_400).nullable().meta({
    description:
      'Seconds the bucket takes to drain completely (it leaks `rate_limit_points / rate_limit_duration` requests a second); null: the server default.',
  }),
};

const rateLimitPair = (v: { rate_limit_points?: number | null; rate_limit_duration?: number | null }) =>
  (v.rate_limit_points == null) === (v.rate_limit_duration == null);
const pairMessage = { message: 'give both rate_limit_points and rate_limit_duration, or neither', path: ['rate_limit_points'] };

/** POST body under `oauth_application`. */
export const oauthApplicationCreate = z
  .object({
    ...fields,
    redirect_uris: fields.redirect_uris.default([]),
    scope: fields.scope.default('read write'),
    confidential: z
      .boolean()
      .default(true)
      .meta({ description: 'true: a server-side client with a secret. false: a public client (browser, mobile) without one; it must use PKCE.' }),
    rate_limit_points: fields.rate_limit_points.optional(),
    rate_limit_duration: fields.rate_limit_duration.optional(),
  })
  .refine(rateLimitPair, pairMessage)
  .meta({ id: 'OAuthApplicationCreate' });
export type OAuthApplicationCreate = z.output<typeof oauthApplicationCreate>;

/** PATCH body under `oauth_application`: any subset. */
export const oauthApplicationUpdate = z
  .object(fields)
  .partial()
  .refine((v) => !('rate_limit_points' in v || 'rate_limit_duration' in v) || rateLimitPair(v), pairMessage)
  .meta({ id: 'OAuthApplicationUpdate' });
export type OAuthApplicationUpdate = z.output<typeof oauthApplicationUpdate>;

export const oauthApplicationListQuery = paginationQuery.omit({ updated_since: true });
export type OAuthApplicationListQuery = z.output<typeof oauthApplicationListQuery>;

export const oauthApplicationResponse = recordResponse('OAuthApplication', {
  name: z.string(),
  client_id: z.string().meta({ description: 'Public identifier of the client (`gw_client_…`).' }),
  confidential: z.boolean(),
  secret_hint: z.string().nullable().meta({ description: 'The last four characters of the current secret ("…abcd"); null for a public client.' }),
  redirect_uris: z.array(z.string()),
  scope: z.enum(OAUTH_APP_SCOPES),
  rate_limit_points: z.number().int().nullable(),
  rate_limit_duration: z.number().int().nullable(),
  owner_id: z.string().meta({ description: 'The user who created it; client-credentials tokens act as this user.' }),
});
export type OAuthApplicationResponse = z.output<typeof oauthApplicationResponse>;

/** The answer to a create or a secret rotation: the only time the secret is shown. */
export const oauthApplicationWithSecret = oauthApplicationResponse
  .extend({
    client_secret: z.string().nullable().meta({ description: 'The secret (`gw_cs_…`), in this response only; null for a public client.' }),
  })
  .meta({ id: 'OAuthApplicationWithSecret' });
export type OAuthApplicationWithSecret = z.output<typeof oauthApplicationWithSecret>;

/** How an application came to be: an account's own (Settings → OAuth apps), or an AI assistant that registered itself. */
export const OAUTH_REGISTRATION_KINDS = ['account', 'dynamic'] as const;

export const oauthGrantListQuery = oauthApplicationListQuery.extend({
  all: queryBoolean.optional().meta({
    description: "true (admins only): every user's authorizations in the account, not only the caller's. An admin may revoke any of them.",
  }),
  registration: z.enum(OAUTH_REGISTRATION_KINDS).optional().meta({
    description: '`dynamic`: AI assistants that registered themselves (the MCP server, docs/mcp.md); `account`: the account’s own OAuth apps.',
  }),
});
export type OAuthGrantListQuery = z.output<typeof oauthGrantListQuery>;

export const oauthGrantResponse = recordResponse('OAuthGrant', {
  application: z.object({
    id: z.string(),
    name: z.string(),
    client_id: z.string(),
    registration: z.enum(OAUTH_REGISTRATION_KINDS).meta({ description: '`dynamic`: an AI assistant that registered itself (RFC 7591).' }),
  }),
  scope: z.enum(OAUTH_APP_SCOPES),
  last_authorized_at: responseTimestamp,
  last_used_at: responseTimestamp.nullable().meta({ description: 'The last request made with a token of this authorization; null: none yet.' }),
  user: userReference.meta({ description: 'Who authorized the application.' }),
});
export type OAuthGrantResponse = z.output<typeof oauthGrantResponse>;
