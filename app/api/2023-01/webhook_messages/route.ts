import { defineRoute, listResponse } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { listWebhookMessages } from '@/lib/server/services/webhook-messages';
import { webhookMessageListQuery } from '@/lib/shared/validation/webhook-messages';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/webhook_messages — the account's event feed, newest first (operation 17)
  GET: async (a) =>
    listResponse(a, 'webhook_messages', await listWebhookMessages(a.db, a.ctx, parseQuery(a.url, webhookMessageListQuery))),
});
