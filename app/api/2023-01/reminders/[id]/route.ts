import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteReminder, getReminder, updateReminder } from '@/lib/server/services/reminders';
import { reminderUpdate } from '@/lib/shared/validation/reminders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/reminders/{id} — one of the caller's reminders
  GET: async ({ db, ctx, params }) => json({ reminder: await getReminder(db, ctx, parseId(params.id, 'Reminder')) }),
  // PATCH /api/2023-01/reminders/{id} — a new time (arming it again) or note
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Reminder');
    return json({ reminder: await updateReminder(db, ctx, id, await parseBody(req, 'reminder', reminderUpdate)) });
  },
  // DELETE /api/2023-01/reminders/{id}
  DELETE: async ({ db, ctx, params }) => {
    await deleteReminder(db, ctx, parseId(params.id, 'Reminder'));
    return noContent();
  },
});
