// The one fetch wrapper of the dashboard: every page talks to the public /api/2023-01 endpoints
// (same origin, session cookie), unwraps the resource key, and throws the API's error as is.

import { API_BASE, type Transport } from '@/lib/shared/api-transport';
import { etagOf } from '@/lib/shared/etag';
import { laterLsn } from '@/lib/shared/lsn';

export { API_BASE, type Transport };

/** The browser's way: a same-origin fetch that carries the session cookie. */
const browserTransport: Transport = (path, init) => fetch(`${API_BASE}${path}`, { ...init, credentials: 'same-origin' });

// Server components prefetch the dashboard's first view through the same functions, over an
// in-process transport (lib/server/http/in-process.ts) that their server-only module installs here. It is
// request-scoped by itself (it reads the request being rendered), so one installation serves every
// request; client bundles never import that module, so in the browser this stays unset.
let serverTransport: Transport | undefined;

export function installServerTransport(transport: Transport | undefined): void {
  serverTransport = transport;
}

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, string[]> = {},
    /** 412 `precondition_failed`: the record as it is now, after someone else's change. */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function toSearch(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

// Read-your-writes with read replicas (docs/scaling.md): the newest WAL position a write of this
// page answered goes back with every request, so no read shows the page less than it wrote.
let lastWrite: string | null = null;

async function call(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const send = serverTransport ?? browserTransport;
  if (!serverTransport && lastWrite) extraHeaders = { 'X-Groundwork-Min-LSN': lastWrite, ...extraHeaders };
  // A form (a file upload) goes as multipart/form-data, its boundary set by fetch; anything else as JSON.
  const form = body instanceof FormData;
  const res = await send(path, {
    method,
    headers: { ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }), ...extraHeaders },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  if (!serverTransport) lastWrite = laterLsn(lastWrite, res.headers.get('x-groundwork-lsn'));
  if (!res.ok) {
    const error = (await res.json().catch(() => null)) as {
      error?: string | { code?: string };
      message?: string;
      details?: Record<string, string[]>;
    } | null;
    // A merged record's 404 gives `error` as an object (its code, and the record it went into in `details`).
    const code = typeof error?.error === 'object' ? error.error.code : error?.error;
    if (res.status === 412 && code === 'precondition_failed') {
      const { current } = (error?.details ?? {}) as unknown as { current: unknown };
      throw new ApiClientError(412, code, error?.message ?? 'The record has changed.', {}, current);
    }
    if (res.status === 401 && typeof window !== 'undefined') {
      window.location.assign(`/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
    throw new ApiClientError(res.status, code ?? 'http_error', error?.message ?? `Request failed (${res.status}).`, error?.details ?? {});
  }
  return res;
}

export const api = {
  async list<T>(path: string, key: string, params?: QueryParams): Promise<ListPage<T>> {
    const res = await call('GET', `${path}${toSearch(params)}`);
    const body = (await res.json()) as Record<string, T[]>;
    const search = new URLSearchParams(toSearch(params));
    return {
      items: body[key] ?? [],
      total: Number(res.headers.get('x-total-count') ?? 0),
      page: Number(search.get('page') ?? 1),
      perPage: Number(search.get('per_page') ?? 100),
    };
  },
  async get<T>(path: string, key: string, params?: QueryParams): Promise<T> {
    const res = await call('GET', `${path}${toSearch(params)}`);
    return ((await res.json()) as Record<string, T>)[key]!;
  },
  /** One resource that is also paged (the utilization grid, paged over people): the body and `X-Total-Count`. */
  async paged<T>(path: string, key: string, params?: QueryParams): Promise<{ data: T; total: number }> {
    const res = await call('GET', `${path}${toSearch(params)}`);
    return { data: ((await res.json()) as Record<string, T>)[key]!, total: Number(res.headers.get('x-total-count') ?? 0) };
  },
  async post<T>(path: string, key: string, body?: unknown, params?: QueryParams): Promise<T> {
    const res = await call('POST', `${path}${toSearch(params)}`, body ?? {});
    return ((await res.json()) as Record<string, T>)[key]!;
  },
  /** A POST whose answer is 204 No Content (an action with nothing to return). */
  async act(path: string, body: unknown): Promise<void> {
    await call('POST', path, body);
  },
  async put<T>(path: string, key: string, body: unknown, params?: QueryParams): Promise<T> {
    const res = await call('PUT', `${path}${toSearch(params)}`, body);
    return ((await res.json()) as Record<string, T>)[key]!;
  },
  /** `base`: the record the edit started from; its ETag goes as `If-Match` (a 412 if it changed since). */
  async patch<T>(path: string, key: string, body: unknown, params?: QueryParams, base?: unknown): Promise<T> {
    // The ETag the API gave the record the edit started from (lib/shared/etag.ts, as the server computes it).
    const etag = base === undefined ? null : await etagOf(key, base as object);
    const res = await call('PATCH', `${path}${toSearch(params)}`, body, etag ? { 'If-Match': etag } : {});
    return ((await res.json()) as Record<string, T>)[key]!;
  },
  /** `base`: the record as the caller last saw it; its ETag goes as `If-Match` (a 412 if it changed since). */
  async delete(path: string, params?: QueryParams, base?: { key: string; record: unknown }): Promise<void> {
    const etag = base === undefined ? null : await etagOf(base.key, base.record as object);
    await call('DELETE', `${path}${toSearch(params)}`, undefined, etag ? { 'If-Match': etag } : {});
  },
  /** A DELETE that answers the record as it is after (an import undone). */
  async deleteReturning<T>(path: string, key: string): Promise<T> {
    const res = await call('DELETE', path);
    return ((await res.json()) as Record<string, T>)[key]!;
  },
  /** A multipart/form-data POST (a file and its options as text fields). */
  async upload<T>(path: string, key: string, form: FormData): Promise<T> {
    const res = await call('POST', path, form);
    return ((await res.json()) as Record<string, T>)[key]!;
  },
};

/**
 * A multipart/form-data POST from the browser with its upload's progress (fetch cannot report it):
 * `onProgress` gets the share sent, 0 to 1. Errors are the API's, as `call` throws them.
 */
export function uploadWithProgress<T>(path: string, key: string, form: FormData, onProgress: (share: number) => void): Promise<T> {
  return send<Record<string, unknown>>({ method: 'POST', url: `${API_BASE}${path}`, credentials: true, headers: {}, body: form }, onProgress).then(
    (body) => body?.[key] as T,
  );
}

/** An upload's bytes PUT to its URL (the app's, or a presigned S3 URL, which takes no cookie), with progress. */
export async function putWithProgress(url: string, headers: Record<string, string>, file: Blob, onProgress: (share: number) => void): Promise<void> {
  const sameOrigin = new URL(url, window.location.href).origin === window.location.origin;
  await send({ method: 'PUT', url, credentials: sameOrigin, headers, body: file }, onProgress);
}

function send<T>(
  request: { method: string; url: string; credentials: boolean; headers: Record<string, string>; body: XMLHttpRequestBodyInit },
  onProgress: (share: number) => void,
): Promise<T | null> {
  return new Promise<T | null>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = request.credentials;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiClientError(0, 'network_error', 'The upload was interrupted: check the connection and try again.'));
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T | null);
      const error = (body ?? {}) as { error?: string; message?: string; details?: Record<string, string[]> };
      reject(new ApiClientError(xhr.status, error.error ?? 'http_error', error.message ?? `The upload failed (${xhr.status}).`, error.details ?? {}));
    };
    xhr.send(request.body);
  });
}

/** React Query `retry` for one record: a 4xx (gone, not allowed) will not change on a second try. */
export const retryUnlessClientError = (failures: number, error: Error) =>
  !(error instanceof ApiClientError && error.status >= 400 && error.status < 500) && failures < 1;
