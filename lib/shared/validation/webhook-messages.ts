import { z } from 'zod';
import { EVENT_TYPES } from '@/lib/shared/resources';
import { paginationQuery, queryEnumList, responseTimestamp, timestamp } from './common';

export const webhookMessageListQuery = paginationQuery.extend({
  event_type: queryEnumList(
    EVENT_TYPES,
    'is not an event type (<resource>.<action>, e.g. project.create)',
    'One or several event types, repeated (`?event_type=a&event_type=b`) and/or comma-separated.',
  ).optional(),
  since: timestamp.optional().meta({ description: 'Messages whose timestamp is at or after this time.' }),
});
export type WebhookMessageListQuery = z.output<typeof webhookMessageListQuery>;

export const webhookMessageResponse = z
  .object({
    id: z.string(),
    event_type: z.enum(EVENT_TYPES).meta({ example: 'project.create' }),
    event_id: z.string().meta({ format: 'uuid' }),
    payload: z.object({
      id: z.string().meta({ description: 'Id of the record that changed.' }),
      url: z.string().meta({ description: 'Link to that record in this API.' }),
    }),
    timestamp: responseTimestamp,
  })
  .meta({ id: 'WebhookMessage' });
export type WebhookMessageResponse = z.output<typeof webhookMessageResponse>;
