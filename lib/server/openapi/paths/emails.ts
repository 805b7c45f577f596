import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { notFoundResponses as notFound, ok, resourcePaths, standardErrors, writeErrors } from '@/lib/server/openapi/paths/resource';
import { emailCaptureResponse, emailCaptureUpdate, emailListQuery, emailResponse, emailUpdate } from '@/lib/shared/validation/emails';

const tags = ['Emails'];

export const emailsPaths: ZodOpenApiPathsObject = {
  ...resourcePaths({
    resource: 'email',
    response: emailResponse,
    update: emailUpdate,
    listQuery: emailListQuery,
    ops: ['list', 'get', 'update', 'delete'],
    summaries: {
      list: 'List captured email, newest first: one record’s (`contact_id`, `company_id`, `project_id` or `lead_id`), or every one you see; `q` searches subject, sender and text',
      update: 'Re-file an email: each list given replaces the records of its kind it is filed on',
      delete: 'Delete an email (its attachments stay, as documents of their records)',
    },
  }),
  '/api/2023-01/email_capture': {
    get: {
      operationId: 'get_email_capture',
      tags,
      summary: "The account's address to BCC or forward mail to",
      responses: { ...ok('The address.', 'email_capture', emailCaptureResponse), ...standardErrors },
    },
    patch: {
      operationId: 'update_email_capture',
      tags,
      summary: 'Whether unknown addresses become contacts (admins)',
      requestBody: { required: true, content: { 'application/json': { schema: z.object({ email_capture: emailCaptureUpdate }) } } },
      responses: { ...ok('The settings.', 'email_capture', emailCaptureResponse), ...standardErrors, ...writeErrors },
    },
  },
  '/api/2023-01/email_capture/rotate': {
    post: {
      operationId: 'rotate_email_capture',
      tags,
      summary: 'A new capture address; mail to the old one is refused from now on (admins)',
      responses: { ...ok('The new address.', 'email_capture', emailCaptureResponse), ...standardErrors, ...notFound },
    },
  },
};
