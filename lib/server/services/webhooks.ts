import type { Db } from '@/db';
import { findWebhookMessage } from '@/db/queries/webhook-messages';
import {
  findWebhook,
  findWebhookByKey,
  listWebhookAttempts as queryAttempts,
  listWebhooks as queryWebhooks,
  scheduleResend,
  updateWebhookColumns,
  webhookKey,
  type WebhookRow,
} from '@/db/queries/webhooks';
import { webhooks } from '@/db/schema';
import { serializeWebhookMessage } from '@/lib/server/serializers/webhook-messages';
import { serializeWebhook, serializeWebhookAttempt } from '@/lib/server/serializers/webhooks';
import type { WebhookMessageResponse } from '@/lib/shared/validation/webhook-messages';
import type {
  ResendQuery,
  WebhookAttemptListQuery,
  WebhookAttemptResponse,
  WebhookCreate,
  WebhookCreatedResponse,
  WebhookListQuery,
  WebhookResponse,
  WebhookUpdate,
} from '@/lib/shared/validation/webhooks';
import { webhookUrlProblem } from '@/lib/server/webhooks/address-policy';
import { webhookSettings } from '@/lib/server/config/webhooks';
import { sealWebhookSecret } from '@/lib/server/webhooks/secrets';
import { generateSecret } from '@/lib/server/webhooks/signing';
import { changedColumns } from './common';
import { createRecord, deleteRecord, updateRecord, type RecordKind } from './records';
import { recordSecurityEvent } from './security-events';
import { notFound, validationFailed, type FieldErrors } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

/** 422 for a URL the SSRF policy refuses (the secret's form is the schema's to check). */
async function checkInput(input: { url?: string }): Promise<void> {
  const details: FieldErrors = {};
  if (input.url !== undefined) {
    const problem = await webhookUrlProblem(input.url, webhookSettings().allowPrivateUrls);
    if (problem) details.url = [problem];
  }
  if (Object.keys(details).length > 0) throw validationFailed(details);
}

/** The columns a PATCH names, by their API names (the security event's `changed`). */
const WEBHOOK_FIELDS: Record<string, string> = {
  url: 'url',
  description: 'description',
  filterTypes: 'filter_types',
  secret: 'secret',
  rateLimit: 'rate_limit',
  disabled: 'disabled',
};

/**
 * Subscriptions as the write skeleton reads them, by their key (a route names one by its UUID,
 * resolved first); their writes go to the security log, which names them by their UUID, and a
 * new secret only by name. `create`: the body of the create it is for (whether it gave a secret).
 */
function webhookKind(create?: WebhookCreate): RecordKind<WebhookRow, WebhookResponse> {
  return {
    resource: 'webhook',
    label: 'Webhook',
    table: webhooks,
    read: (db, accountId, id, lock) => findWebhookByKey(db, accountId, id, lock),
    columns: (row) => row,
    serialize: serializeWebhook,
    write: async (db, accountId, id, values) => serializeWebhook((await updateWebhookColumns(db, accountId, id, values))!),
    sink: {
      created: async (tx, ctx, _id, webhook) =>
        recordSecurityEvent(tx, ctx, {
          kind: 'webhook.created',
          subjectType: 'webhook',
          subjectId: webhook.id,
          details: { url: webhook.url, filter_types: webhook.filter_types, secret_given: create?.secret !== undefined },
        }),
      updated: (tx, ctx, _id, { before, after, changes }) =>
        recordSecurityEvent(tx, ctx, {
          kind: 'webhook.updated',
          subjectType: 'webhook',
          subjectId: before.id,
          details: {
            // Which fields changed, with the URL and filters from/to; a new secret is named, never shown.
            changed: Object.keys(WEBHOOK_FIELDS)
              .filter((k) => k in changes)
              .map((k) => WEBHOOK_FIELDS[k]!)
              .sort(),
            ...(changes.url !== undefined && { url: { from: before.url, to: after.url } }),
            ...(changes.filterTypes !== undefined && { filter_types: { from: before.filter_types, to: after.filter_types } }),
          },
        }),
      deleted: (tx, ctx, _id, row) =>
        recordSecurityEvent(tx, ctx, { kind: 'webhook.deleted', subjectType: 'webhook', subjectId: row.uuid, details: { url: row.url } }),
    },
  };
}

/** The key of the subscription a route names by its UUID; another account's, or none, is a 404. */
async function keyOf(db: Db, ctx: CallerContext, uuid: string): Promise<number> {
  const key = await webhookKey(db, ctx.accountId, uuid);
  if (key === undefined) throw notFound('Webhook');
  return key;
}

export async function listWebhooks(db: Db, ctx: CallerContext, query: WebhookListQuery): Promise<Page<WebhookResponse>> {
  return toPage(query, await queryWebhooks(db, ctx.accountId, pageWindow(query)), serializeWebhook);
}

export async function getWebhook(db: Db, ctx: CallerContext, id: string): Promise<WebhookResponse> {
  const row = await findWebhook(db, ctx.accountId, id);
  if (!row) throw notFound('Webhook');
  return serializeWebhook(row);
}

export async function createWebhook(db: Db, ctx: CallerContext, input: WebhookCreate): Promise<WebhookCreatedResponse> {
  await checkInput(input);
  const secret = input.secret ?? generateSecret();
  const created = await createRecord(db, ctx, webhookKind(input), input, () => ({
    url: input.url,
    description: input.description ?? null,
    filterTypes: input.filter_types ?? [],
    secret: sealWebhookSecret(secret),
    rateLimit: input.rate_limit ?? 60,
    disabled: input.disabled ?? false,
    disabledReason: input.disabled ? 'Disabled by a user.' : null,
    createdById: ctx.userId,
  }));
  return { ...created, secret };
}

export async function updateWebhook(db: Db, ctx: CallerContext, id: string, input: WebhookUpdate): Promise<WebhookResponse> {
  await checkInput(input);
  return updateRecord(db, ctx, webhookKind(), await keyOf(db, ctx, id), input, {
    columns: (current) => {
      const next: Record<string, unknown> = {
        url: input.url,
        description: input.description,
        filterTypes: input.filter_types,
        secret: input.secret === undefined ? undefined : sealWebhookSecret(input.secret),
        rateLimit: input.rate_limit,
        disabled: input.disabled,
      };
      for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
      const changes = changedColumns(current, next);
      if (changes.disabled === true) next.disabledReason = 'Disabled by a user.';
      // Enabling starts afresh: no reason, no run of failures carried over.
      if (changes.disabled === false) Object.assign(next, { disabledReason: null, failingSince: null });
      if (changes.rateLimit !== undefined) Object.assign(next, { rateTokens: null, rateRefilledAt: null });
      return next;
    },
  });
}

/** Deletes the subscription with its pending deliveries and attempt log. */
export async function deleteWebhook(db: Db, ctx: CallerContext, id: string): Promise<void> {
  await deleteRecord(db, ctx, webhookKind(), await keyOf(db, ctx, id));
}

export async function listWebhookAttempts(
  db: Db,
  ctx: CallerContext,
  webhookId: string,
  query: WebhookAttemptListQuery,
): Promise<Page<WebhookAttemptResponse>> {
  const webhook = await findWebhook(db, ctx.accountId, webhookId);
  if (!webhook) throw notFound('Webhook');
  const result = await queryAttempts(db, ctx.accountId, webhook.id, query, pageWindow(query));
  return toPage(query, result, serializeWebhookAttempt);
}

/** Schedules a message again for delivery: to one subscription, or to every one that wants it. */
export async function resendWebhookMessage(
  db: Db,
  ctx: CallerContext,
  messageId: number,
  query: ResendQuery,
): Promise<{ message: WebhookMessageResponse; scheduled: number }> {
  return db.transaction(async (tx) => {
    const message = await findWebhookMessage(tx, ctx.accountId, messageId);
    if (!message) throw notFound('Webhook message');
    const webhook = query.webhook_id === undefined ? undefined : await findWebhook(tx, ctx.accountId, query.webhook_id);
    if (query.webhook_id !== undefined && !webhook) throw notFound('Webhook');
    const scheduled = await scheduleResend(tx, ctx.accountId, messageId, webhook?.id);
    return { message: serializeWebhookMessage(message), scheduled };
  });
}
