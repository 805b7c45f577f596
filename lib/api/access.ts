import { ApiError } from './errors';
import type { ApiContext } from './route';

// Who may do what beyond the token scopes: an admin manages the account's users, and API tokens
// are managed from a signed-in browser only.

export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);

export function requireAdmin(ctx: ApiContext, action: string): void {
  if (ctx.role !== 'admin') throw forbidden(`Only an admin of the account can ${action}.`);
}

/**
 * A token cannot mint, list or revoke tokens: a leaked token must not be able to outlive its own
 * revocation by minting another.
 */
export function requireSession(
  ctx: ApiContext,
  message = 'API tokens are managed from a signed-in browser session (Settings → API tokens), not with an API token.',
): void {
  if (ctx.authMethod !== 'session') throw forbidden(message);
}
