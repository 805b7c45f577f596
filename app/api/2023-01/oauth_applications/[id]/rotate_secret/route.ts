import { ACCESS } from '@/lib/api/access';
import { defineRoute, json } from '@/lib/api/route';
import { parseId } from '@/lib/api/request';
import { rotateOAuthApplicationSecret } from '@/lib/services/oauth-applications';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // POST /api/2023-01/oauth_applications/{id}/rotate_secret — a new client secret, shown once; the old one stops working
  POST: {
    access: ACCESS.oauthApplications,
    run: async (a) => json({ oauth_application: await rotateOAuthApplicationSecret(a.db, a.ctx, parseId(a.params.id, 'OAuth application')) }),
  },
});
