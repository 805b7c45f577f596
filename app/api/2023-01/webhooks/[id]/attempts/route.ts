import { ACCESS } from '@/lib/server/http/access';
import { listOrExport } from '@/lib/server/http/export';
import { defineRoute } from '@/lib/server/http/route';
import { parseUuid } from '@/lib/server/http/request';
import { listWebhookAttempts } from '@/lib/server/services/webhooks';
import { webhookAttemptListQuery, webhookAttemptResponse } from '@/lib/shared/validation/webhooks';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  {
    // GET /api/2023-01/webhooks/{id}/attempts — every delivery attempt to this subscription, newest first
    GET: async (call) => {
      const id = parseUuid(call.params.id, 'Webhook');
      return listOrExport(
        call,
        'webhook_attempts',
        webhookAttemptListQuery,
        (db, ctx, query) => listWebhookAttempts(db, ctx, id, query),
        webhookAttemptResponse,
      );
    },
  },
  ACCESS.webhooks,
);
