import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, listResponse } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { listOAuthGrants } from '@/lib/server/services/oauth-applications';
import { oauthGrantListQuery } from '@/lib/shared/validation/oauth-applications';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/oauth_grants — the applications the caller authorised (browser session)
  GET: {
    access: ACCESS.oauthGrants,
    run: async (a) => listResponse(a, 'oauth_grants', await listOAuthGrants(a.db, a.ctx, parseQuery(a.url, oauthGrantListQuery))),
  },
});
