import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { apiTokens } from './api-tokens';
import { columnIndexes, id, oneOf, ref, ts } from './columns';
import { AUTH_METHODS } from './enums';
import { oauthApplications } from './oauth-applications';

/**
 * The event outbox: one row per change, written in the transaction of the change itself.
 * `timestamp` is when the change happened. It is also the audit log: who (`actor_id`), how
 * (`auth_method`, the token or OAuth application), and which fields an update changed; those
 * columns are never part of the webhook message itself.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: id(),
    accountId: accountId(),
    eventType: text('event_type').notNull(),
    eventId: uuid('event_id').notNull().defaultRandom(),
    payload: jsonb('payload').$type<{ id: string; url: string }>().notNull(),
    actorId: ref('actor_id', () => users.id),
    timestamp: ts('timestamp').notNull().defaultNow(),
    authMethod: text('auth_method'),
    tokenId: ref('token_id', () => apiTokens.id),
    oauthApplicationId: ref('oauth_application_id', () => oauthApplications.id),
    /** An update's changed fields (API names); null for a create or delete. */
    changedFields: text('changed_fields').array(),
    /**
     * An update's changes for a record's timeline: `{field: [before, after]}` by API name, a
     * reference by its record's name; null for a create or delete, and for older messages.
     */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
  },
  (t) => [
    uniqueIndex('webhook_messages_event_id_key').on(t.eventId),
    index('webhook_messages_account_timestamp_idx').on(t.accountId, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('webhook_messages_account_type_idx').on(t.accountId, t.eventType, t.timestamp.desc().nullsFirst()),
    // A record's history (its timeline): its creates and updates, newest first.
    index('webhook_messages_record_idx').on(t.accountId, sql`(${t.payload} ->> 'id')`, t.eventType, t.timestamp.desc().nullsFirst()),
    ...columnIndexes('webhook_messages', t.actorId, t.tokenId, t.oauthApplicationId),
    check('webhook_messages_auth_method_check', oneOf(t.authMethod, AUTH_METHODS)),
  ],
);
