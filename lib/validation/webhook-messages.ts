import { z } from 'zod';
import { EVENT_TYPES } from '@/db/schema/enums';
import { LIMITS, paginationQuery, responseTimestamp, timestamp } from './common';

// The event types are plain constants (db/schema/enums.ts) so the dashboard can list them without zod.
export { EVENT_ACTIONS, EVENT_RESOURCES, EVENT_TYPES } from '@/db/schema/enums';

const knownTypes = new Set<string>(EVENT_TYPES);

const NOT_AN_EVENT_TYPE = 'is not an event type (<resource>.<action>, e.g. project.create)';

/** `event_type` repeated and/or comma-separated (`?event_type=lead.create,lead.update`), each a known type. */
const eventTypeParam = z
  .union([z.string().max(LIMITS.longText), z.array(z.string().max(LIMITS.shortText)).max(LIMITS.entries)])
  .transform((v) => [...new Set((Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()))])
  .superRefine((types, ctx) => {
    for (const type of types) {
      if (knownTypes.has(type)) continue;
      const message = type === '' ? 'must not be empty' : `"${type.slice(0, 60)}" ${NOT_AN_EVENT_TYPE}`;
      ctx.addIssue({ code: 'custom', message });
    }
  });

export const webhookMessageListQuery = paginationQuery.extend({
  event_type: eventTypeParam.optional().meta({
    description: 'One or several event types, repeated (`?event_type=a&event_type=b`) and/or comma-separated.',
    param: { style: 'form', explode: true },
    // Documented as the list of known types it accepts rather than as the raw string-or-array input.
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, { type: 'array', items: { type: 'string', enum: EVENT_TYPES } });
    },
  }),
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
