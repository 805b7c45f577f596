import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { webhookMessageResponse } from '@/lib/shared/validation/webhook-messages';
import {
  resendQuery,
  webhookAttemptListQuery,
  webhookAttemptResponse,
  webhookCreate,
  webhookCreatedResponse,
  webhookListQuery,
  webhookResponse,
  webhookUpdate,
} from '@/lib/shared/validation/webhooks';
import {
  EXPORT_NOTE,
  exportQuery,
  idPath,
  jsonBody,
  listHeaders,
  notFoundResponses,
  ok,
  resourcePaths,
  standardErrors,
  uuidPath,
  writeErrors,
} from '@/lib/server/openapi/paths/resource';

const tags = ['Webhooks'];
const standard = resourcePaths({
  resource: 'webhook',
  response: webhookResponse,
  create: webhookCreate,
  update: webhookUpdate,
  listQuery: webhookListQuery,
  idPath: uuidPath,
  ops: ['list', 'get', 'update', 'delete'],
  summaries: { update: 'Update a webhook subscription (`disabled: false` re-enables it, a new `secret` rotates it)' },
});

export const webhooksPaths: ZodOpenApiPathsObject = {
  ...standard,
  '/api/2023-01/webhooks': {
    ...standard['/api/2023-01/webhooks'],
    post: {
      operationId: 'create_webhook',
      tags,
      summary: 'Subscribe to webhook messages',
      description:
        'Messages matching `filter_types` (all when empty) are POSTed to `url` as `{"id": "<record id>", "url": "<record API URL>", "event_type": "…", "timestamp": "…"}` (Buildr\'s delivery: the changed record, not the message), signed per Standard Webhooks (`webhook-id` is the message\'s `event_id`; `webhook-timestamp`, `webhook-signature`). The response carries the signing `secret`; it is never shown again.',
      requestBody: jsonBody('webhook', webhookCreate),
      responses: { ...ok('Created, with its secret.', 'webhook', webhookCreatedResponse, '201'), ...standardErrors, ...writeErrors },
    },
  },
  '/api/2023-01/webhooks/{id}/attempts': {
    get: {
      operationId: 'list_webhook_attempts',
      tags,
      summary: 'List the delivery attempts to a webhook, newest first',
      requestParams: { path: uuidPath, query: webhookAttemptListQuery.extend(exportQuery.shape) },
      responses: {
        '200': {
          description: `A page of attempts.${EXPORT_NOTE}`,
          headers: listHeaders,
          content: { 'application/json': { schema: z.object({ webhook_attempts: z.array(webhookAttemptResponse) }) } },
        },
        ...standardErrors,
        ...notFoundResponses,
        '422': writeErrors['422'],
      },
    },
  },
  '/api/2023-01/webhook_messages/{id}/resend': {
    post: {
      operationId: 'resend_webhook_message',
      tags,
      summary: 'Deliver a webhook message again',
      description:
        'Schedules the message for delivery now, to the subscription `webhook_id` or to every enabled subscription that wants its type; attempts count afresh. No body.',
      requestParams: { path: idPath, query: resendQuery },
      responses: {
        '202': {
          description: 'Queued.',
          content: {
            'application/json': {
              schema: z.object({ webhook_message: webhookMessageResponse, deliveries_scheduled: z.number().int() }),
            },
          },
        },
        ...standardErrors,
        ...notFoundResponses,
      },
    },
  },
};
