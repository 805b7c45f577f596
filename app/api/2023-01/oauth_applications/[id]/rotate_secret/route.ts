import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { parseId } from '@/lib/server/http/request';
import { rotateOAuthApplicationSecret } from '@/lib/server/services/oauth-applications';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // POST /api/2023-01/oauth_applications/{id}/rotate_secret — a new client secret, shown once; the old one stops working
  POST: {
    access: ACCESS.oauthApplications,
    run: async ({ db, ctx, params }) => json({ oauth_application: await rotateOAuthApplicationSecret(db, ctx, parseId(params.id, 'OAuth application')) }),
  },
});
