import autocannon from 'autocannon';

// One load cell: autocannon against one server, one route, one connection count.

export interface Route {
  name: string;
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  /** A body per request (PATCH/POST): varied so every write changes something. */
  body?: (n: number) => unknown;
  /** A path per request, for writes that rotate over records. */
  pathFor?: (n: number) => string;
}

export interface Cell {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

let sequence = 0;

export async function load(origin: string, token: string, route: Route, connections: number, seconds: number): Promise<Cell> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
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
        setupRequest: (req) => {
          const n = (sequence += 1);
          return {
            ...req,
            path: route.pathFor ? route.pathFor(n) : route.path,
            body: route.body ? JSON.stringify(route.body(n)) : undefined,
          };
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
