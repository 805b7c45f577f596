import { timingSafeEqual } from 'node:crypto';
import { definePublicRoute, json } from '@/lib/api/route';
import { ApiError } from '@/lib/api/errors';
import { getDatabase } from '@/lib/db';
import { env } from '@/lib/env';
import { runDueWebhookDeliveries } from '@/lib/webhooks/worker';

// GET /api/cron/webhooks — on serverless hosts (Vercel Cron, every minute), delivers what is due
// and returns. Vercel sends `Authorization: Bearer $CRON_SECRET`; without CRON_SECRET set, refused.
export const maxDuration = 60;

function authorized(header: string | null): boolean {
  // Read at each request (lib/env.ts has validated it at start) so it can be set and rotated in tests.
  const secret = process.env.CRON_SECRET;
  if (!secret || secret.length < 16 || !header) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute({
  GET: async (req) => {
    if (!authorized(req.headers.get('authorization'))) {
      throw new ApiError(401, 'unauthorized', 'Send Authorization: Bearer <CRON_SECRET> (set CRON_SECRET on the server).');
    }
    const started = Date.now();
    await runDueWebhookDeliveries({ database: getDatabase(), connectionString: env.DATABASE_URL });
    return json({ ok: true, duration_ms: Date.now() - started });
  },
});
