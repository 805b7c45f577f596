import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { createReminder, listReminders } from '@/lib/server/services/reminders';
import { reminderCreate, reminderListQuery, reminderResponse } from '@/lib/shared/validation/reminders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/reminders?due=upcoming|past — the caller's reminders
  GET: async (call) => listOrExport(call, 'reminders', reminderListQuery, listReminders, reminderResponse),
  // POST /api/2023-01/reminders — remind me about a record I see, at a time in the future
  POST: async ({ db, ctx, req }) => json({ reminder: await createReminder(db, ctx, await parseBody(req, 'reminder', reminderCreate)) }, 201),
});
