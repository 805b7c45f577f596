import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { apiTokenCreate, apiTokenCreated, apiTokenListQuery, apiTokenResponse } from '@/lib/shared/validation/api-tokens';
import {
  errorResponse,
  EXPORT_NOTE,
  exportQuery,
  idPath,
  jsonBody,
  listHeaders,
  notFoundResponses,
  ok,
  standardErrors,
  wrapped,
  writeErrors,
} from '@/lib/server/openapi/paths/resource';

const tags = ['API tokens'];
const sessionOnly = {
  '403': {
    description: 'Called with an API token (`forbidden`): tokens are managed from a signed-in browser session only.',
    content: { 'application/json': { schema: errorResponse } },
  },
};
const note = "The caller's own tokens only. Needs the browser's session cookie: an API token cannot list, mint or revoke tokens (403).";

export const apiTokensPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/api_tokens': {
    get: {
      operationId: 'list_api_tokens',
      tags,
      summary: 'List your API tokens (browser session)',
      description: `${note} Revoked tokens are not listed; expired ones are.`,
      requestParams: { query: apiTokenListQuery.extend(exportQuery.shape) },
      responses: {
        '200': {
          description: `A page, newest first.${EXPORT_NOTE}`,
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped('api_tokens', z.array(apiTokenResponse)) } },
        },
        ...standardErrors,
        ...sessionOnly,
        '422': writeErrors['422'],
      },
    },
    post: {
      operationId: 'create_api_token',
      tags,
      summary: 'Mint an API token (browser session)',
      description: `${note} The secret is in this response only.`,
      requestBody: jsonBody('api_token', apiTokenCreate),
      responses: { ...ok('Created; `token` is the secret.', 'api_token', apiTokenCreated, '201'), ...standardErrors, ...sessionOnly, ...writeErrors },
    },
  },
  '/api/2023-01/api_tokens/{id}': {
    delete: {
      operationId: 'revoke_api_token',
      tags,
      summary: 'Revoke one of your API tokens (browser session)',
      description: `${note} Another user's token, or one already revoked, is a 404.`,
      requestParams: { path: idPath },
      responses: { '204': { description: 'Revoked.' }, ...standardErrors, ...sessionOnly, ...notFoundResponses },
    },
  },
};
