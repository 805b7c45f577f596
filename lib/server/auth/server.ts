import 'server-only';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { findUserStatus } from '@/db/queries/users';
import { authAccounts, sessions, users, verifications } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { env } from '@/lib/server/env';
import { CLIENT_ADDRESS_HEADER, requestOrigin, trustProxy } from '@/lib/server/security/client-address';
import { USER_ADDITIONAL_FIELDS, USER_DEACTIVATED } from '@/lib/shared/auth-constants';
import { AUTH_COOKIE_PREFIX } from './cookies';
import { mailPasswordReset } from './password-mail';

// Browser sign-in: Better Auth with email and password, sessions in the database and a signed,
// httpOnly, SameSite=Lax cookie (Secure in production). Users belong to a tenant account and are
// created by our code, never by Better Auth: sign-up and the endpoints that would write user rows
// are off.

function createAuth() {
  return betterAuth({
    appName: 'Groundwork',
    // Required in production. Unset (development, tests): the origin of each request, its Host (or
    // a trusted proxy's X-Forwarded-Host), as the request URL is the listening address.
    baseURL: env.PUBLIC_BASE_URL,
    basePath: '/api/auth',
    // Without PUBLIC_BASE_URL, the origin the request was sent to (by our rules: its Host, or a
    // trusted proxy's X-Forwarded-Host) is where sign-in may come from.
    trustedOrigins: (req) => (req && !env.PUBLIC_BASE_URL ? [requestOrigin(req)] : []),
    secret: env.BETTER_AUTH_SECRET,
    database: drizzleAdapter(getDb(), {
      provider: 'pg',
      schema: { users, sessions, authAccounts, verifications },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      // "Forgot your password?": a one-hour, one-use link by mail (lib/server/auth/password-mail.ts);
      // setting the new password ends every session of the user.
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url, token }) => mailPasswordReset(getDb(), user, token, new URL(url).origin),
    },
    user: {
      modelName: 'users',
      // Ours, read-only for Better Auth; they come back on the session's user.
      additionalFields: USER_ADDITIONAL_FIELDS,
    },
    session: { modelName: 'sessions' },
    databaseHooks: {
      session: {
        create: {
          // Every new session (sign-in) passes here, after the password was checked: a deactivated
          // user gets a 403 that says so (the password was right, so nothing is revealed), never a
          // session. Their existing sessions are deleted on deactivation and refused by
          // lib/server/auth/request-session.ts and session.ts meanwhile.
          async before(session) {
            const user = await findUserStatus(getDb(), Number(session.userId));
            if (!user || user.deactivatedAt !== null) {
              throw APIError.from('FORBIDDEN', {
                code: USER_DEACTIVATED,
                message: 'This user has been deactivated. Ask an admin of your account to reactivate you.',
              });
            }
          },
        },
      },
    },
    account: {
      modelName: 'authAccounts',
      // Better Auth's `accountId` is the provider's id of the user, not our tenant.
      fields: { accountId: 'providerAccountId' },
      accountLinking: { enabled: false },
    },
    verification: { modelName: 'verifications' },
    // `name` is derived from first_name and last_name, emails change through our code only, and
    // users are deleted with their tenant. Sessions are listed and ended through the 2023-01 API
    // (GET/DELETE /sessions, recorded in the security log): Better Auth's list-sessions would hand
    // every session's token to page JavaScript, and its revoke-session (by token) and
    // revoke-other-sessions would end sessions unrecorded. Its revoke-sessions ("sign out
    // everywhere") and change-password stay, recorded (lib/server/auth/account-actions.ts).
    disabledPaths: ['/update-user', '/change-email', '/delete-user', '/list-sessions', '/revoke-session', '/revoke-other-sessions'],
    advanced: {
      database: { generateId: 'serial' },
      // Forwarded headers only from a proxy of ours (TRUST_PROXY=true); the client's address is
      // resolved by lib/server/security/client-address.ts and handed over in its own header.
      trustedProxyHeaders: trustProxy(),
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: env.NODE_ENV === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Better Auth skips its Origin check when NODE_ENV is test; keep it on so tests see production behaviour.
      disableOriginCheck: false,
    },
    telemetry: { enabled: false },
    // Tests sign in with wrong passwords on purpose; their warnings are noise there.
    logger: { level: env.NODE_ENV === 'test' ? 'error' : 'warn' },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// Created on first use (not at import, so `next build` opens no database), once per process.
const globalForAuth = globalThis as unknown as { __groundworkAuth?: Auth };

export function getAuth(): Auth {
  globalForAuth.__groundworkAuth ??= createAuth();
  return globalForAuth.__groundworkAuth;
}
