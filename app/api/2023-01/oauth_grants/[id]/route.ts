import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, noContent } from '@/lib/server/http/route';
import { parseId } from '@/lib/server/http/request';
import { revokeOAuthGrant } from '@/lib/server/services/oauth-applications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // DELETE /api/2023-01/oauth_grants/{id} — revoke an authorization and every token issued under it
  DELETE: {
    access: ACCESS.oauthGrants,
    run: async ({ db, ctx, params }) => {
      await revokeOAuthGrant(db, ctx, parseId(params.id, 'Authorization'));
      return noContent();
    },
  },
});
