// Auth constants shared by the server and the browser (client-safe: no imports).

/** Sign-in with the right password for a deactivated user: 403 with this code, and no session. */
export const USER_DEACTIVATED = 'USER_DEACTIVATED';

/** Better Auth's default password bounds; its sign-in refuses longer passwords. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/** The fields our users add to Better Auth's user (ours, read-only for it), for its server and its browser client. */
export const USER_ADDITIONAL_FIELDS = {
  accountId: { type: 'number', required: true, input: false },
  firstName: { type: 'string', required: false, input: false },
  lastName: { type: 'string', required: false, input: false },
  role: { type: 'string', required: false, input: false },
  deactivatedAt: { type: 'date', required: false, input: false },
  projectAccess: { type: 'string', required: false, input: false },
  permissionLeads: { type: 'string', required: false, input: false },
  permissionProjects: { type: 'string', required: false, input: false },
  permissionDirectory: { type: 'string', required: false, input: false },
  permissionWorkforce: { type: 'string', required: false, input: false },
  permissionForecast: { type: 'string', required: false, input: false },
  permissionInsights: { type: 'string', required: false, input: false },
} as const;
