import { randomUUID } from 'node:crypto';
import http from 'node:http';

// Methods Next.js cannot serve. Its request adapter builds a Fetch `Request`, which refuses TRACE
// (a forbidden method) by throwing, so a `TRACE` to any path was a 500 with a stack trace in the
// log. The server answers such methods itself, before Next.js sees them: a JSON 405, as a route
// answers a method it does not serve. (Methods Node's parser does not know are its own 400.)

/** What Next.js's route handlers and pages take (HEAD and OPTIONS it answers itself). */
const SERVED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The API's routes never serve more than these; a page serves GET and HEAD. */
const API_ALLOW = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const PAGE_ALLOW = 'GET, HEAD';

const marked = globalThis as unknown as { __groundworkMethodGate?: boolean };

/** The 405 a request with an unserved method gets (tested without a server). */
export function refusal(method: string, url: string): { status: number; headers: Record<string, string>; body: string } {
  const path = url.split('?')[0] ?? '/';
  const api = path === '/api' || path.startsWith('/api/');
  const requestId = randomUUID();
  const allow = api ? API_ALLOW : PAGE_ALLOW;
  const body = JSON.stringify({
    error: 'method_not_allowed',
    message: `${method.slice(0, 20)} is not allowed here; use ${allow.replace(/, (?=[^,]*$)/, ' or ')}.`,
    details: {},
    request_id: requestId,
  });
  return {
    status: 405,
    headers: {
      'Content-Type': 'application/json',
      Allow: allow,
      'Cache-Control': 'no-store',
      'X-Request-Id': requestId,
      'Content-Length': String(Buffer.byteLength(body)),
    },
    body,
  };
}

/** Installs the answer on every Node HTTP server of the process (instrumentation.ts, at start). */
export function refuseUnservedMethods(): void {
  if (marked.__groundworkMethodGate) return;
  marked.__groundworkMethodGate = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function gatedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (req.method && !SERVED.has(req.method)) {
        const { status, headers, body } = refusal(req.method, req.url ?? '/');
        res.writeHead(status, headers).end(body);
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
