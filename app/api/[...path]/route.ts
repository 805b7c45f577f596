import { definePublicRoute } from '@/lib/server/http/route';
import { ServiceError } from '@/lib/server/services/errors';

// Any other path under /api answers a JSON 404, never Next's HTML page.
const notFound = async (req: Request): Promise<Response> => {
  throw new ServiceError('not_found', `No API endpoint at ${new URL(req.url).pathname}.`);
};

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = definePublicRoute({
  GET: notFound,
  POST: notFound,
  PUT: notFound,
  PATCH: notFound,
  DELETE: notFound,
});
