import { ACCESS } from '@/lib/api/access';
import { defineRoute, noContent } from '@/lib/api/route';
import { parseId } from '@/lib/api/request';
import { revokeOAuthGrant } from '@/lib/services/oauth-applications';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // DELETE /api/2023-01/oauth_grants/{id} — revoke an authorization and every token issued under it
  DELETE: {
    access: ACCESS.oauthGrants,
    run: async (a) => {
      await revokeOAuthGrant(a.db, a.ctx, parseId(a.params.id, 'Authorization'));
      return noContent();
    },
  },
});
