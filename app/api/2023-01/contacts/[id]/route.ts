import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteContact, getContact, updateContact } from '@/lib/server/services/contacts';
import { contactUpdate } from '@/lib/shared/validation/contacts';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/contacts/{id} — get a contact
  GET: async ({ db, ctx, params }) => json({ contact: await getContact(db, ctx, parseId(params.id, 'Contact')) }),
  // PATCH /api/2023-01/contacts/{id} — update a contact (operation 6)
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Contact');
    return json({ contact: await updateContact(db, ctx, id, await parseBody(req, 'contact', contactUpdate)) });
  },
  // DELETE /api/2023-01/contacts/{id} — delete a contact
  DELETE: async ({ db, ctx, params }) => {
    await deleteContact(db, ctx, parseId(params.id, 'Contact'));
    return noContent();
  },
});
