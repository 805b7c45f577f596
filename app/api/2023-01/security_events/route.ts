import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, listResponse } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { listSecurityEventLog } from '@/lib/server/services/security-events';
import { securityEventListQuery } from '@/lib/shared/validation/security-events';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/security_events — user management, credentials, sessions and sign-ins, newest first (admins only)
  GET: {
    access: ACCESS.auditLog,
    run: async (a) => listResponse(a, 'security_events', await listSecurityEventLog(a.db, a.ctx, parseQuery(a.url, securityEventListQuery))),
  },
});
