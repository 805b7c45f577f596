import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, oneOf, parentRef, ref, timestamps, ts } from './columns';
import { WEBHOOK_DELIVERY_STATUSES } from './enums';
import { webhookMessages } from './webhook-messages';

/**
 * A subscription: where the account's webhook messages are POSTed. The signing secret must be
 * readable to sign with (HMAC), so it is stored as given, like Svix does; it is shown once.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    /**
     * The subscription's id in the API (Buildr's webhook ids are UUIDs); `id` stays the key the
     * deliveries and attempts reference. Rows that predate it got one from the column's default.
     */
    uuid: uuid('uuid').notNull().defaultRandom(),
    accountId: accountId(),
    url: text('url').notNull(),
    version: integer('version').notNull().default(1),
    description: text('description'),
    /** Event types delivered; empty means all of them. */
    filterTypes: text('filter_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secret: text('secret').notNull(),
    /** Deliveries per minute. */
    rateLimit: integer('rate_limit').notNull().default(60),
    disabled: boolean('disabled').notNull().default(false),
    /** Why the endpoint was disabled (by a user, or automatically after five days of failures). */
    disabledReason: text('disabled_reason'),
    /** Token bucket of the rate limit: tokens left at `rate_refilled_at` (null: full). */
    rateTokens: doublePrecision('rate_tokens'),
    rateRefilledAt: ts('rate_refilled_at'),
    /** Start of the current run of failed attempts; cleared by a success. */
    failingSince: ts('failing_since'),
    createdById: ref('created_by_id', () => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('webhooks_uuid_key').on(t.uuid),
    index('webhooks_account_id_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('webhooks_rate_limit_check', sql`${t.rateLimit} between 1 and 100000`),
  ],
);

/**
 * One message owed to one subscription: the delivery's state. The job queue (or the embedded
 * loop) only wakes work up; this row decides. `locked_until` is the lease of the worker sending it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    accountId: accountId(),
    webhookId: parentRef('webhook_id', () => webhooks.id),
    messageId: parentRef('message_id', () => webhookMessages.id),
    status: text('status').notNull().default('pending'),
    /** Attempts since the last (re)send; the retry schedule is indexed by it. */
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    completedAt: ts('completed_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('webhook_deliveries_webhook_message_key').on(t.webhookId, t.messageId),
    index('webhook_deliveries_message_id_idx').on(t.messageId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // A worker sends one endpoint's due deliveries together.
    index('webhook_deliveries_webhook_due_idx')
      .on(t.webhookId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_status_check', oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
  ],
);

/** Every HTTP attempt of a delivery, as the attempt log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    accountId: accountId(),
    webhookId: parentRef('webhook_id', () => webhooks.id),
    deliveryId: parentRef('delivery_id', () => webhookDeliveries.id),
    messageId: parentRef('message_id', () => webhookMessages.id),
    /** The HTTP status, null when no response came (refused, timed out). */
    responseStatus: integer('response_status'),
    succeeded: boolean('succeeded').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The first 1 kB of the response body, or the network error. */
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    /**
     * The delivery was taken over from a worker that stopped while holding it (its lease ran out):
     * that worker may have sent it already, so the endpoint may see this webhook-id twice.
     */
    possibleDuplicate: boolean('possible_duplicate').notNull().default(false),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_attempts_webhook_idx').on(t.webhookId, t.attemptedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('webhook_attempts_delivery_idx').on(t.deliveryId),
    index('webhook_attempts_message_idx').on(t.messageId),
  ],
);
