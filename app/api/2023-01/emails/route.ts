import { listOrExport } from '@/lib/server/http/export';
import { defineRoute } from '@/lib/server/http/route';
import { listEmails } from '@/lib/server/services/emails';
import { emailListQuery, emailResponse } from '@/lib/shared/validation/emails';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/emails?contact_id=|company_id=|project_id=|lead_id=&q= — captured email, newest first
  GET: async (call) => listOrExport(call, 'emails', emailListQuery, listEmails, emailResponse),
});
