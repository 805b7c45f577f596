import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/lib/server/auth/server';
import { signIn } from '@/lib/server/auth/sign-in';
import { withClientAddress } from '@/lib/server/security/client-address';

// Better Auth's own endpoints (sign-in, sign-out, get-session…): its protocol, not the 2023-01 API.
// Each request reaches Better Auth with the client's address resolved as ours are
// (lib/server/security/client-address.ts); password sign-in is throttled and audited (lib/server/auth/sign-in.ts).
const handle = (req: Request) => getAuth().handler(withClientAddress(req));
export const { GET, PATCH, PUT, DELETE } = toNextJsHandler(handle);
export const { POST } = toNextJsHandler((req: Request) => (new URL(req.url).pathname.endsWith('/sign-in/email') ? signIn(req, handle) : handle(req)));
