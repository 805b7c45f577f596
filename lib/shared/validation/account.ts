import { z } from 'zod';
import { name, recordResponse } from './common';
import { timeZone } from './users';

// The caller's account (the general contractor): its name, and the time zone of its users who have
// not chosen one of their own.

/** PATCH /account under `account` (admins). */
export const accountUpdate = z
  .object({
    name,
    time_zone: timeZone.nullable().meta({ description: 'The IANA time zone of users who have not set their own; null: America/New_York.' }),
  })
  .partial()
  .meta({ id: 'AccountUpdate' });
export type AccountUpdate = z.output<typeof accountUpdate>;

export const accountResponse = recordResponse('Account', {
  name: z.string(),
  time_zone: z
    .string()
    .nullable()
    .meta({ description: 'The time zone of users who have not set their own (their reminders and 07:00 digest); null: America/New_York.' }),
});
export type AccountResponse = z.output<typeof accountResponse>;
