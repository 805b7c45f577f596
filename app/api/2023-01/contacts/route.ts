import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createContact, listContacts } from '@/lib/server/services/contacts';
import { contactCreate, contactListQuery, contactResponse } from '@/lib/shared/validation/contacts';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/contacts — list contacts
  GET: async (call) => listOrExport(call, 'contacts', contactListQuery, listContacts, contactResponse),
  // POST /api/2023-01/contacts — create a contact (operation 5)
  POST: async ({ req, db, ctx }) => {
    const input = await parseBody(req, 'contact', contactCreate);
    return json({ contact: await createContact(db, ctx, input) }, 201);
  },
});
