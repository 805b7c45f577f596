import { ROUTE_MODULES } from '@/app/api/2023-01/route-modules';
import { apiDispatcher } from '@/lib/server/http/in-process';
import { handleMcp } from '@/lib/server/mcp/handler';
import { applyCors, isPreflight, preflightResponse } from '@/lib/server/security/cors';
import { API_CONTENT_SECURITY_POLICY } from '@/lib/server/security/headers';

// The Model Context Protocol server (docs/mcp.md): its tools call the API's own route handlers.
const dispatch = apiDispatcher(ROUTE_MODULES);
const PATH = '/api/mcp';

/** Its answers allow no content, and are read by the origins CORS_ALLOWED_ORIGINS lists, with the MCP server's grants. */
async function handle(req: Request): Promise<Response> {
  const res = await handleMcp(req, dispatch);
  res.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  return applyCors(res, req.headers.get('origin'), PATH);
}

export const POST = handle;
export const GET = handle;
export const DELETE = handle;

export async function OPTIONS(req: Request): Promise<Response> {
  if (isPreflight(req)) return preflightResponse(req.headers.get('origin'), undefined, PATH);
  return new Response(null, { status: 204, headers: { Allow: 'POST, GET, DELETE, OPTIONS' } });
}
