import { z } from 'zod';
import { COMMENTABLE_TYPES } from '@/db/schema/enums';
import { paginationQuery, queryId, recordResponse, relationId, responseTimestamp, timestamp, userReference } from './common';

// A user's reminders about records (docs/collaboration.md#reminders): each its owner's alone.

/** The most a reminder's note holds. */
export const REMINDER_NOTE_MAX = 1_000;

const note = z
  .string()
  .trim()
  .max(REMINDER_NOTE_MAX, `must be at most ${REMINDER_NOTE_MAX.toLocaleString('en-US')} characters`)
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .meta({ description: 'What to do then (optional, up to 1,000 characters).' });

const remindAt = timestamp.meta({ description: 'When to be reminded: a time in the future (ISO 8601 with an offset).' });

/** POST /reminders under `reminder`. */
export const reminderCreate = z
  .object({
    remindable_type: z.enum(COMMENTABLE_TYPES).meta({ description: 'What the reminder is about: lead, project, company, contact or task.' }),
    remindable_id: relationId.meta({ description: 'The id of that record.' }),
    remind_at: remindAt,
    note: note.optional(),
  })
  .meta({ id: 'ReminderCreate' });
export type ReminderCreate = z.output<typeof reminderCreate>;

/** PATCH /reminders/{id} under `reminder`: a new time (which arms it again) or note. */
export const reminderUpdate = z.object({ remind_at: remindAt, note }).partial().meta({ id: 'ReminderUpdate' });
export type ReminderUpdate = z.output<typeof reminderUpdate>;

export const reminderListQuery = paginationQuery.extend({
  due: z
    .enum(['upcoming', 'past'])
    .optional()
    .meta({ description: 'upcoming: still ahead, soonest first; past: come, most recent first. Without it: all, by time.' }),
  remindable_type: z.enum(COMMENTABLE_TYPES).optional().meta({ description: 'With `remindable_id`: the reminders about one record.' }),
  remindable_id: queryId.optional(),
});
export type ReminderListQuery = z.output<typeof reminderListQuery>;

export const reminderResponse = recordResponse('Reminder', {
  remindable_type: z.enum(COMMENTABLE_TYPES),
  remindable_id: z.string(),
  remindable_name: z.string().nullable().meta({ description: 'The record’s name as it is now.' }),
  remind_at: responseTimestamp,
  note: z.string().nullable(),
  notified_at: responseTimestamp.nullable().meta({ description: 'When its notification was made; null until then (and again after remind_at moves).' }),
  user: userReference.meta({ description: 'Whose reminder it is (always the caller).' }),
});
export type ReminderResponse = z.output<typeof reminderResponse>;
