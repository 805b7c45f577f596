import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseUuid } from '@/lib/server/http/request';
import { deleteWebhook, getWebhook, updateWebhook } from '@/lib/server/services/webhooks';
import { webhookUpdate } from '@/lib/shared/validation/webhooks';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/webhooks/{id} — one subscription (without its secret)
  GET: async (a) => json({ webhook: await getWebhook(a.db, a.ctx, parseUuid(a.params.id, 'Webhook')) }),
  // PATCH /api/2023-01/webhooks/{id} — change it; `disabled: false` re-enables, a new `secret` rotates
  PATCH: async (a) => {
    const id = parseUuid(a.params.id, 'Webhook');
    return json({ webhook: await updateWebhook(a.db, a.ctx, id, await parseBody(a.req, 'webhook', webhookUpdate)) });
  },
  // DELETE /api/2023-01/webhooks/{id} — unsubscribe (pending deliveries are dropped)
  DELETE: async (a) => {
    await deleteWebhook(a.db, a.ctx, parseUuid(a.params.id, 'Webhook'));
    return noContent();
  },
}, ACCESS.webhooks);
