// Shared by the Better Auth instance and by proxy.ts, which checks only that the cookie is there.
// Cookie names: `groundwork.session_token` (`__Secure-groundwork.session_token` in production).
export const AUTH_COOKIE_PREFIX = 'groundwork';
