import { ACCESS } from '@/lib/api/access';
import { defineRoute, noContent } from '@/lib/api/route';
import { parseId } from '@/lib/api/request';
import { revokeApiToken } from '@/lib/services/api-tokens';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // DELETE /api/2023-01/api_tokens/{id} — revoke one of the caller's tokens (browser session only)
  DELETE: {
    access: ACCESS.apiTokens,
    run: async (a) => {
      await revokeApiToken(a.db, a.ctx, parseId(a.params.id, 'API token'));
      return noContent();
    },
  },
});
