import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createWebhook, listWebhooks } from '@/lib/server/services/webhooks';
import { webhookCreate, webhookListQuery, webhookResponse } from '@/lib/shared/validation/webhooks';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  {
    // GET /api/2023-01/webhooks — the account's subscriptions, newest first
    GET: async (call) => listOrExport(call, 'webhooks', webhookListQuery, listWebhooks, webhookResponse),
    // POST /api/2023-01/webhooks — subscribe; the answer carries the signing secret, once
    POST: async ({ db, ctx, req }) => json({ webhook: await createWebhook(db, ctx, await parseBody(req, 'webhook', webhookCreate)) }, 201),
  },
  ACCESS.webhooks,
);
