import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createOAuthApplication, listOAuthApplications } from '@/lib/server/services/oauth-applications';
import { oauthApplicationCreate, oauthApplicationListQuery, oauthApplicationResponse } from '@/lib/shared/validation/oauth-applications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/oauth_applications — the account's OAuth applications (admins, browser session)
  GET: {
    access: ACCESS.oauthApplications,
    run: async (call) => listOrExport(call, 'oauth_applications', oauthApplicationListQuery, listOAuthApplications, oauthApplicationResponse),
  },
  // POST /api/2023-01/oauth_applications — register one; `client_secret` is in this response only
  POST: {
    access: ACCESS.oauthApplications,
    run: async ({ req, db, ctx }) => {
      const input = await parseBody(req, 'oauth_application', oauthApplicationCreate);
      return json({ oauth_application: await createOAuthApplication(db, ctx, input) }, 201);
    },
  },
});
