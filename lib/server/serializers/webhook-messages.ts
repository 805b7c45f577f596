import type { WebhookMessageRow } from '@/db/queries/webhook-messages';
import type { WebhookMessageResponse } from '@/lib/shared/validation/webhook-messages';
import { iso } from './common';

/** The Webhook message shape (`WebhookMessage` in the OpenAPI document); the account, the actor and the audit columns stay internal. */
export function serializeWebhookMessage(row: Pick<WebhookMessageRow, 'id' | 'eventType' | 'eventId' | 'payload' | 'timestamp'>): WebhookMessageResponse {
  return {
    id: String(row.id),
    event_type: row.eventType as WebhookMessageResponse['event_type'],
    event_id: row.eventId,
    payload: { id: row.payload.id, url: row.payload.url },
    timestamp: iso(row.timestamp),
  };
}
