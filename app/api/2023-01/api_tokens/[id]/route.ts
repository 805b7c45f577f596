import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, noContent } from '@/lib/server/http/route';
import { parseId } from '@/lib/server/http/request';
import { revokeApiToken } from '@/lib/server/services/api-tokens';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // DELETE /api/2023-01/api_tokens/{id} — revoke one of the caller's tokens (browser session only)
  DELETE: {
    access: ACCESS.apiTokens,
    run: async ({ db, ctx, params }) => {
      await revokeApiToken(db, ctx, parseId(params.id, 'API token'));
      return noContent();
    },
  },
});
