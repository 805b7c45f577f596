import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createWebhook, listWebhooks } from '@/lib/server/services/webhooks';
import { webhookCreate, webhookListQuery } from '@/lib/shared/validation/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/webhooks — the account's subscriptions, newest first
  GET: async (a) => listResponse(a, 'webhooks', await listWebhooks(a.db, a.ctx, parseQuery(a.url, webhookListQuery))),
  // POST /api/2023-01/webhooks — subscribe; the answer carries the signing secret, once
  POST: async (a) => json({ webhook: await createWebhook(a.db, a.ctx, await parseBody(a.req, 'webhook', webhookCreate)) }, 201),
});
