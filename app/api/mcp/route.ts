import { ROUTE_MODULES } from '@/app/api/2023-01/route-modules';
import { apiDispatcher } from '@/lib/server/http/in-process';
import { handleMcp } from '@/lib/server/mcp/handler';

// The Model Context Protocol server (docs/mcp.md): its tools call the API's own route handlers.
const dispatch = apiDispatcher(ROUTE_MODULES);
const handle = (req: Request) => handleMcp(req, dispatch);

export const POST = handle;
export const GET = handle;
export const DELETE = handle;
