import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { orMerged } from '@/lib/server/services/merges';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteContact, getContact, updateContact } from '@/lib/server/services/contacts';
import { contactUpdate } from '@/lib/shared/validation/contacts';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/contacts/{id} — get a contact
  GET: async ({ db, ctx, params }) => {
    const id = parseId(params.id, 'Contact');
    return json({ contact: await orMerged(db, ctx, 'contacts', id, () => getContact(db, ctx, id)) });
  },
  // PATCH /api/2023-01/contacts/{id} — update a contact (operation 6)
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Contact');
    const input = await parseBody(req, 'contact', contactUpdate);
    return json({ contact: await orMerged(db, ctx, 'contacts', id, () => updateContact(db, ctx, id, input)) });
  },
  // DELETE /api/2023-01/contacts/{id} — delete a contact
  DELETE: async ({ db, ctx, params }) => {
    const id = parseId(params.id, 'Contact');
    await orMerged(db, ctx, 'contacts', id, () => deleteContact(db, ctx, id));
    return noContent();
  },
});
