import type { TokenAudience } from '@/db/schema/enums';

// RFC 8707 resource indicators: a client names the resource it wants a token for, and the token
// serves that resource only. Two resources here: the HTTP API and the MCP server (docs/mcp.md).

export const RESOURCE_PATHS: Record<TokenAudience, string> = { api: '/api/2023-01', mcp: '/api/mcp' };

/** The resource URI of an audience on this origin. */
export function resourceOf(audience: TokenAudience, origin: string): string {
  return `${origin}${RESOURCE_PATHS[audience]}`;
}

/**
 * The audience a `resource` parameter names; undefined when none was sent; null when it names
 * nothing of this server (RFC 8707 `invalid_target`). A trailing slash is forgiven.
 */
export function audienceOfResource(resource: string | undefined, origin: string): TokenAudience | null | undefined {
  if (resource === undefined || resource === '') return undefined;
  const given = resource.replace(/\/+$/, '');
  for (const audience of Object.keys(RESOURCE_PATHS) as TokenAudience[]) if (given === resourceOf(audience, origin)) return audience;
  return null;
}
