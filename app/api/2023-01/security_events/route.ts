import { ACCESS } from '@/lib/api/access';
import { defineRoute, listResponse } from '@/lib/api/route';
import { parseQuery } from '@/lib/api/request';
import { listSecurityEventLog } from '@/lib/services/security-events';
import { securityEventListQuery } from '@/lib/validation/security-events';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/security_events — user management, credentials, sessions and sign-ins, newest first (admins only)
  GET: {
    access: ACCESS.auditLog,
    run: async (a) => listResponse(a, 'security_events', await listSecurityEventLog(a.db, a.ctx, parseQuery(a.url, securityEventListQuery))),
  },
});
