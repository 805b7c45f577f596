import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { webhookMessageListQuery, webhookMessageResponse } from '@/lib/shared/validation/webhook-messages';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const webhookMessagesPaths: ZodOpenApiPathsObject = resourcePaths({
  path: 'webhook_messages',
  tag: 'Webhook messages',
  singular: 'webhook_message',
  plural: 'webhook_messages',
  response: webhookMessageResponse,
  listQuery: webhookMessageListQuery,
  ops: ['list'],
  summaries: { list: 'List webhook messages, newest first (operation 17)' },
});
