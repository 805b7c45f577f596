import { definePublicRoute, json } from '@/lib/server/http/route';
import { getDb } from '@/lib/server/db';
import { replicaHealth, replicasConfigured } from '@/lib/server/replicas';
import { checkHealth } from './check';

// For load balancers and uptime checks: no credentials, never cached, limited per client IP like every
// request without a credential (API_RATE_LIMIT_ANONYMOUS_*). 503 when the
// database is out of reach or migrations are pending (this code expects a schema it does not have).
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = definePublicRoute({
  // GET /api/health — database reachability and migration state
  GET: async () => {
    const health = await checkHealth(getDb());
    // Each read replica's state and lag; a replica down or behind is skipped, not a reason to take
    // this instance out of the load balancer.
    if (replicasConfigured()) Object.assign(health, { replicas: await replicaHealth() });
    return json(health, health.status === 'ok' ? 200 : 503, {
      'Cache-Control': 'no-store',
      ...(health.status === 'ok' ? {} : { 'Retry-After': '5' }),
    });
  },
});
