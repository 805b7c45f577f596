import { defineRoute, json } from '@/lib/api/route';
import { parseId, parseQuery } from '@/lib/api/request';
import { resendWebhookMessage } from '@/lib/services/webhooks';
import { resendQuery } from '@/lib/validation/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // POST /api/2023-01/webhook_messages/{id}/resend[?webhook_id=] — deliver the message again (202: queued)
  POST: async (a) => {
    const id = parseId(a.params.id, 'Webhook message');
    const { message, scheduled } = await resendWebhookMessage(a.db, a.ctx, id, parseQuery(a.url, resendQuery));
    return json({ webhook_message: message, deliveries_scheduled: scheduled }, 202);
  },
});
