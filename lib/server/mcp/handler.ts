import 'server-only';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { authenticateToken, tokenFromHeader } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { publicOrigin } from '@/lib/server/security/origin';
import { getApiRateLimiter } from '@/lib/server/http/rate-limit';
import { clientAddress } from '@/lib/server/security/client-address';
import { ApiRefusal, apiCaller, type ApiCaller, type Dispatch } from './api';
import { TOOLS } from './tools';

// The Model Context Protocol server at /api/mcp (docs/mcp.md): the Streamable HTTP transport of the
// official SDK, stateless — every request builds its server, answers in JSON and ends, so any
// instance (or a serverless function) answers any request and nothing lives in a process between
// them. The credential is an `Authorization` token (a personal API token or an OAuth access token);
// without one, a 401 points the client at the protected resource metadata (RFC 9728), from which
// it finds the authorization server.

export const MCP_PATH = '/api/mcp';
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

function unauthorized(req: Request, requestId: string, message: string, invalid: boolean, rateHeaders: Record<string, string>): Response {
  const metadata = `${publicOrigin(req)}${PROTECTED_RESOURCE_METADATA_PATH}`;
  const challenge = `Bearer resource_metadata="${metadata}"${invalid ? `, error="invalid_token", error_description="${message}"` : ''}`;
  return Response.json(
    { error: 'unauthorized', message, details: {}, request_id: requestId },
    { status: 401, headers: { 'WWW-Authenticate': challenge, 'X-Request-Id': requestId, 'Cache-Control': 'no-store', ...rateHeaders } },
  );
}

/** The server of one request: the tools its token's scopes allow. */
function buildServer(api: ApiCaller, scopes: string[]): McpServer {
  const server = new McpServer(
    { name: 'groundwork', title: 'Groundwork', version: '2023-01' },
    {
      instructions:
        'Groundwork is a construction pipeline CRM. A project’s amount is in dollars; every field named *_in_cents (a lead’s value, the forecast) is in cents. Dates are YYYY-MM-DD, times UTC ISO 8601.',
    },
  );
  for (const tool of TOOLS) {
    if (tool.kind === 'write' && !scopes.includes('write')) continue;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, readOnlyHint: tool.kind === 'read', destructiveHint: false, openWorldHint: false },
      },
      async (args: Record<string, unknown>) => {
        try {
          const answer = await tool.run(api, args);
          return { content: [{ type: 'text' as const, text: answer.text }], structuredContent: answer.structured };
        } catch (err) {
          // The API's refusal (validation, not found, a changed record) is the assistant's to read and act on.
          if (err instanceof ApiRefusal) return { isError: true, content: [{ type: 'text' as const, text: err.message }] };
          throw err;
        }
      },
    );
  }
  return server;
}

/** POST, GET and DELETE /api/mcp, through `dispatch` to the API's route handlers. */
export async function handleMcp(req: Request, dispatch: Dispatch): Promise<Response> {
  const requestId = randomUUID();
  const token = tokenFromHeader(req.headers.get('authorization'));
  const principal = token ? await authenticateToken(getDb(), token) : null;
  // RFC 8707: an OAuth token issued for the API (another resource) is refused here; personal tokens serve both.
  if (!principal || principal.audience === 'api') {
    const rateHeaders = await getApiRateLimiter().consumeAnonymous(clientAddress(req));
    const message = !token
      ? 'Send an access token in the Authorization header.'
      : principal
        ? 'This token was issued for the Groundwork API, not for the MCP server; ask for one with resource set to this server.'
        : 'The token is invalid, expired or revoked.';
    return unauthorized(req, requestId, message, Boolean(token), rateHeaders);
  }
  // Stateless: the server opens no stream of its own (GET) and keeps no session to end (DELETE).
  if (req.method !== 'POST') {
    return Response.json(
      {
        jsonrpc: '2.0',
        error: { code: -32000, message: `${req.method} is not supported here: this server is stateless; send each message with POST.` },
        id: null,
      },
      { status: 405, headers: { Allow: 'POST', 'X-Request-Id': requestId, 'Cache-Control': 'no-store' } },
    );
  }
  const server = buildServer(apiCaller(dispatch, req, requestId), principal.scopes);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const res = await transport.handleRequest(req);
    res.headers.set('X-Request-Id', requestId);
    res.headers.set('Cache-Control', 'no-store');
    return res;
  } finally {
    await server.close();
  }
}
