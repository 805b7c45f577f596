import { z } from 'zod';
import { AUTH_METHODS } from '@/db/schema/enums';
import { EVENT_ACTIONS, EVENT_RESOURCES, EVENT_TYPES } from '@/lib/shared/resources';
import { paginationQuery, queryId, responseTimestamp, timestamp, userReference } from './common';

export { AUTH_METHODS };

export const auditLogQuery = paginationQuery.omit({ updated_since: true }).extend({
  actor_id: queryId.optional().meta({ description: 'Changes made by this user.' }),
  resource: z.enum(EVENT_RESOURCES).optional().meta({ description: 'Changes to this kind of record (`lead`, `project`…).' }),
  resource_id: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'must be an id (a string of digits)')
    .optional()
    .meta({ description: 'Changes to the record with this id (with `resource`, one record).' }),
  action: z.enum(EVENT_ACTIONS).optional(),
  since: timestamp.optional().meta({ description: 'Changes at or after this time.' }),
});
export type AuditLogQuery = z.output<typeof auditLogQuery>;

export const auditEntryResponse = z
  .object({
    id: z.string().meta({ description: 'The id of the webhook message that recorded the change.' }),
    event_type: z.enum(EVENT_TYPES),
    resource: z.enum(EVENT_RESOURCES),
    resource_id: z.string(),
    action: z.enum(EVENT_ACTIONS),
    url: z.string().meta({ description: 'Link to the record in this API.' }),
    timestamp: responseTimestamp,
    actor: userReference.nullable().meta({ description: 'Who made the change; null for changes by the system or a deleted user.' }),
    auth_method: z.enum(AUTH_METHODS).nullable().meta({
      description: '`session` (the dashboard), `api_token` or `oauth` (an OAuth application acting for the user); null before the audit log existed.',
    }),
    token_id: z.string().nullable().meta({ description: 'The API or OAuth access token used, if any.' }),
    oauth_application: z.object({ id: z.string(), name: z.string() }).nullable(),
    changed_fields: z.array(z.string()).nullable().meta({ description: "An update's changed fields; null for a create or delete." }),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntryResponse = z.output<typeof auditEntryResponse>;
