import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/lib/auth/server';
import { throttleSignIn } from '@/lib/auth/sign-in-throttle';

// Better Auth's own endpoints (sign-in, sign-out, get-session…): its protocol, not the 2023-01 API.
// Password sign-in goes through the throttle (lib/auth/sign-in-throttle.ts).
const handle = (req: Request) => getAuth().handler(req);
export const { GET, PATCH, PUT, DELETE } = toNextJsHandler(handle);
export const { POST } = toNextJsHandler((req: Request) =>
  new URL(req.url).pathname.endsWith('/sign-in/email') ? throttleSignIn(req, handle) : handle(req),
);
