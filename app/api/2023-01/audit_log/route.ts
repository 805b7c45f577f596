import { ACCESS } from '@/lib/server/http/access';
import { defineRoute } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { listAuditLog } from '@/lib/server/services/audit-log';
import { auditEntryResponse, auditLogQuery } from '@/lib/shared/validation/audit-log';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/audit_log — who changed what, newest first (admins only)
  GET: { access: ACCESS.auditLog, run: async (call) => listOrExport(call, 'audit_log', auditLogQuery, listAuditLog, auditEntryResponse) },
});
