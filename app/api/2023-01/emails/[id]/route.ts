import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteEmail, getEmail, refileEmail } from '@/lib/server/services/emails';
import { emailUpdate } from '@/lib/shared/validation/emails';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/emails/{id} — one captured email
  GET: async ({ db, ctx, params }) => json({ email: await getEmail(db, ctx, parseId(params.id, 'Email')) }),
  // PATCH /api/2023-01/emails/{id} — re-file it: {"email": {"project_ids", "lead_ids", "company_ids", "contact_ids"}}
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Email');
    return json({ email: await refileEmail(db, ctx, id, await parseBody(req, 'email', emailUpdate)) });
  },
  // DELETE /api/2023-01/emails/{id} — the email (its attachments stay, as documents of their records)
  DELETE: async ({ db, ctx, params }) => {
    await deleteEmail(db, ctx, parseId(params.id, 'Email'));
    return noContent();
  },
});
