import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { passwordChange, profileUpdate, userCreate, userListQuery, userResponse, userUpdate } from '@/lib/shared/validation/users';
import { conflictResponse, errorResponse, jsonBody, ok, resourcePaths, standardErrors, writeErrors } from '@/lib/server/openapi/paths/resource';
import { notificationSettingsResponse, notificationSettingsUpdate } from '@/lib/shared/validation/notification-settings';

const forbidden = {
  '403': {
    description: 'A `read` token writing (`insufficient_scope`), or a caller who is not an admin (`forbidden`).',
    content: { 'application/json': { schema: errorResponse } },
  },
};

const paths = resourcePaths({
  resource: 'user',
  response: userResponse,
  create: userCreate,
  update: userUpdate,
  listQuery: userListQuery,
  ops: ['list', 'create', 'get', 'update'],
  summaries: {
    list: "List the account's users",
    create: 'Add a user to the account (admins)',
    get: 'Get a user of the account',
    update: 'Rename, change the role of, deactivate or reactivate a user (admins)',
  },
});
const collection = paths['/api/2023-01/users']!;
const member = paths['/api/2023-01/users/{id}']!;
collection.post = {
  ...collection.post!,
  description:
    'Admins only (a session or a `read write` token). The email must be new to Groundwork (422 on `email` otherwise); the password is hashed, never returned.',
  responses: { ...collection.post!.responses, ...forbidden, ...conflictResponse('Another request added a user with this email at the same moment') },
};
member.patch = {
  ...member.patch!,
  description:
    "Admins only. An admin cannot demote or deactivate themselves, and the last active admin cannot lose the role (422 on the field). Deactivating ends the user's sessions; their tokens are refused until reactivated.",
  responses: { ...member.patch!.responses, ...forbidden },
};

export const usersPaths: ZodOpenApiPathsObject = {
  ...paths,
  '/api/2023-01/users/me': {
    get: {
      operationId: 'get_current_user',
      tags: ['Users'],
      summary: 'The user the token acts for',
      responses: { ...ok('The caller.', 'user', userResponse), ...standardErrors },
    },
    patch: {
      operationId: 'update_current_user',
      tags: ['Users'],
      summary: 'Change your own name or sign-in email',
      description: 'Every user, for themselves. An email another user has is a 422 on `email`.',
      requestBody: jsonBody('user', profileUpdate),
      responses: { ...ok('You, changed.', 'user', userResponse), ...standardErrors, ...writeErrors },
    },
  },
  '/api/2023-01/users/me/password': {
    post: {
      operationId: 'change_current_user_password',
      tags: ['Users'],
      summary: 'Change your own password',
      description:
        'With your current password (a 422 on `current_password` when it is not). Your other sessions end; the one you change it from stays. Recorded in the security log.',
      requestBody: jsonBody('password_change', passwordChange),
      responses: { '204': { description: 'Changed.' }, ...standardErrors, ...writeErrors },
    },
  },
  '/api/2023-01/users/me/notification_settings': {
    get: {
      operationId: 'get_notification_settings',
      tags: ['Notifications'],
      summary: 'How you hear of each kind of notification by email: instant, in the 07:00 digest, or off',
      responses: { ...ok('Your settings, every kind.', 'notification_settings', notificationSettingsResponse), ...standardErrors },
    },
    patch: {
      operationId: 'update_notification_settings',
      tags: ['Notifications'],
      summary: 'Change how you hear of some kinds of notification by email',
      description: 'Only the kinds given change. The digest goes at 07:00 in your `time_zone` (PATCH /users/me).',
      requestBody: jsonBody('notification_settings', notificationSettingsUpdate),
      responses: { ...ok('Your settings, every kind.', 'notification_settings', notificationSettingsResponse), ...standardErrors, ...writeErrors },
    },
  },
};
