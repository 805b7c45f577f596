import 'server-only';

// The API requests made by the MCP server's tools (lib/server/mcp/api.ts): their token may be one
// issued for the MCP server, which route.ts refuses on any other request.

const toolCalls = new WeakSet<Request>();

/** Marks a request as a tool's, before it is dispatched. */
export function markToolCall(req: Request): void {
  toolCalls.add(req);
}

/** True for a request a tool made. */
export function isToolCall(req: Request): boolean {
  return toolCalls.has(req);
}
