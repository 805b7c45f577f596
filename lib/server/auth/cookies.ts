// Shared by the Better Auth instance and by proxy.ts, which must not import the database.
// Cookie names: `groundwork.session_token` (`__Secure-groundwork.session_token` in production).
export const AUTH_COOKIE_PREFIX = 'groundwork';
