import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';
import { reminderCreate, reminderListQuery, reminderResponse, reminderUpdate } from '@/lib/shared/validation/reminders';

export const remindersPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'reminder',
  response: reminderResponse,
  create: reminderCreate,
  update: reminderUpdate,
  listQuery: reminderListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: {
    list: 'Your reminders: upcoming soonest first, or past most recent first',
    create: 'Remind me about a lead, project, company, contact or task (one I see) at a time in the future',
    update: 'Move a reminder (arming it again) or change its note',
    delete: 'Delete a reminder',
  },
});
