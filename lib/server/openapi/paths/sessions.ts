import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { sessionResponse } from '@/lib/shared/validation/sessions';
import { errorResponse, idPath, notFoundResponses, standardErrors, wrapped } from '@/lib/server/openapi/paths/resource';

const tags = ['Sessions'];
const sessionOnly = {
  '403': {
    description: 'Called with an API token (`forbidden`): sessions are managed from a signed-in browser session only.',
    content: { 'application/json': { schema: errorResponse } },
  },
};
const note = "The caller's own browser sessions only; needs the session cookie (an API token gets 403).";

export const sessionsPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/sessions': {
    get: {
      operationId: 'list_sessions',
      tags,
      summary: 'List your browser sessions (browser session)',
      description: `${note} Live sessions, most recently active first; \`current\` marks the one making the request.`,
      responses: {
        '200': { description: 'The sessions.', content: { 'application/json': { schema: wrapped('sessions', z.array(sessionResponse)) } } },
        ...standardErrors,
        ...sessionOnly,
      },
    },
    delete: {
      operationId: 'end_other_sessions',
      tags,
      summary: 'Sign out everywhere else (browser session)',
      description: `${note} Ends every session but the current one.`,
      responses: {
        '200': {
          description: 'Done; `revoked` is how many sessions ended.',
          content: { 'application/json': { schema: z.object({ revoked: z.number().int() }) } },
        },
        ...standardErrors,
        ...sessionOnly,
      },
    },
  },
  '/api/2023-01/sessions/{id}': {
    delete: {
      operationId: 'end_session',
      tags,
      summary: 'End one of your sessions (browser session)',
      description: `${note} Another user's session is a 404. Ending the current one signs this browser out.`,
      requestParams: { path: idPath },
      responses: { '204': { description: 'Ended.' }, ...standardErrors, ...sessionOnly, ...notFoundResponses },
    },
  },
};
