import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { EXCLUDE_IMPORTS } from '@/db/schema/enums';
import { ofAccount } from './tenant';
import { noteTransactionId } from '@/db/transaction-ids';
import { webhookMessages } from '@/db/schema';
import { type PageWindow, pageWithTotal, rows } from './sql';

export type WebhookMessageRow = typeof webhookMessages.$inferSelect;

export interface WebhookMessageValues {
  eventType: string;
  payload: { id: string; url: string };
  changedFields?: string[] | null;
  changes?: Record<string, [unknown, unknown]> | null;
}

/** Who made a change, and how they were signed in: the audit columns of its messages. */
export interface WebhookMessageActor {
  accountId: number;
  actorId: number | null;
  tokenId?: number | null;
  /** The change came from an import the actor uploaded (auth_method `import`). */
  viaImport?: boolean;
}

/**
 * Writes messages, in the order given, and in the same statement one delivery per message and
 * enabled subscription of the account that wants its event type (their trigger enqueues the jobs):
 * a committed change always has its messages and their deliveries, a rolled-back one neither,
 * however many records it touched. The audit columns say how the actor was signed in: without a
 * token, the browser session; with one, an API token or an OAuth application's access token (and
 * which application). It answers the transaction's id, noted for the lost-COMMIT bookkeeping
 * (db/transaction-ids.ts).
 */
export async function insertWebhookMessages(db: Db, actor: WebhookMessageActor, messages: WebhookMessageValues[]) {
  if (messages.length === 0) return;
  const tokenId = actor.tokenId ?? null;
  const values = messages.map((m, n) => ({
    n,
    event_type: m.eventType,
    payload: m.payload,
    changed_fields: m.changedFields ?? null,
    changes: m.changes ?? null,
  }));
  const [answer] = await rows<{ txid: string }>(
    db,
    sql`
    with token as (
      select id, kind, oauth_application_id from api_tokens where id = ${tokenId}
    ), message as (
      insert into webhook_messages (account_id, event_type, payload, actor_id, auth_method, token_id, oauth_application_id, changed_fields, changes)
      select ${actor.accountId}, e.event_type, e.payload, ${actor.actorId},
        case when ${actor.viaImport === true} then 'import'
             when ${actor.actorId}::bigint is null then null
             when token.id is null then 'session'
             when token.kind = 'oauth_access' then 'oauth'
             else 'api_token' end,
        token.id, token.oauth_application_id, e.changed_fields, e.changes
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as e(n int, event_type text, payload jsonb, changed_fields text[], changes jsonb)
      left join token on true
      order by e.n
      returning id, account_id, event_type, auth_method
    ), subscribed as (
      -- Locked for key share: a subscription deleted meanwhile is skipped (or waits for this
      -- transaction), never named by a delivery whose foreign key would then fail the write.
      select id, filter_types from webhooks where account_id = ${actor.accountId} and not disabled for key share
    ), delivery as (
      insert into webhook_deliveries (account_id, webhook_id, message_id)
      select message.account_id, webhooks.id, message.id
      from message
      join subscribed webhooks on (cardinality(array_remove(webhooks.filter_types, ${EXCLUDE_IMPORTS})) = 0 or message.event_type = any(webhooks.filter_types))
        and not (message.auth_method is not distinct from 'import' and ${EXCLUDE_IMPORTS} = any(webhooks.filter_types))
    )
    select txid_current()::text as txid`,
  );
  noteTransactionId(db, answer!.txid);
}

export async function findWebhookMessage(db: Db, accountId: number, id: number): Promise<WebhookMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookMessages)
    .where(ofAccount(webhookMessages, accountId, id));
  return row;
}

/** The list query's filters (lib/shared/validation/webhook-messages.ts), by their API names. */
export interface WebhookMessageFilters {
  event_type?: string[];
  since?: Date;
  updated_since?: Date;
}

const later = (a?: Date, b?: Date) => (a && b ? (a > b ? a : b) : (a ?? b));

export async function listWebhookMessages(db: Db, accountId: number, filters: WebhookMessageFilters, page: PageWindow) {
  // Messages never change after they are written, so the `updated_since` every list takes means
  // the same as `since`; given both, the later one wins.
  const since = later(filters.since, filters.updated_since);
  const conditions: (SQL | undefined)[] = [
    eq(webhookMessages.accountId, accountId),
    filters.event_type?.length ? inArray(webhookMessages.eventType, filters.event_type) : undefined,
    since ? gte(webhookMessages.timestamp, since) : undefined,
  ];
  const where = and(...conditions);
  return pageWithTotal(
    db,
    db.select().from(webhookMessages).$dynamic(),
    webhookMessages,
    where,
    [desc(webhookMessages.timestamp), desc(webhookMessages.id)],
    page,
  );
}
