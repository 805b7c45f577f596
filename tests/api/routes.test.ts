import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/server/openapi/document';
import { request } from '../api';
import { routeFiles } from '../routes';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
// The calendar feed's credential is the token in its URL (tests/api/calendar.test.ts).
const PUBLIC = new Set(['GET /api/2023-01/openapi.json', 'GET /api/health', 'GET /api/2023-01/calendar.ics']);
const CATCH_ALL = '/api/{path}';
// Better Auth's own protocol (sign-in, sign-out, get-session), not part of the 2023-01 API.
const BETTER_AUTH = '/api/auth/';
// Operations' own endpoints (the webhook cron), not part of the API either: tested in webhooks.test.ts.
const CRON = '/api/cron/';

const doc = openApiDocument();
const paths = doc.paths as Record<string, Record<string, unknown>>;
const routes = routeFiles().filter((r) => r.template !== CATCH_ALL && !r.template.startsWith(BETTER_AUTH) && !r.template.startsWith(CRON));
const concrete = (template: string) => template.replace(/\{\w+\}/g, '1');

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
          const allowed = Object.keys(paths[route.template] ?? {}).map((m) => m.toUpperCase());
          expect(res.headers.get('allow')!.split(', ').sort()).toEqual(allowed.sort());
        }
        expect(res.headers.get('x-request-id')).toBeTruthy();
      });
    }
  }

  it('serves the document without auth, as OpenAPI 3.1', async () => {
    const res = await request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('2023-01');
    expect(res.body.components.schemas).toHaveProperty('Lead');
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
