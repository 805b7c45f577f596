import { ApiError } from '@/lib/api/errors';
import { definePublicRoute } from '@/lib/api/route';

// Any other path under /api answers a JSON 404, never Next's HTML page.
const notFound = async (req: Request): Promise<Response> => {
  throw new ApiError(404, 'not_found', `No API endpoint at ${new URL(req.url).pathname}.`);
};

export const { GET, POST, PUT, PATCH, DELETE } = definePublicRoute({
  GET: notFound,
  POST: notFound,
  PUT: notFound,
  PATCH: notFound,
  DELETE: notFound,
});
