import { z } from 'zod';
import {
  companyReference,
  idFilters,
  longText,
  namedReference,
  nullableIds,
  paginationQuery,
  projectReference,
  recordResponse,
  responseTimestamp,
  sortQuery,
  timestampOf,
  userReference,
} from './common';

/** The shared timestamp, but a null gets a message that says why it is refused. */
const recordedAt = timestampOf((issue) => (issue.input === null ? "can't be null: a call always has a time" : undefined)).meta({
  description: 'When the call took place; defaults to now on create; cannot be cleared.',
});

export const CALL_SORTS = ['-created_at', 'created_at', '-recorded_at', 'recorded_at'] as const;

const fields = {
  ...nullableIds('call_outcome', 'company', 'contact', 'project'),
  notes: longText.nullable(),
  recorded_at: recordedAt,
};

/** POST body under `call`: every field optional; `recorded_at` defaults to now. */
export const callCreate = z.object(fields).partial().meta({ id: 'CallCreate' });
/** PATCH body under `call`: any subset; null clears a nullable field (not `recorded_at`). */
export const callUpdate = z.object(fields).partial().meta({ id: 'CallUpdate' });
export type CallCreate = z.output<typeof callCreate>;
export type CallUpdate = z.output<typeof callUpdate>;

export const callListQuery = paginationQuery.extend({
  ...idFilters('project', 'company', 'contact'),
  sort: sortQuery(CALL_SORTS, 'Order: -recorded_at for the latest calls first by when they took place; ties by id. Default -created_at.'),
});

export const callResponse = recordResponse('Call', {
  notes: z.string().nullable(),
  recorded_at: responseTimestamp,
  call_outcome: namedReference.nullable(),
  company: companyReference.nullable(),
  contact: userReference.nullable(),
  created_by: userReference.nullable(),
  project: projectReference.nullable(),
});
export type CallResponse = z.output<typeof callResponse>;
