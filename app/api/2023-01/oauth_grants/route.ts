import { ACCESS } from '@/lib/server/http/access';
import { defineRoute } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { listOAuthGrants } from '@/lib/server/services/oauth-applications';
import { oauthGrantListQuery, oauthGrantResponse } from '@/lib/shared/validation/oauth-applications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/oauth_grants — the applications the caller authorised (browser session)
  GET: {
    access: ACCESS.oauthGrants,
    run: async (call) => listOrExport(call, 'oauth_grants', oauthGrantListQuery, listOAuthGrants, oauthGrantResponse),
  },
});
