import { ACCESS } from '@/lib/server/http/access';
import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteCustomField, getCustomField, updateCustomField } from '@/lib/server/services/custom-fields';
import { customFieldUpdate } from '@/lib/shared/validation/custom-fields';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/custom_fields/{id} — one field
  GET: async (a) => json({ custom_field: await getCustomField(a.db, a.ctx, parseId(a.params.id, 'Custom field')) }),
  // PATCH /api/2023-01/custom_fields/{id} — its label, options, required, position or archived (admins)
  PATCH: {
    access: ACCESS.customFields,
    run: async (a) => {
      const id = parseId(a.params.id, 'Custom field');
      return json({ custom_field: await updateCustomField(a.db, a.ctx, id, await parseBody(a.req, 'custom_field', customFieldUpdate)) });
    },
  },
  // DELETE /api/2023-01/custom_fields/{id} — delete it and its values (admins; archive it to keep them)
  DELETE: {
    access: ACCESS.customFields,
    run: async (a) => {
      await deleteCustomField(a.db, a.ctx, parseId(a.params.id, 'Custom field'));
      return noContent();
    },
  },
});
