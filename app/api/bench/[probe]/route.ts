import { definePublicRoute, defineRoute, json } from '@/lib/server/http/route';
import { ServiceError } from '@/lib/server/services/errors';

// npm run bench:scale's probes of what a small request costs before any work (docs/performance.md),
// answered only when the server runs with BENCH_PROBES=on; otherwise, like any unknown path under
// /api, a JSON 404:
// - /api/bench/floor: a fixed 200-byte JSON from a bare route handler, Next.js's floor;
// - /api/bench/wrapped: the same through the API's wrapper (a token's authentication, the rate
//   limit, the request id, the ETag).

const PROBE = { probe: { id: '1', name: 'Fixed answer', detail: 'x'.repeat(140), created_at: '2026-01-01T00:00:00Z' } };
const TEXT = JSON.stringify(PROBE);

const notFound = async (req: Request): Promise<Response> => {
  throw new ServiceError('not_found', `No API endpoint at ${new URL(req.url).pathname}.`);
};
const hidden = definePublicRoute({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound });
const wrapped = defineRoute({ GET: async () => json(PROBE) });

type Context = { params: Promise<Record<string, string | string[] | undefined>> };

export async function GET(req: Request, context: Context): Promise<Response> {
  const { probe } = await context.params;
  if (process.env.BENCH_PROBES !== 'on') return hidden.GET(req, context);
  if (probe === 'floor') return new Response(TEXT, { headers: { 'Content-Type': 'application/json' } });
  if (probe === 'wrapped') return wrapped.GET(req, context);
  return hidden.GET(req, context);
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = hidden;
