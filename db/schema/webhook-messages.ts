import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, ref, ts } from './columns';

/**
 * The event outbox: one row per change, written in the transaction of the change itself.
 * `timestamp` is when the change happened.
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
  },
  (t) => [
    uniqueIndex('webhook_messages_event_id_key').on(t.eventId),
    index('webhook_messages_account_timestamp_idx').on(t.accountId, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('webhook_messages_account_type_idx').on(t.accountId, t.eventType, t.timestamp.desc().nullsFirst()),
    index('webhook_messages_actor_id_idx').on(t.actorId),
  ],
);
