import { ACCESS } from '@/lib/server/http/access';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { createCustomField, listCustomFields } from '@/lib/server/services/custom-fields';
import { customFieldCreate, customFieldListQuery, customFieldResponse } from '@/lib/shared/validation/custom-fields';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/custom_fields — the account's custom fields, by resource and position
  GET: async (call) => listOrExport(call, 'custom_fields', customFieldListQuery, listCustomFields, customFieldResponse),
  // POST /api/2023-01/custom_fields — define a field (admins)
  POST: {
    access: ACCESS.customFields,
    run: async ({ db, ctx, req }) => json({ custom_field: await createCustomField(db, ctx, await parseBody(req, 'custom_field', customFieldCreate)) }, 201),
  },
});
