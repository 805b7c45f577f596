import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteContact, getContact, updateContact } from '@/lib/server/services/contacts';
import { contactUpdate } from '@/lib/shared/validation/contacts';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/contacts/{id} — get a contact
  GET: async (a) => json({ contact: await getContact(a.db, a.ctx, parseId(a.params.id, 'Contact')) }),
  // PATCH /api/2023-01/contacts/{id} — update a contact (operation 6)
  PATCH: async (a) => {
    const id = parseId(a.params.id, 'Contact');
    return json({ contact: await updateContact(a.db, a.ctx, id, await parseBody(a.req, 'contact', contactUpdate)) });
  },
  // DELETE /api/2023-01/contacts/{id} — delete a contact
  DELETE: async (a) => {
    await deleteContact(a.db, a.ctx, parseId(a.params.id, 'Contact'));
    return noContent();
  },
});
