// Auth constants shared by the server and the browser (client-safe: no imports).

/** Sign-in with the right password for a deactivated user: 403 with this code, and no session. */
export const USER_DEACTIVATED = 'USER_DEACTIVATED';

/** Better Auth's default password bounds; its sign-in refuses longer passwords. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;
