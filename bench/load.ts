import autocannon from 'autocannon';

// One load cell: autocannon against one server, one route, one connection count.

/** What one request sends, beyond the route's method. */
export interface Sent {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Route {
  name: string;
  method: 'GET' | 'PATCH' | 'POST';
  /** The path of a request that needs no state (GETs; the body check's). */
  path: string;
  /** Per request, for writes: what to send. `context` is this request's own, handed to `answered`. */
  next?: (context: Record<string, unknown>) => Sent;
  /** What a write learns from its answer (the ETag a PATCH sends next time). */
  answered?: (context: Record<string, unknown>, status: number, headers: Record<string, string | string[]>) => void;
  /** After a cell, once the servers are idle: settle what the cell left in flight. */
  settle?: () => Promise<void>;
}

export interface Cell {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Answers by status, when not all were 2xx (a PATCH's 412s show here). */
  statuses?: Record<string, number>;
}

export async function load(origin: string, token: string, route: Route, connections: number, seconds: number): Promise<Cell> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { next, answered } = route;
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: route.method,
        path: route.path,
        headers,
        // autocannon hands each request a fresh context object and gives the same one to its
        // answer (onResponse), so a write can pair an answer with what it sent.
        ...(next && {
          setupRequest: (req, context) => {
            const sent = next(context);
            return {
              ...req,
              path: sent.path,
              headers: { ...headers, ...sent.headers },
              body: sent.body === undefined ? undefined : JSON.stringify(sent.body),
            };
          },
        }),
        ...(answered && { onResponse: (status, _body, context, resHeaders) => answered(context, status, resHeaders) }),
      },
    ],
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return {
    // Requests finished over the cell's seconds, to a tenth: slow routes finish few per second.
    rps: Number((result.requests.total / result.duration).toFixed(1)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(result.non2xx > 0 && { statuses }),
  };
}
