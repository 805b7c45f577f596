import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, listResponse } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { listAuditLog } from '@/lib/server/services/audit-log';
import { auditLogQuery } from '@/lib/shared/validation/audit-log';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/audit_log — who changed what, newest first (admins only)
  GET: { access: ACCESS.auditLog, run: async (a) => listResponse(a, 'audit_log', await listAuditLog(a.db, a.ctx, parseQuery(a.url, auditLogQuery))) },
});
