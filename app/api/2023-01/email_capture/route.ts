import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { getEmailCapture, updateEmailCapture } from '@/lib/server/services/emails';
import { emailCaptureUpdate } from '@/lib/shared/validation/emails';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/email_capture — the account's address to BCC or forward mail to
  // (the address is made on the first read, so never from a read replica)
  GET: { primary: true, run: async ({ db, ctx }) => json({ email_capture: await getEmailCapture(db, ctx) }) },
  // PATCH /api/2023-01/email_capture — whether unknown addresses become contacts (admins)
  PATCH: async ({ db, ctx, req }) => json({ email_capture: await updateEmailCapture(db, ctx, await parseBody(req, 'email_capture', emailCaptureUpdate)) }),
});
