import { defineRoute, listResponse } from '@/lib/server/http/route';
import { parseQuery, parseUuid } from '@/lib/server/http/request';
import { listWebhookAttempts } from '@/lib/server/services/webhooks';
import { webhookAttemptListQuery } from '@/lib/shared/validation/webhooks';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/webhooks/{id}/attempts — every delivery attempt to this subscription, newest first
  GET: async (a) => {
    const id = parseUuid(a.params.id, 'Webhook');
    return listResponse(a, 'webhook_attempts', await listWebhookAttempts(a.db, a.ctx, id, parseQuery(a.url, webhookAttemptListQuery)));
  },
});
