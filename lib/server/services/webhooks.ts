import type { Db } from '@/db';
import { findWebhookMessage } from '@/db/queries/webhook-messages';
import {
  deleteWebhookRow,
  findWebhook,
  insertWebhook,
  listWebhookAttempts as queryAttempts,
  listWebhooks as queryWebhooks,
  lockWebhook,
  scheduleResend,
  updateWebhookColumns,
} from '@/db/queries/webhooks';
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
import { recordSecurityEvent } from './security-events';
import { notFound, validationFailed, type FieldErrors } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import { lockForWrite, type WriteTarget } from '@/lib/server/services/preconditions';
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

/** API names of the columns an update may change, for the security event. */
const WEBHOOK_FIELDS: Record<string, string> = { filterTypes: 'filter_types', rateLimit: 'rate_limit' };

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
  return db.transaction(async (tx) => {
    const row = await insertWebhook(tx, {
      accountId: ctx.accountId,
      url: input.url,
      description: input.description ?? null,
      filterTypes: input.filter_types ?? [],
      secret: sealWebhookSecret(secret),
      rateLimit: input.rate_limit ?? 60,
      disabled: input.disabled ?? false,
      disabledReason: input.disabled ? 'Disabled by a user.' : null,
      createdById: ctx.userId,
    });
    await recordSecurityEvent(tx, ctx, {
      kind: 'webhook.created',
      subjectType: 'webhook',
      subjectId: row.uuid,
      details: { url: row.url, filter_types: row.filterTypes, secret_given: input.secret !== undefined },
    });
    return { ...serializeWebhook(row), secret };
  });
}

const webhookTarget = (tx: Db, ctx: CallerContext, id: string): WriteTarget<NonNullable<Awaited<ReturnType<typeof lockWebhook>>>> => ({
  key: 'webhook',
  label: 'Webhook',
  lock: () => lockWebhook(tx, ctx.accountId, id),
  answer: () => getWebhook(tx, ctx, id),
});

export async function updateWebhook(db: Db, ctx: CallerContext, id: string, input: WebhookUpdate): Promise<WebhookResponse> {
  await checkInput(input);
  return db.transaction(async (tx) => {
    const current = await lockForWrite(ctx.ifMatch, webhookTarget(tx, ctx, id));
    const next: Record<string, unknown> = {
      url: input.url,
      description: input.description,
      filterTypes: input.filter_types,
      secret: input.secret === undefined ? undefined : sealWebhookSecret(input.secret),
      rateLimit: input.rate_limit,
      disabled: input.disabled,
    };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    const changes: Record<string, unknown> = changedColumns(current, next);
    if (changes.disabled === true) changes.disabledReason = 'Disabled by a user.';
    // Enabling starts afresh: no reason, no run of failures carried over.
    if (changes.disabled === false) Object.assign(changes, { disabledReason: null, failingSince: null });
    if (changes.rateLimit !== undefined) Object.assign(changes, { rateTokens: null, rateRefilledAt: null });
    if (Object.keys(changes).length === 0) return serializeWebhook(current);
    const row = (await updateWebhookColumns(tx, ctx.accountId, id, changes))!;
    // Which fields changed, with the URL and filters from/to; a new secret is named, never shown.
    const changed = Object.keys(next)
      .filter((k) => k in changes)
      .map((k) => WEBHOOK_FIELDS[k] ?? k)
      .sort();
    await recordSecurityEvent(tx, ctx, {
      kind: 'webhook.updated',
      subjectType: 'webhook',
      subjectId: current.uuid,
      details: {
        changed,
        ...(changes.url !== undefined && { url: { from: current.url, to: row.url } }),
        ...(changes.filterTypes !== undefined && { filter_types: { from: current.filterTypes, to: row.filterTypes } }),
      },
    });
    return serializeWebhook(row);
  });
}

/** Deletes the subscription with its pending deliveries and attempt log. */
export async function deleteWebhook(db: Db, ctx: CallerContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockForWrite(ctx.ifMatch, webhookTarget(tx, ctx, id));
    if (!(await deleteWebhookRow(tx, ctx.accountId, id))) throw notFound('Webhook');
    await recordSecurityEvent(tx, ctx, { kind: 'webhook.deleted', subjectType: 'webhook', subjectId: current.uuid, details: { url: current.url } });
  });
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
