import type { WebhookAttemptRow, WebhookRow } from '@/db/queries/webhooks';
import type { WebhookAttemptResponse, WebhookResponse } from '@/lib/shared/validation/webhooks';
import { iso } from './common';

type FilterType = WebhookResponse['filter_types'][number];
type EventType = WebhookAttemptResponse['event_type'];

/**
 * A subscription; its secret is never part of it (the create response adds it once). Its `id` is
 * the UUID (the bigint key stays internal).
 */
export function serializeWebhook(row: WebhookRow): WebhookResponse {
  return {
    id: row.uuid,
    url: row.url,
    version: row.version,
    description: row.description,
    filter_types: row.filterTypes as FilterType[],
    rate_limit: row.rateLimit,
    disabled: row.disabled,
    disabled_reason: row.disabledReason,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function serializeWebhookAttempt(row: WebhookAttemptRow): WebhookAttemptResponse {
  const a = row.attempt;
  return {
    id: String(a.id),
    webhook_id: row.webhookUuid,
    message_id: String(a.messageId),
    event_id: row.eventId,
    event_type: row.eventType as EventType,
    succeeded: a.succeeded,
    response_status: a.responseStatus,
    response_excerpt: a.responseExcerpt,
    error: a.error,
    duration_ms: a.durationMs,
    possible_duplicate: a.possibleDuplicate,
    attempted_at: iso(a.attemptedAt),
  };
}
