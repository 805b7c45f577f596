import { ACCESS } from '@/lib/server/http/access';
import { defineRoute } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { listWebhookMessages } from '@/lib/server/services/webhook-messages';
import { webhookMessageListQuery, webhookMessageResponse } from '@/lib/shared/validation/webhook-messages';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  {
    // GET /api/2023-01/webhook_messages — the account's event feed, newest first (operation 17)
    GET: async (call) => listOrExport(call, 'webhook_messages', webhookMessageListQuery, listWebhookMessages, webhookMessageResponse),
  },
  ACCESS.webhookMessages,
);
