import { timingSafeEqual } from 'node:crypto';
import { definePublicRoute, json } from '@/lib/server/http/route';
import { getDatabase } from '@/lib/server/db';
import { runDueJobs } from '@/lib/server/jobs/worker';
import { ServiceError } from '@/lib/server/services/errors';

// GET /api/cron/webhooks — on serverless hosts (Vercel Cron, every minute), runs the jobs that are due (webhook
// deliveries, imports, snapshots) and returns. Vercel sends `Authorization: Bearer $CRON_SECRET`; without CRON_SECRET set, refused.
export const maxDuration = 60;

function authorized(header: string | null): boolean {
  // Read at each request (lib/server/env.ts has validated it at start) so it can be set and rotated in tests.
  const secret = process.env.CRON_SECRET;
  if (!secret || secret.length < 16 || !header) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = definePublicRoute({
  GET: async (req) => {
    if (!authorized(req.headers.get('authorization'))) {
      throw new ServiceError('unauthorized', 'Send Authorization: Bearer <CRON_SECRET> (set CRON_SECRET on the server).');
    }
    const started = Date.now();
    await runDueJobs({ database: getDatabase() });
    return json({ ok: true, duration_ms: Date.now() - started });
  },
});
