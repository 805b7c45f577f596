import { ACCESS } from '@/lib/server/http/access';
import { defineRoute } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { listSecurityEventLog } from '@/lib/server/services/security-events';
import { securityEventListQuery, securityEventResponse } from '@/lib/shared/validation/security-events';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/security_events — user management, credentials, sessions and sign-ins, newest first (admins only)
  GET: {
    access: ACCESS.auditLog,
    run: async (call) => listOrExport(call, 'security_events', securityEventListQuery, listSecurityEventLog, securityEventResponse),
  },
});
