import { definePublicRoute, json } from '@/lib/server/http/route';
import { openApiDocument } from '@/lib/server/openapi/document';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = definePublicRoute({
  // GET /api/2023-01/openapi.json — the OpenAPI 3.1 document (no auth)
  GET: async () => json(openApiDocument()),
});
