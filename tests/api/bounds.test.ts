import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '@/lib/server/http/request';
import { LIMITS } from '@/lib/shared/validation/common';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// The documented bounds: body size, JSON depth, array and object sizes, string lengths (also in
// the OpenAPI document).

let a: TestAccount;

beforeAll(async () => {
  a = await createTestAccount('Bounds GC');
});

const raw = (path: string, body: string, headers: Record<string, string> = {}) =>
  a.api.post(path, undefined, { rawBody: body, headers: { 'content-type': 'application/json', ...headers } });

describe('request size', () => {
  it(`refuses a body over ${MAX_BODY_BYTES} bytes with 413, with or without an Idempotency-Key`, async () => {
    const over = JSON.stringify({ lead: { name: 'x'.repeat(MAX_BODY_BYTES) } });
    const plain = await raw('/leads', over);
    expect(plain.status).toBe(413);
    expect(plain.body).toMatchObject({ error: 'payload_too_large', request_id: expect.any(String) });
    // Found by the fuzzer: the idempotency layer once waited forever on a body over the limit.
    const keyed = await raw('/leads', over, { 'idempotency-key': crypto.randomUUID() });
    expect(keyed.status).toBe(413);
    const patched = await request('PATCH', '/leads/1', { token: a.token, rawBody: over, headers: { 'content-type': 'application/json' } });
    expect([404, 413]).toContain(patched.status);
  });

  it('accepts a body just under the limit (it fails on field lengths, not on size)', async () => {
    const under = JSON.stringify({ lead: { name: 'ok', description: 'x'.repeat(MAX_BODY_BYTES - 100) } });
    const res = await raw('/leads', under);
    expect(res.status).toBe(422);
    expect(res.body.details.description).toBeDefined();
  });
});

describe('JSON depth', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1} with 400`, async () => {
    // The wrapper object and custom_fields take two levels and the key a third.
    const ok = await raw('/projects', `{"project": {"name": "deep", "custom_fields": {"k": ${nested(MAX_JSON_DEPTH - 3)}}}}`);
    expect(ok.status).toBe(201);
    const deep = await raw('/projects', `{"project": {"name": "deep", "custom_fields": {"k": ${nested(MAX_JSON_DEPTH - 2)}}}}`);
    expect(deep.status).toBe(400);
    expect(deep.body.error).toBe('invalid_json');
  });
});

describe('arrays and objects', () => {
  it(`refuses more than ${LIMITS.entries} custom field entries and more industries than allowed`, async () => {
    const entries = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect((await a.api.post('/projects', { project: { name: 'ok', custom_fields: entries(LIMITS.entries) } })).status).toBe(201);
    const many = await a.api.post('/projects', { project: { name: 'many', custom_fields: entries(LIMITS.entries + 1) } });
    expect(many.status).toBe(422);
    expect(many.body.details.custom_fields).toBeDefined();
    const ids = Array.from({ length: 101 }, (_, i) => String(i + 1));
    const industries = await a.api.post('/companies', { company: { name: 'many', industry_ids: ids } });
    expect(industries.status).toBe(422);
    expect(industries.body.details.industry_ids).toBeDefined();
  });

  it(`refuses more than ${LIMITS.entries} values of a repeated query parameter`, async () => {
    const query = Array.from({ length: LIMITS.entries + 1 }, () => 'event_type=lead.create').join('&');
    expect((await a.api.get(`/webhook_messages?${query}`)).status).toBe(422);
    expect((await a.api.get('/webhook_messages?event_type=lead.create&event_type=lead.update')).status).toBe(200);
  });
});

describe('string lengths', () => {
  it(`names up to ${LIMITS.shortText} characters, long text up to ${LIMITS.longText}`, async () => {
    expect((await a.api.post('/leads', { lead: { name: 'n'.repeat(LIMITS.shortText) } })).status).toBe(201);
    const name = await a.api.post('/leads', { lead: { name: 'n'.repeat(LIMITS.shortText + 1) } });
    expect(name.status).toBe(422);
    expect(name.body.details.name).toBeDefined();
    expect((await a.api.post('/leads', { lead: { name: 'x', description: 'd'.repeat(LIMITS.longText) } })).status).toBe(201);
    expect((await a.api.post('/leads', { lead: { name: 'x', description: 'd'.repeat(LIMITS.longText + 1) } })).status).toBe(422);
  });

  it('every string field of every request body has a maxLength in the OpenAPI document', async () => {
    const doc = (await request('GET', '/openapi.json')).body;
    const schemas: Record<string, Record<string, unknown>> = doc.components.schemas;
    const unbounded: string[] = [];
    const visit = (schema: Record<string, unknown> | undefined, at: string) => {
      if (!schema) return;
      if (typeof schema.$ref === 'string') return; // visited under its own name
      if (schema.type === 'string' && schema.maxLength === undefined && !schema.enum && !schema.pattern && !schema.format) {
        unbounded.push(at);
      }
      if (schema.type === 'array' && schema.maxItems === undefined) unbounded.push(`${at}[]`);
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
        for (const [i, s] of ((schema[key] as Record<string, unknown>[] | undefined) ?? []).entries()) visit(s, `${at}|${i}`);
      }
      visit(schema.items as Record<string, unknown> | undefined, `${at}[]`);
      for (const [k, s] of Object.entries((schema.properties as Record<string, Record<string, unknown>> | undefined) ?? {})) {
        visit(s, `${at}.${k}`);
      }
    };
    const inputs = Object.keys(schemas).filter((n) => /(Create|Update)$/.test(n));
    expect(inputs.length).toBeGreaterThan(15);
    for (const n of inputs) visit(schemas[n], n);
    expect(unbounded).toEqual([]);
  });
});
