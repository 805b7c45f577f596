import type { ReminderResponse } from '@/lib/shared/validation/reminders';
import { resourceHooks } from './resource';

export type Reminder = ReminderResponse;

/** The caller's reminders (docs/collaboration.md#reminders). */
export const { useList: useReminders, useCreate: useCreateReminder, useDelete: useDeleteReminder } = resourceHooks<Reminder>('reminder');
