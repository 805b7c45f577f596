import { and, eq } from 'drizzle-orm';
import { notifications } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import type { Client } from './api';

// Reminders' tests (tests/api/reminders.test.ts, tests/faults/reminder-workers.test.ts): set one
// through the API, and read the `reminder` notifications a user got.

export const remind = (api: Client, fields: Record<string, unknown>) => api.post('/reminders', { reminder: fields });

export function reminderNotifications(userId: number) {
  return getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'reminder')));
}
