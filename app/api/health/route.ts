import { definePublicRoute, json } from '@/lib/server/http/route';
import { getDb } from '@/lib/server/db';
import { checkHealth } from './check';

// For load balancers and uptime checks: no credentials, never cached, limited per client IP like every
// request without a credential (API_RATE_LIMIT_ANONYMOUS_*). 503 when the
// database is out of reach or migrations are pending (this code expects a schema it does not have).
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = definePublicRoute({
  // GET /api/health — database reachability and migration state
  GET: async () => {
    const health = await checkHealth(getDb());
    return json(health, health.status === 'ok' ? 200 : 503, {
      'Cache-Control': 'no-store',
      ...(health.status === 'ok' ? {} : { 'Retry-After': '5' }),
    });
  },
});
