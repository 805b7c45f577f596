import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import type { Auth } from './server';

// The browser's Better Auth client (sign-in, sign-out, the session), on this origin's /api/auth.
export const authClient = createAuthClient({
  plugins: [inferAdditionalFields<Auth>()],
});
