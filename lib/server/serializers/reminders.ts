import type { ReminderRow } from '@/db/queries/reminders';
import type { ReminderResponse } from '@/lib/shared/validation/reminders';
import { base, iso, isoOrNull, personRef } from './common';

/** The one Reminder shape (`Reminder` in the OpenAPI document). */
export function serializeReminder(row: ReminderRow): ReminderResponse {
  const { reminder } = row;
  return {
    ...base(reminder),
    remindable_type: reminder.remindableType,
    remindable_id: String(reminder.remindableId),
    remindable_name: row.remindableName,
    remind_at: iso(reminder.remindAt),
    note: reminder.note,
    notified_at: isoOrNull(reminder.notifiedAt),
    user: personRef(row.user)!,
  };
}
