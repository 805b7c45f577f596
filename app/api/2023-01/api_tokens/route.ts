import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createApiTokenFor, listApiTokens } from '@/lib/server/services/api-tokens';
import { apiTokenCreate, apiTokenListQuery, apiTokenResponse } from '@/lib/shared/validation/api-tokens';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/api_tokens — list the caller's own live tokens (browser session only)
  GET: {
    access: ACCESS.apiTokens,
    run: async (call) => listOrExport(call, 'api_tokens', apiTokenListQuery, listApiTokens, apiTokenResponse),
  },
  // POST /api/2023-01/api_tokens — mint a token; the secret is in this response only (browser session only)
  POST: {
    access: ACCESS.apiTokens,
    run: async ({ db, ctx, req }) => json({ api_token: await createApiTokenFor(db, ctx, await parseBody(req, 'api_token', apiTokenCreate)) }, 201),
  },
});
