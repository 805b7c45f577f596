import { defineRoute, json } from '@/lib/server/http/route';
import { rotateEmailCapture } from '@/lib/server/services/emails';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // POST /api/2023-01/email_capture/rotate — a new address; mail to the old one is refused (admins)
  POST: async ({ db, ctx }) => json({ email_capture: await rotateEmailCapture(db, ctx) }),
});
