import { toNextJsHandler } from 'better-auth/next-js';
import { auditedAuthAction } from '@/lib/server/auth/account-actions';
import { getAuth } from '@/lib/server/auth/server';
import { signIn } from '@/lib/server/auth/sign-in';
import { withClientAddress } from '@/lib/server/security/client-address';

// Better Auth's own endpoints (sign-in, sign-out, get-session…): its protocol, not the 2023-01 API.
// Each request reaches Better Auth with the client's address resolved as ours are
// (lib/server/security/client-address.ts); password sign-in is throttled and audited
// (lib/server/auth/sign-in.ts), a password change and "sign out everywhere" audited
// (lib/server/auth/account-actions.ts). Paths are compared as Better Auth routes them: exactly.
const handle = (req: Request) => getAuth().handler(withClientAddress(req));
const authPath = (req: Request) => new URL(req.url).pathname.slice('/api/auth'.length);

export const { GET, PATCH, PUT, DELETE } = toNextJsHandler(handle);
export const { POST } = toNextJsHandler((req: Request) => {
  const path = authPath(req);
  return path === '/sign-in/email' ? signIn(req, handle) : auditedAuthAction(req, path, handle);
});
