import { ACCESS } from '@/lib/api/access';
import { defineRoute, listResponse } from '@/lib/api/route';
import { parseQuery } from '@/lib/api/request';
import { listOAuthGrants } from '@/lib/services/oauth-applications';
import { oauthGrantListQuery } from '@/lib/validation/oauth-applications';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/oauth_grants — the applications the caller authorised (browser session)
  GET: {
    access: ACCESS.oauthGrants,
    run: async (a) => listResponse(a, 'oauth_grants', await listOAuthGrants(a.db, a.ctx, parseQuery(a.url, oauthGrantListQuery))),
  },
});
