import type { Db } from '@/db';
import { authenticateSession } from './request-session';
import { authenticateToken, tokenFromHeader, type Principal } from './tokens';

export type Authentication =
  /** `setCookies`: a refreshed session cookie for the response. */
  | { principal: Principal; setCookies: string[] }
  /** Why the request gets a 401. */
  | { refusal: string };

const NO_CREDENTIALS = 'Send an API token in the Authorization header.';

/**
 * The caller of an API request: the `Authorization` token when the header is present (a bad one
 * is refused, whatever cookies come along), else the browser's session cookie on a same-origin
 * request.
 */
export async function authenticateRequest(db: Db, req: Request): Promise<Authentication> {
  const header = req.headers.get('authorization');
  if (header !== null) {
    const token = tokenFromHeader(header);
    const principal = token ? await authenticateToken(db, token) : null;
    if (!principal) return { refusal: token ? 'The token is invalid, expired or revoked.' : NO_CREDENTIALS };
    return { principal, setCookies: [] };
  }
  const session = await authenticateSession(req);
  switch (session.kind) {
    case 'ok':
      return { principal: session.principal, setCookies: session.setCookies };
    case 'none':
      return { refusal: NO_CREDENTIALS };
    case 'cross-site':
      return {
        refusal: 'The session cookie is accepted on same-origin requests only; send an API token in the Authorization header.',
      };
    case 'invalid':
      return { refusal: 'The session has expired or was signed out; sign in again or send an API token.' };
  }
}
