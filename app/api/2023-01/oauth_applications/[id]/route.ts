import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteOAuthApplication, getOAuthApplication, updateOAuthApplication } from '@/lib/server/services/oauth-applications';
import { oauthApplicationUpdate } from '@/lib/shared/validation/oauth-applications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/oauth_applications/{id} — one application (never its secret)
  GET: {
    access: ACCESS.oauthApplications,
    run: async ({ db, ctx, params }) => json({ oauth_application: await getOAuthApplication(db, ctx, parseId(params.id, 'OAuth application')) }),
  },
  // PATCH /api/2023-01/oauth_applications/{id} — rename, change redirect URIs, scope or rate limit
  PATCH: {
    access: ACCESS.oauthApplications,
    run: async ({ params, req, db, ctx }) => {
      const id = parseId(params.id, 'OAuth application');
      const input = await parseBody(req, 'oauth_application', oauthApplicationUpdate);
      return json({ oauth_application: await updateOAuthApplication(db, ctx, id, input) });
    },
  },
  // DELETE /api/2023-01/oauth_applications/{id} — delete it with its grants and tokens
  DELETE: {
    access: ACCESS.oauthApplications,
    run: async ({ db, ctx, params }) => {
      await deleteOAuthApplication(db, ctx, parseId(params.id, 'OAuth application'));
      return noContent();
    },
  },
});
