import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  oauthApplicationCreate,
  oauthApplicationListQuery,
  oauthApplicationResponse,
  oauthApplicationUpdate,
  oauthApplicationWithSecret,
  oauthGrantListQuery,
  oauthGrantResponse,
} from '@/lib/shared/validation/oauth-applications';
import {
  conflictResponse,
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

// OAuth applications and grants. The protocol endpoints themselves (/oauth/authorize, /oauth/token,
// /oauth/revoke) are RFC 6749 and 7009, described in the README, not part of the 2023-01 API.

const apps = ['OAuth applications'];
const grants = ['OAuth grants'];
const forbiddenResponse = {
  '403': {
    description: 'Called with a token, or (applications) by a member rather than an admin (`forbidden`).',
    content: { 'application/json': { schema: errorResponse } },
  },
};
const appNote = "The account's OAuth 2.0 clients, managed by its admins from a signed-in browser session (403 with a token or as a member).";
const grantNote = 'The applications you authorised; browser session only.';

export const oauthPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/oauth_applications': {
    get: {
      operationId: 'list_oauth_applications',
      tags: apps,
      summary: 'List OAuth applications',
      description: appNote,
      requestParams: { query: oauthApplicationListQuery.extend(exportQuery.shape) },
      responses: {
        '200': {
          description: `A page, newest first.${EXPORT_NOTE}`,
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped('oauth_applications', z.array(oauthApplicationResponse)) } },
        },
        ...standardErrors,
        ...forbiddenResponse,
        '422': writeErrors['422'],
      },
    },
    post: {
      operationId: 'create_oauth_application',
      tags: apps,
      summary: 'Register an OAuth application',
      description: `${appNote} The answer carries \`client_secret\`, shown this once (null for a public client).`,
      requestBody: jsonBody('oauth_application', oauthApplicationCreate),
      responses: { ...ok('Created.', 'oauth_application', oauthApplicationWithSecret, '201'), ...standardErrors, ...forbiddenResponse, ...writeErrors },
    },
  },
  '/api/2023-01/oauth_applications/{id}': {
    get: {
      operationId: 'get_oauth_application',
      tags: apps,
      summary: 'Get an OAuth application',
      description: appNote,
      requestParams: { path: idPath },
      responses: { ...ok('The application.', 'oauth_application', oauthApplicationResponse), ...standardErrors, ...forbiddenResponse, ...notFoundResponses },
    },
    patch: {
      operationId: 'update_oauth_application',
      tags: apps,
      summary: 'Update an OAuth application',
      description: `${appNote} Name, redirect URIs, scope and rate limit.`,
      requestParams: { path: idPath },
      requestBody: jsonBody('oauth_application', oauthApplicationUpdate),
      responses: {
        ...ok('Updated.', 'oauth_application', oauthApplicationResponse),
        ...standardErrors,
        ...forbiddenResponse,
        ...notFoundResponses,
        ...writeErrors,
      },
    },
    delete: {
      operationId: 'delete_oauth_application',
      tags: apps,
      summary: 'Delete an OAuth application',
      description: `${appNote} Its grants, codes and tokens are deleted with it.`,
      requestParams: { path: idPath },
      responses: { '204': { description: 'Deleted.' }, ...standardErrors, ...forbiddenResponse, ...notFoundResponses },
    },
  },
  '/api/2023-01/oauth_applications/{id}/rotate_secret': {
    post: {
      operationId: 'rotate_oauth_application_secret',
      tags: apps,
      summary: 'Rotate the client secret',
      description: `${appNote} The new secret is in this response only; the old one stops working at once (tokens already issued keep working). 409 for a public client.`,
      requestParams: { path: idPath },
      responses: {
        ...ok('Rotated.', 'oauth_application', oauthApplicationWithSecret),
        ...standardErrors,
        ...forbiddenResponse,
        ...notFoundResponses,
        ...conflictResponse('A public client has no secret'),
      },
    },
  },
  '/api/2023-01/oauth_grants': {
    get: {
      operationId: 'list_oauth_grants',
      tags: grants,
      summary: 'List the applications you authorised',
      description: grantNote,
      requestParams: { query: oauthGrantListQuery.extend(exportQuery.shape) },
      responses: {
        '200': {
          description: `A page, most recently authorised first.${EXPORT_NOTE}`,
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped('oauth_grants', z.array(oauthGrantResponse)) } },
        },
        ...standardErrors,
        ...forbiddenResponse,
        '422': writeErrors['422'],
      },
    },
  },
  '/api/2023-01/oauth_grants/{id}': {
    delete: {
      operationId: 'revoke_oauth_grant',
      tags: grants,
      summary: 'Revoke an authorization',
      description: `${grantNote} Every code, refresh token and access token issued under it stops working.`,
      requestParams: { path: idPath },
      responses: { '204': { description: 'Revoked.' }, ...standardErrors, ...forbiddenResponse, ...notFoundResponses },
    },
  },
};
