import { z } from 'zod';
import { EXCLUDE_IMPORTS } from '@/db/schema/enums';
import { EVENT_TYPES } from '@/lib/shared/resources';
import { LIMITS, paginationQuery, queryBoolean, queryId, responseTimestamp, shortText } from './common';

// Webhook subscriptions (beyond the spec, in its conventions) and their attempt log.

export const WEBHOOK_RATE_LIMIT = { default: 60, max: 100_000 } as const;
export const WEBHOOK_SECRET = { min: 8, max: 200 } as const;
export const STANDARD_SECRET_PREFIX = 'whsec_';

/**
 * `whsec_` + base64 of 24 to 64 bytes: the Standard Webhooks form, whose key is the decoded bytes.
 * Pure (no Buffer): the dashboard's forms validate with the same schema.
 */
export function isStandardSecret(secret: string): boolean {
  if (!secret.startsWith(STANDARD_SECRET_PREFIX)) return false;
  const body = secret.slice(STANDARD_SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return false;
  const bytes = (body.length / 4) * 3 - (body.match(/=+$/)?.[0].length ?? 0);
  return bytes >= 24 && bytes <= 64;
}

const fields = {
  // Absolute http(s), without credentials: checked by the service (lib/server/webhooks/address-policy.ts), stated here for the document.
  url: z.string().trim().min(1, "can't be blank").max(LIMITS.url).meta({
    description:
      'Absolute http(s) URL the messages are POSTed to, without credentials. Private, loopback and link-local targets are refused unless the server allows them.',
    example: 'https://estimating.example.com/hooks/groundwork',
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\s]+([/?#]\\S*)?$',
  }),
  description: shortText.nullable(),
  filter_types: z
    .array(z.enum([...EVENT_TYPES, EXCLUDE_IMPORTS]))
    .max(EVENT_TYPES.length + 1)
    .transform((types) => [...new Set(types)])
    .meta({
      description: `Event types to deliver; empty (or absent, or only "${EXCLUDE_IMPORTS}") delivers every type. "${EXCLUDE_IMPORTS}" also leaves out every change an import made.`,
    }),
  secret: z
    .string()
    .min(WEBHOOK_SECRET.min, `must be ${WEBHOOK_SECRET.min} to ${WEBHOOK_SECRET.max} characters`)
    .max(WEBHOOK_SECRET.max, `must be ${WEBHOOK_SECRET.min} to ${WEBHOOK_SECRET.max} characters`)
    .refine((s) => !/\p{Cc}/u.test(s), 'must not contain control characters')
    .refine(
      (s) => !s.startsWith(STANDARD_SECRET_PREFIX) || isStandardSecret(s),
      'starts with whsec_, so must be whsec_ followed by the base64 of 24 to 64 bytes (the Standard Webhooks form); a secret without that prefix is used as its own UTF-8 bytes',
    )
    .meta({
      description:
        'Signing secret, generated when absent (`whsec_` + base64 of 32 random bytes). `whsec_<base64 of 24 to 64 bytes>` is the Standard Webhooks form: the key is the decoded bytes. Any other secret of 8 to 200 characters (as Buildr sends) is used as its UTF-8 bytes.',
    }),
  rate_limit: z.number().int().min(1).max(WEBHOOK_RATE_LIMIT.max).meta({ description: 'Deliveries per minute (default 60).' }),
  disabled: z.boolean().meta({ description: 'A disabled subscription receives nothing; enabling it clears the reason.' }),
};

/** POST body under `webhook`: `url` is required. */
export const webhookCreate = z
  .object({
    ...fields,
    description: fields.description.optional(),
    filter_types: fields.filter_types.optional(),
    secret: fields.secret.optional(),
    rate_limit: fields.rate_limit.optional(),
    disabled: fields.disabled.optional(),
  })
  .meta({ id: 'WebhookCreate' });
/** PATCH body under `webhook`: any subset; a new `secret` rotates it. */
export const webhookUpdate = z.object(fields).partial().meta({ id: 'WebhookUpdate' });
export type WebhookCreate = z.output<typeof webhookCreate>;
export type WebhookUpdate = z.output<typeof webhookUpdate>;

export const webhookListQuery = paginationQuery;
export type WebhookListQuery = z.output<typeof webhookListQuery>;

/** A subscription's id: a UUID, as in Buildr's examples. */
const webhookId = z.string().meta({ format: 'uuid', example: '3f6c1e2a-8b4d-4c1e-9a7f-2d5b8e0c4a91' });

export const webhookResponse = z
  .object({
    id: webhookId,
    url: z.string(),
    version: z.number().int().meta({ description: 'Version of the message format sent (1).' }),
    description: z.string().nullable(),
    filter_types: z.array(z.enum([...EVENT_TYPES, EXCLUDE_IMPORTS])),
    rate_limit: z.number().int(),
    disabled: z.boolean(),
    disabled_reason: z.string().nullable().meta({ description: 'Why it is disabled (by a user, or after five days of failures).' }),
    created_at: responseTimestamp,
    updated_at: responseTimestamp,
  })
  .meta({ id: 'Webhook' });
export type WebhookResponse = z.output<typeof webhookResponse>;

/** The create response alone carries the secret; it cannot be read again. */
export const webhookCreatedResponse = webhookResponse
  .extend({ secret: z.string().meta({ description: 'The signing secret, shown once.' }) })
  .meta({ id: 'WebhookWithSecret' });
export type WebhookCreatedResponse = z.output<typeof webhookCreatedResponse>;

export const webhookAttemptListQuery = paginationQuery.extend({
  message_id: queryId.optional().meta({ description: 'Attempts of one webhook message.' }),
  succeeded: queryBoolean.optional(),
});
export type WebhookAttemptListQuery = z.output<typeof webhookAttemptListQuery>;

export const webhookAttemptResponse = z
  .object({
    id: z.string(),
    webhook_id: webhookId,
    message_id: z.string(),
    event_id: z.string().meta({ format: 'uuid', description: 'The `webhook-id` header sent.' }),
    event_type: z.enum(EVENT_TYPES),
    succeeded: z.boolean().meta({ description: 'A 2xx answer within 15 s.' }),
    response_status: z.number().int().nullable().meta({ description: 'HTTP status; null when no answer came.' }),
    response_excerpt: z.string().nullable().meta({ description: 'First 1 kB of the answer.' }),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
    possible_duplicate: z.boolean().meta({
      description:
        'The delivery was taken over from a worker that stopped while sending it (its lease ran out): the endpoint may have received this `webhook-id` twice. Receivers deduplicate on `webhook-id`.',
    }),
    attempted_at: responseTimestamp,
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttemptResponse = z.output<typeof webhookAttemptResponse>;

export const resendQuery = z.object({
  webhook_id: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a webhook id (a UUID)')
    .transform((v) => v.toLowerCase())
    .optional()
    .meta({ format: 'uuid', description: 'Send to this subscription only (default: every enabled one that wants the type).' }),
});
export type ResendQuery = z.output<typeof resendQuery>;
