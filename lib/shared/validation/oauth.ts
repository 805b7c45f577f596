import './zod-config';
import { z } from 'zod';

// The parameters of GET /oauth/authorize and of the consent form. Each is bounded; their meaning
// (client, redirect URI, scope, PKCE) is the OAuth library's to judge.
const param = (max: number) => z.string().max(max).optional();

export const authorizeParams = z.object({
  response_type: param(64),
  client_id: z.string().min(1).max(512),
  redirect_uri: param(2048),
  scope: param(256),
  state: param(1024),
  code_challenge: param(256),
  code_challenge_method: param(16),
  /** RFC 8707: the resource the token is for (the API or the MCP server); default the API. */
  resource: param(2048),
});
export type AuthorizeParams = z.output<typeof authorizeParams>;

/** The first value of each search parameter (Next.js gives arrays for repeated ones). */
export function firstValues(input: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined) out[k] = value;
  }
  return out;
}

/** The parameters as they go back into the form or the library: the given ones only. */
export function definedParams(params: AuthorizeParams): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
