import { z } from 'zod';
import { SECURITY_EVENT_KINDS } from '@/db/schema/enums';
import { AUTH_METHODS } from '@/db/schema/enums';
import { paginationQuery, queryEnumList, queryId, responseTimestamp, timestamp, userReference } from './common';

export { SECURITY_EVENT_KINDS };

export const securityEventListQuery = paginationQuery.omit({ updated_since: true }).extend({
  kind: queryEnumList(
    SECURITY_EVENT_KINDS,
    'is not a security event kind (e.g. user.created, sign_in.failed)',
    'One or several kinds, repeated (`?kind=a&kind=b`) and/or comma-separated.',
  ).optional(),
  actor_id: queryId.optional().meta({ description: 'Events of this user (who acted, or who signed in).' }),
  since: timestamp.optional().meta({ description: 'Events at or after this time.' }),
});
export type SecurityEventListQuery = z.output<typeof securityEventListQuery>;

export const securityEventResponse = z
  .object({
    id: z.string(),
    kind: z.enum(SECURITY_EVENT_KINDS),
    timestamp: responseTimestamp,
    actor: userReference.nullable().meta({ description: 'Who acted (for a sign-in, who signed in); null for an unknown or deleted user.' }),
    auth_method: z.enum(AUTH_METHODS).nullable().meta({ description: 'How the actor was signed in: `session`, `api_token` or `oauth`; null for sign-ins.' }),
    token_id: z.string().nullable(),
    oauth_application: z.object({ id: z.string(), name: z.string() }).nullable(),
    subject_type: z
      .string()
      .nullable()
      .meta({ description: 'What was acted on: `user`, `api_token`, `oauth_application`, `oauth_grant`, `webhook` or `session`.' }),
    subject_id: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).meta({ description: 'What changed, e.g. `{"role": {"from": "member", "to": "admin"}}`; never a secret.' }),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEventResponse = z.output<typeof securityEventResponse>;
