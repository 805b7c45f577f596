import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { jsonBody, ok, standardErrors, writeErrors } from '@/lib/server/openapi/paths/resource';
import { accountResponse, accountUpdate } from '@/lib/shared/validation/account';

export const accountPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/account': {
    get: {
      operationId: 'get_account',
      tags: ['Account'],
      summary: 'Your account: its name, and the time zone of users who have not set their own',
      responses: { ...ok('The account.', 'account', accountResponse), ...standardErrors },
    },
    patch: {
      operationId: 'update_account',
      tags: ['Account'],
      summary: 'Rename the account, or set the time zone of its users who have not chosen one (admins)',
      requestBody: jsonBody('account', accountUpdate),
      responses: { ...ok('The account, changed.', 'account', accountResponse), ...standardErrors, ...writeErrors },
    },
  },
};
