import { definePublicRoute } from '@/lib/server/http/route';
import { protectedResourceMetadata } from '@/lib/server/mcp/metadata';

// RFC 9728: the MCP server's protected resource metadata, at the root and under the resource's path
// (/.well-known/oauth-protected-resource/api/mcp), where clients look first.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = definePublicRoute({
  GET: async (req) => Response.json(protectedResourceMetadata(req), { headers: { 'Cache-Control': 'public, max-age=3600' } }),
});
