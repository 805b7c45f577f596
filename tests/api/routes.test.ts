import { beforeAll, describe, expect, it } from 'vitest';
import { WITHOUT_IF_MATCH } from '@/lib/server/openapi/conventions';
import { openApiDocument } from '@/lib/server/openapi/document';
import { PER_PAGE } from '@/lib/shared/validation/common';
import { request } from '../api';
import { createTestAccount, sessionClient } from '../fixtures';
import { routeFiles } from '../routes';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
// The calendar feed's credential is the token in its URL (tests/api/calendar.test.ts).
const PUBLIC = new Set(['GET /api/2023-01/openapi.json', 'GET /api/health', 'GET /api/2023-01/calendar.ics']);
const CATCH_ALL = '/api/{path}';
// Better Auth's own protocol (sign-in, sign-out, get-session), not part of the 2023-01 API.
const BETTER_AUTH = '/api/auth/';
// Operations' own endpoints (the webhook cron), not part of the API either: tested in webhooks.test.ts.
const CRON = '/api/cron/';
// Endpoints whose credential is not the API's: an upload's bytes (the token in its URL, like a
// presigned S3 URL; tests/api/documents.test.ts) and the inbound email hook (its own secret;
// tests/api/email-capture.test.ts).
const OWN_CREDENTIAL = ['/api/uploads/', '/api/inbound/'];
// The MCP server speaks its own protocol (JSON-RPC over Streamable HTTP; tests/api/mcp.test.ts), and
// the OAuth metadata documents are RFC 8414's and RFC 9728's, not the API's.
const OTHER_PROTOCOLS = ['/api/mcp', '/.well-known/'];
// npm run bench:scale's probes: they answer only with BENCH_PROBES=on, and otherwise a JSON 404 as
// any unknown path (docs/performance.md).
const BENCH = '/api/bench/';

const doc = openApiDocument();
const paths = doc.paths as Record<string, Record<string, unknown>>;
const routes = routeFiles().filter(
  (r) =>
    r.template !== CATCH_ALL &&
    !r.template.startsWith(BETTER_AUTH) &&
    !r.template.startsWith(CRON) &&
    !r.template.startsWith(BENCH) &&
    !OWN_CREDENTIAL.some((p) => r.template.startsWith(p)) &&
    !OTHER_PROTOCOLS.some((p) => r.template.startsWith(p)),
);
const concrete = (template: string) => template.replace(/\{\w+\}/g, '1');
/** The documented methods of a path, HEAD with GET, and OPTIONS: a route's `Allow`. */
function served(template: string): string[] {
  const documented = Object.keys(paths[template] ?? {}).map((m) => m.toUpperCase());
  return [...documented, ...(documented.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort();
}

interface Operation {
  operationId?: string;
  parameters?: { $ref?: string; in?: string; name?: string; schema?: Record<string, unknown> }[];
  responses: Record<string, unknown>;
}
const operations = Object.entries(paths).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([m]) => METHODS.includes(m.toUpperCase() as (typeof METHODS)[number]))
    .map(([m, op]) => ({ method: m.toUpperCase(), template, op: op as Operation })),
);
const refs = (op: Operation) => (op.parameters ?? []).map((p) => p.$ref).filter(Boolean);
const queryParam = (op: Operation, name: string) => op.parameters?.find((p) => p.in === 'query' && p.name === name);

describe('route files and the OpenAPI document', () => {
  it('document every route file, and have a route file for every documented path', () => {
    const files = routes.map((r) => r.template).sort();
    expect(Object.keys(paths).sort()).toEqual(files);
  });

  for (const route of routes) {
    for (const method of METHODS) {
      const documented = paths[route.template]?.[method.toLowerCase()] !== undefined;
      const op = `${method} ${route.template}`;
      if (documented && PUBLIC.has(op)) continue;
      it(documented ? `${op} answers 401 without Authorization` : `${op} answers a JSON 405`, async () => {
        const mod = (await import(route.file)) as Record<string, unknown>;
        expect(typeof mod[method], `${route.file} exports ${method}`).toBe('function');
        const res = await request(method, concrete(route.template), method === 'GET' ? {} : { body: {} });
        if (documented) {
          expect(res.status).toBe(401);
          expect(res.body.error).toBe('unauthorized');
          expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        } else {
          expect(res.status).toBe(405);
          expect(res.body.error).toBe('method_not_allowed');
          expect(res.headers.get('allow')!.split(', ').sort()).toEqual(served(route.template));
        }
        expect(res.headers.get('x-request-id')).toBeTruthy();
        expect(res.headers.get('cache-control')).toBe('no-store');
      });
    }
    // Not a CORS preflight (proxy.ts answers those): what the route serves, and nothing it answers 405 to.
    it(`OPTIONS ${route.template} lists only the methods it serves`, async () => {
      const res = await request('OPTIONS', concrete(route.template));
      expect(res.status).toBe(204);
      expect(res.headers.get('allow')!.split(', ').sort()).toEqual(served(route.template));
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  }

  it('serves the document without auth, as OpenAPI 3.1', async () => {
    const res = await request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('2023-01');
    expect(res.body.components.schemas).toHaveProperty('Lead');
  });

  it('gives every operation a unique snake_case operationId', () => {
    const ids = operations.map(({ method, template, op }) => op.operationId ?? `(none: ${method} ${template})`);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
    expect(new Set(ids).size).toBe(ids.length);
    // The names integrators' generated clients call: stable, so a rename is a breaking change.
    expect(paths['/api/2023-01/leads']).toMatchObject({ get: { operationId: 'list_leads' }, post: { operationId: 'create_lead' } });
    expect(paths['/api/2023-01/leads/{id}']).toMatchObject({
      get: { operationId: 'get_lead' },
      patch: { operationId: 'update_lead' },
      delete: { operationId: 'delete_lead' },
    });
    expect(paths['/api/2023-01/leads/{id}/convert']).toMatchObject({ post: { operationId: 'convert_lead' } });
  });

  it('documents If-Match and its 412 on every PATCH, PUT and DELETE that compares it', () => {
    const writes = operations.filter(({ method }) => method === 'PATCH' || method === 'PUT' || method === 'DELETE');
    expect(writes.length).toBeGreaterThan(30);
    for (const { method, template, op } of writes) {
      const compares = !WITHOUT_IF_MATCH.has(op.operationId!);
      expect(refs(op).includes('#/components/parameters/IfMatch'), `${method} ${template} declares If-Match`).toBe(compares);
      expect('412' in op.responses, `${method} ${template} documents 412`).toBe(compares);
    }
    for (const id of WITHOUT_IF_MATCH)
      expect(
        writes.some(({ op }) => op.operationId === id),
        id,
      ).toBe(true);
  });

  it('declares Idempotency-Key on every POST, and the 429 of the rate limit on every operation', () => {
    for (const { method, template, op } of operations) {
      if (method === 'POST') expect(refs(op), `POST ${template}`).toContain('#/components/parameters/IdempotencyKey');
      expect(op.responses['429'], `${method} ${template}`).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    }
    const tooMany = (doc.components as { responses: Record<string, { headers: Record<string, unknown> }> }).responses.TooManyRequests!;
    expect(Object.keys(tooMany.headers).sort()).toEqual(['Retry-After', 'X-Rate-Limited-For', 'X-RateLimit-Limit', 'X-RateLimit-Remaining']);
  });

  describe('page and per_page: the bounds the document states are the ones the server keeps', () => {
    const lists = operations.filter(({ op }) => queryParam(op, 'per_page'));
    let headers: Record<string, string>;
    let webhookId = '';
    beforeAll(async () => {
      const account = await createTestAccount('Routes GC');
      // The session reaches every list, the browser-only ones (API tokens, sessions) included.
      headers = { cookie: (await sessionClient(account.userId)).cookie, origin: 'http://localhost:3000' };
      webhookId = (await account.api.post('/webhooks', { webhook: { url: 'https://hooks.example.com/routes' } })).body.webhook.id;
    });
    // A list under a record (a webhook's attempts) needs the record to exist.
    const pathOf = (template: string) => concrete(template.replace('/webhooks/{id}/', `/webhooks/${webhookId}/`));

    it('states page ≥ 1 and per_page 1 to 100 on every list', () => {
      expect(lists.length).toBeGreaterThan(40);
      for (const { template, op } of lists) {
        expect(queryParam(op, 'per_page')!.schema, template).toMatchObject({ type: 'integer', minimum: PER_PAGE.min, maximum: PER_PAGE.max, default: 100 });
        expect(queryParam(op, 'page')!.schema, template).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
      }
    });

    it('refuses per_page=0, per_page=101 and page=0 on every list (422 on the parameter)', async () => {
      const failures: string[] = [];
      for (const { template } of lists) {
        for (const [name, value] of [
          ['per_page', '0'],
          ['per_page', '101'],
          ['page', '0'],
        ] as const) {
          const res = await request('GET', `${pathOf(template)}?${name}=${value}`, { headers });
          if (res.status !== 422 || !res.body.details?.[name]) failures.push(`${template}?${name}=${value}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  });

  it('answers a JSON 404 for unknown paths under /api, whatever the method', async () => {
    for (const method of METHODS) {
      const res = await request(method, '/api/2023-01/no_such_thing/1');
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
    const other = await request('GET', '/api/unknown');
    expect(other.status).toBe(404);
  });
});

describe("npm run bench:scale's probes", () => {
  it('are a JSON 404 as any unknown path, unless the server runs with BENCH_PROBES=on', async () => {
    for (const probe of ['floor', 'wrapped']) {
      const res = await request('GET', `/api/bench/${probe}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
  });
});
