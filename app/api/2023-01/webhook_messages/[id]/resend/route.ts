import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { parseId, parseQuery } from '@/lib/server/http/request';
import { resendWebhookMessage } from '@/lib/server/services/webhooks';
import { resendQuery } from '@/lib/shared/validation/webhooks';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  {
    // POST /api/2023-01/webhook_messages/{id}/resend[?webhook_id=] — deliver the message again (202: queued)
    POST: async ({ params, db, ctx, url }) => {
      const id = parseId(params.id, 'Webhook message');
      const { message, scheduled } = await resendWebhookMessage(db, ctx, id, parseQuery(url, resendQuery));
      return json({ webhook_message: message, deliveries_scheduled: scheduled }, 202);
    },
  },
  ACCESS.webhooks,
);
