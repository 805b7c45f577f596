import { beforeAll, describe, expect, it } from 'vitest';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Malformed requests get the documented 4xx, never a 5xx.
let a: TestAccount;

beforeAll(async () => {
  a = await createTestAccount('Requests GC');
});

describe('request parsing', () => {
  it('answers 415 without a JSON content type', async () => {
    const res = await request('POST', '/leads', { token: a.token, rawBody: '{"lead":{"name":"x"}}', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('unsupported_media_type');
  });

  it('answers 400 invalid_json for truncated or empty JSON', async () => {
    for (const rawBody of ['{"lead": {"name": "x"', '']) {
      const res = await request('POST', '/leads', { token: a.token, rawBody, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_json');
    }
  });

  it('answers 400 missing_wrapper when the resource key is absent or not an object', async () => {
    for (const body of [{ name: 'x' }, { lead: 'x' }, { lead: ['x'] }, [1], 'lead', null]) {
      const res = await request('POST', '/leads', { token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('missing_wrapper');
    }
  });

  it('answers 413 for a body over 1 MB', async () => {
    const res = await a.api.post('/leads', { lead: { name: 'x', description: 'y'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
  });

  it('answers 422 for out-of-range numbers and overlong strings', async () => {
    const res = await a.api.post('/leads', {
      lead: { name: 'n'.repeat(256), square_feet: 2 ** 31, value_in_cents: 1e16, construction_duration: 1.5 },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['construction_duration', 'name', 'square_feet', 'value_in_cents']);
  });

  it('answers 422 for bad and repeated pagination parameters', async () => {
    for (const q of ['per_page=0', 'per_page=101', 'page=0', 'page=abc', 'page=1&page=2', 'updated_since=yesterday']) {
      const res = await a.api.get(`/leads?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body.error).toBe('validation_failed');
    }
  });

  it('pages with Link and X-Total-Count, keeping filters; a page past the end is empty', async () => {
    for (let i = 0; i < 3; i++) await a.api.post('/leads', { lead: { name: `Paged ${i}`, priority: true } });
    const res = await a.api.get('/leads?priority=true&per_page=2&page=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    const link = res.headers.get('link')!;
    expect(link).toContain('<http://localhost:3000/api/2023-01/leads?priority=true&per_page=2&page=1>; rel="first"');
    expect(link).toContain('rel="prev"');
    expect(link).not.toContain('rel="next"');
    expect(link).toContain('page=2>; rel="last"');
    const past = await a.api.get('/leads?priority=true&per_page=2&page=9');
    expect(past.body.leads).toEqual([]);
  });
});

describe('absolute links', () => {
  const forged = { 'x-forwarded-host': 'evil.example.net', 'x-forwarded-proto': 'https' };

  it('never come from a forwarded host a client sent: stored event URLs keep the request host', async () => {
    const list = await a.api.get('/leads?per_page=1', { headers: forged });
    expect(list.headers.get('link')).toContain('<http://localhost:3000/api/2023-01/leads?per_page=1&page=1>; rel="first"');
    expect(list.headers.get('link')).not.toContain('evil.example.net');
    const created = await a.api.post('/leads', { lead: { name: 'Not hijacked' } }, { headers: forged });
    const events = await a.api.get('/webhook_messages?event_type=lead.create&per_page=1');
    expect(events.body.webhook_messages[0].payload).toEqual({
      id: created.body.lead.id,
      url: `http://localhost:3000/api/2023-01/leads/${created.body.lead.id}`,
    });
  });

  it('use the host and scheme a trusted proxy reports (TRUST_PROXY=true), in Link headers and event URLs', async () => {
    const headers = { 'x-forwarded-host': 'crm.example.com', 'x-forwarded-proto': 'https' };
    process.env.TRUST_PROXY = 'true';
    try {
      const list = await a.api.get('/leads?per_page=1', { headers });
      expect(list.headers.get('link')).toContain('<https://crm.example.com/api/2023-01/leads?per_page=1&page=1>; rel="first"');
      const created = await a.api.post('/leads', { lead: { name: 'Linked' } }, { headers });
      const events = await a.api.get('/webhook_messages?event_type=lead.create&per_page=1');
      expect(events.body.webhook_messages[0].payload).toEqual({
        id: created.body.lead.id,
        url: `https://crm.example.com/api/2023-01/leads/${created.body.lead.id}`,
      });
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
});
