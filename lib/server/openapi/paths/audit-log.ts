import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { auditEntryResponse, auditLogQuery } from '@/lib/shared/validation/audit-log';
import { securityEventListQuery, securityEventResponse } from '@/lib/shared/validation/security-events';
import { errorResponse, EXPORT_NOTE, exportQuery, listHeaders, standardErrors, wrapped, writeErrors } from '@/lib/server/openapi/paths/resource';

export const auditLogPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/audit_log': {
    get: {
      operationId: 'list_audit_log',
      tags: ['Audit log'],
      summary: 'List the audit log (admins)',
      description:
        "Every change to the account's records, newest first: the webhook message that recorded it, who made it, how they were signed in (the dashboard's session, an API token or an OAuth application) and, for an update, which fields changed. Admins only.",
      requestParams: { query: auditLogQuery.extend(exportQuery.shape) },
      responses: {
        '200': {
          description: `A page, newest first.${EXPORT_NOTE}`,
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped('audit_log', z.array(auditEntryResponse)) } },
        },
        ...standardErrors,
        '403': { description: 'The caller is not an admin of the account (`forbidden`).', content: { 'application/json': { schema: errorResponse } } },
        '422': writeErrors['422'],
      },
    },
  },
};

export const securityEventPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/security_events': {
    get: {
      operationId: 'list_security_events',
      tags: ['Audit log'],
      summary: 'List the security events (admins)',
      description:
        "The security half of the audit log, newest first: users added, promoted, demoted, deactivated, reactivated or given a new password; API tokens minted and revoked; OAuth applications created, changed, given a new secret or deleted; authorizations revoked; webhook endpoints created, changed or deleted; sessions ended; sign-ins that succeeded or failed (with the client's IP address and user agent). Each is recorded in the transaction of the change. Admins only.",
      requestParams: { query: securityEventListQuery.extend(exportQuery.shape) },
      responses: {
        '200': {
          description: `A page, newest first.${EXPORT_NOTE}`,
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped('security_events', z.array(securityEventResponse)) } },
        },
        ...standardErrors,
        '403': { description: 'The caller is not an admin of the account (`forbidden`).', content: { 'application/json': { schema: errorResponse } } },
        '422': writeErrors['422'],
      },
    },
  },
};
