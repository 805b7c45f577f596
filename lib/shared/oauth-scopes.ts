// Scopes of OAuth tokens: the API's own two, `read` (GET) and `write` (everything else). Write
// implies read, so a grant is one of the two scopes API tokens have: `read` or `read write`.
export const OAUTH_SCOPES = ['read', 'write'] as const;
export type OAuthTokenScope = 'read' | 'read write';

/**
 * The scope a request gets: the requested one (default: all the application may have), each part
 * known and allowed to the application; null when it asks for more.
 */
export function grantedScope(requested: string[] | undefined, allowed: OAuthTokenScope): OAuthTokenScope | null {
  const allowedParts = allowed.split(' ');
  const parts = requested?.length ? requested : allowedParts;
  if (!parts.every((p) => allowedParts.includes(p))) return null;
  return parts.includes('write') ? 'read write' : 'read';
}

/** What both scopes allow: a grant's scope within what its application may have now. */
export function commonScope(a: OAuthTokenScope, b: OAuthTokenScope): OAuthTokenScope {
  return a === 'read write' && b === 'read write' ? 'read write' : 'read';
}

export const SCOPE_DESCRIPTIONS: Record<(typeof OAUTH_SCOPES)[number], string> = {
  read: 'Read your account’s records (leads, projects, companies, contacts, tasks, people)',
  write: 'Create, change and delete records in your account, as you',
};
