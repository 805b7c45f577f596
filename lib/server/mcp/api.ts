import 'server-only';
import { API_BASE } from '@/lib/shared/api-transport';
import { PEER_ADDRESS_HEADER } from '@/lib/server/security/client-address';
import { markToolCall } from '@/lib/server/http/tool-calls';

// What an assistant's tool does, it does through the HTTP API itself: each call is a Request to the
// route handler of /api/2023-01/… in this process, carrying the MCP request's own Authorization
// header, client address and user agent. So a tool passes the same wrapper, authentication,
// tenancy, scopes, permission areas, project access, rate limit, validation, events and audit as
// the same call over HTTP would, and answers what that call answers.

/** The route handlers below /api/2023-01 (lib/server/http/in-process.ts's apiDispatcher). */
export type Dispatch = (req: Request) => Promise<Response>;

/** What the MCP request passes on to the API calls of its tools. */
const FORWARDED = ['authorization', 'user-agent', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'host', PEER_ADDRESS_HEADER];

export interface ApiAnswer {
  status: number;
  // The API's JSON body, as sent (each tool reads the wrapper key it asked for).
  body: Record<string, unknown> | null;
  totalCount: number | null;
  /** A single record's ETag (for If-Match). */
  etag: string | null;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface ApiCaller {
  get(path: string, query?: Query): Promise<ApiAnswer>;
  post(path: string, body: unknown): Promise<ApiAnswer>;
  patch(path: string, body: unknown, headers?: Record<string, string>): Promise<ApiAnswer>;
}

export function apiCaller(dispatch: Dispatch, incoming: Request, requestId: string): ApiCaller {
  const origin = new URL(incoming.url).origin;
  const call = async (method: string, path: string, query: Query | undefined, body: unknown, extra: Record<string, string> = {}) => {
    const url = new URL(`${API_BASE}${path}`, origin);
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    const headers = new Headers(extra);
    for (const name of FORWARDED) {
      const value = incoming.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    headers.set('x-request-id', requestId);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const request = new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    markToolCall(request);
    const res = await dispatch(request);
    const text = await res.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      parsed = null;
    }
    const total = res.headers.get('x-total-count');
    return { status: res.status, body: parsed, totalCount: total === null ? null : Number(total), etag: res.headers.get('etag') };
  };
  return {
    get: (path, query) => call('GET', path, query, undefined),
    post: (path, body) => call('POST', path, undefined, body),
    patch: (path, body, headers) => call('PATCH', path, undefined, body, headers),
  };
}

/** A refusal of the API, as a sentence an assistant can act on: its message, and each field's problem. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function refusalOf(answer: ApiAnswer): ApiRefusal {
  const body = answer.body ?? {};
  const message = typeof body.message === 'string' ? body.message : `The request was refused (HTTP ${answer.status}).`;
  // A validation failure's details: each field with its problems ({"name": ["is required"]}).
  const details = (body.details ?? {}) as Record<string, unknown>;
  const fields = Object.entries(details)
    .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]))
    .map(([field, problems]) => `${field} ${problems.join(', ')}`);
  return new ApiRefusal(answer.status, fields.length ? `${message} ${fields.join('; ')}` : message);
}

/** The answer's body when the API said yes; otherwise the refusal, thrown (the tool answers it as an error). */
export function expectOk(answer: ApiAnswer): Record<string, unknown> {
  if (answer.status >= 300 || !answer.body) throw refusalOf(answer);
  return answer.body;
}
