import { defineRoute, listResponse } from '@/lib/api/route';
import { parseQuery } from '@/lib/api/request';
import { listWebhookMessages } from '@/lib/services/webhook-messages';
import { webhookMessageListQuery } from '@/lib/validation/webhook-messages';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/webhook_messages — the account's event feed, newest first (operation 17)
  GET: async (a) =>
    listResponse(a, 'webhook_messages', await listWebhookMessages(a.db, a.ctx, parseQuery(a.url, webhookMessageListQuery))),
});
