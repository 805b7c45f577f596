import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseUuid } from '@/lib/server/http/request';
import { deleteWebhook, getWebhook, updateWebhook } from '@/lib/server/services/webhooks';
import { webhookUpdate } from '@/lib/shared/validation/webhooks';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  {
    // GET /api/2023-01/webhooks/{id} — one subscription (without its secret)
    GET: async ({ db, ctx, params }) => json({ webhook: await getWebhook(db, ctx, parseUuid(params.id, 'Webhook')) }),
    // PATCH /api/2023-01/webhooks/{id} — change it; `disabled: false` re-enables, a new `secret` rotates
    PATCH: async ({ params, db, ctx, req }) => {
      const id = parseUuid(params.id, 'Webhook');
      return json({ webhook: await updateWebhook(db, ctx, id, await parseBody(req, 'webhook', webhookUpdate)) });
    },
    // DELETE /api/2023-01/webhooks/{id} — unsubscribe (pending deliveries are dropped)
    DELETE: async ({ db, ctx, params }) => {
      await deleteWebhook(db, ctx, parseUuid(params.id, 'Webhook'));
      return noContent();
    },
  },
  ACCESS.webhooks,
);
