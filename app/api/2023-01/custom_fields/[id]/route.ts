import { ACCESS } from '@/lib/server/http/access';
import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteCustomField, getCustomField, updateCustomField } from '@/lib/server/services/custom-fields';
import { customFieldUpdate } from '@/lib/shared/validation/custom-fields';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/custom_fields/{id} — one field
  GET: async ({ db, ctx, params }) => json({ custom_field: await getCustomField(db, ctx, parseId(params.id, 'Custom field')) }),
  // PATCH /api/2023-01/custom_fields/{id} — its label, options, required, position or archived (admins)
  PATCH: {
    access: ACCESS.customFields,
    run: async ({ params, db, ctx, req }) => {
      const id = parseId(params.id, 'Custom field');
      return json({ custom_field: await updateCustomField(db, ctx, id, await parseBody(req, 'custom_field', customFieldUpdate)) });
    },
  },
  // DELETE /api/2023-01/custom_fields/{id} — delete it and its values (admins; archive it to keep them)
  DELETE: {
    access: ACCESS.customFields,
    run: async ({ db, ctx, params }) => {
      await deleteCustomField(db, ctx, parseId(params.id, 'Custom field'));
      return noContent();
    },
  },
});
