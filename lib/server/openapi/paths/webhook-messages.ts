import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { webhookMessageListQuery, webhookMessageResponse } from '@/lib/shared/validation/webhook-messages';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const webhookMessagesPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'webhook_message',
  response: webhookMessageResponse,
  listQuery: webhookMessageListQuery,
  ops: ['list'],
  summaries: { list: 'List webhook messages, newest first (operation 17)' },
});
