import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseUnservedMethods } from './unsupported-methods';

// A method Next.js cannot represent (TRACE: the Fetch API refuses it) used to be a 500 with a stack
// trace; the server answers it before Next.js does. (e2e/api/smoke.spec.ts sends it to the build.)

let server: http.Server;
let port: number;

beforeAll(async () => {
  refuseUnservedMethods();
  server = http.createServer((_req, res) => res.end('handled'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('methods Next.js cannot serve', () => {
  it('TRACE on the API is a JSON 405 naming what the API serves; on a page, GET and HEAD', async () => {
    const api = await send('TRACE', '/api/2023-01/leads?x=1');
    expect(api.status).toBe(405);
    expect(api.headers['content-type']).toBe('application/json');
    expect(api.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(JSON.parse(api.body)).toMatchObject({ error: 'method_not_allowed', details: {}, request_id: api.headers['x-request-id'] });
    const page = await send('TRACE', '/sign-in');
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
  });

  it('passes every method Next.js serves through', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect((await send(method, '/api/2023-01/leads')).body).toBe('handled');
  });
});
