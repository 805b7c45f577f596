import { routeFiles } from './routes';

// Calls the real route handlers (the same modules Next.js serves) with real Request objects.

type RouteModule = Record<string, (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>>;

export interface ApiResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

const routes = routeFiles();
export const BASE = 'http://localhost:3000';

/** Routes a Request to the route module that serves its path, as Next.js would. */
export async function dispatch(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const route = routes.find((r) => r.pattern.test(url.pathname));
  if (!route) throw new Error(`No route file serves ${url.pathname}`);
  const match = route.pattern.exec(url.pathname)!;
  const params: Record<string, string | string[]> = {};
  route.keys.forEach((k, i) => {
    const value = decodeURIComponent(match[i + 1]!);
    params[k] = route.template.includes(`{${k}}`) && route.file.includes('[...') ? value.split('/') : value;
  });
  const mod = (await import(route.file)) as RouteModule;
  const handler = mod[req.method];
  if (!handler) throw new Error(`${route.file} does not export ${req.method}`);
  return handler(req, { params: Promise.resolve(params) });
}

export async function request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  const url = new URL(path.startsWith('/api/') ? path : `/api/2023-01${path}`, BASE);
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const res = await dispatch(new Request(url, { method, headers, body }));
  // An event stream never ends (GET /notifications/stream): its status and headers, no body;
  // tests/event-stream.ts reads one.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, headers: res.headers, body: null };
  }
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** A client bound to one token. */
export function client(token: string | null) {
  return {
    get: (path: string, o: Omit<RequestOptions, 'token'> = {}) => request('GET', path, { ...o, token }),
    post: (path: string, body?: unknown, o: Omit<RequestOptions, 'token' | 'body'> = {}) => request('POST', path, { ...o, body, token }),
    patch: (path: string, body?: unknown, o: Omit<RequestOptions, 'token' | 'body'> = {}) => request('PATCH', path, { ...o, body, token }),
    put: (path: string, body?: unknown, o: Omit<RequestOptions, 'token' | 'body'> = {}) => request('PUT', path, { ...o, body, token }),
    delete: (path: string, o: Omit<RequestOptions, 'token'> = {}) => request('DELETE', path, { ...o, token }),
  };
}
export type Client = ReturnType<typeof client>;
