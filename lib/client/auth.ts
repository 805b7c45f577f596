import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { USER_ADDITIONAL_FIELDS } from '@/lib/shared/auth-constants';

// The browser's Better Auth client (sign-in, sign-out, the session), on this origin's /api/auth,
// with the fields our users add to Better Auth's (the server declares the same ones).
export const authClient = createAuthClient({
  plugins: [inferAdditionalFields({ user: USER_ADDITIONAL_FIELDS })],
});
