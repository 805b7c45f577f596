import { toNextJsHandler } from 'better-auth/next-js';
import { getAuth } from '@/lib/auth/server';

// Better Auth's own endpoints (sign-in, sign-out, get-session…): its protocol, not the 2023-01 API.
export const { GET, POST, PATCH, PUT, DELETE } = toNextJsHandler((req: Request) => getAuth().handler(req));
