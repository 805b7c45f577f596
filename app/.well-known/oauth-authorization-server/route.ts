import { definePublicRoute } from '@/lib/server/http/route';
import { authorizationServerMetadata } from '@/lib/server/mcp/metadata';

// RFC 8414: where the OAuth endpoints are and what they support.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = definePublicRoute({
  GET: async (req) => Response.json(authorizationServerMetadata(req), { headers: { 'Cache-Control': 'public, max-age=3600' } }),
});
