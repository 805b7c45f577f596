// Where the dashboard's requests go: the public API's base path, and the shape of one request,
// which the browser sends with fetch and the server's prefetch hands to the route handlers in
// process (lib/server/http/in-process.ts).

export const API_BASE = '/api/2023-01';

/** One request to the API: `path` below /api/2023-01 (query string included). */
export type Transport = (path: string, init: { method: string; headers: Record<string, string>; body?: string | FormData }) => Promise<Response>;
