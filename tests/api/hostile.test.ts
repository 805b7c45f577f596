import { beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, type TestAccount } from '../fixtures';

// Input PostgreSQL cannot store must be a 4xx, never a 500.
let a: TestAccount;

beforeAll(async () => {
  a = await createTestAccount('Hostile GC');
});

describe('hostile input', () => {
  it('refuses NUL bytes in text and in JSON fields with 422', async () => {
    const text = await a.api.post('/leads', { lead: { name: 'bad\u0000name' } });
    expect(text.status).toBe(422);
    const json = await a.api.post('/projects', { project: { name: 'ok', custom_fields: { k: 'v\u0000' } } });
    expect(json.status).toBe(422);
    const q = await a.api.get('/leads?q=%00');
    expect(q.status).toBe(422);
  });

  it('stores unicode as given', async () => {
    const res = await a.api.post('/leads', { lead: { name: 'Économie 🏗️ 東京 ‮' } });
    expect(res.status).toBe(201);
    expect(res.body.lead.name).toBe('Économie 🏗️ 東京 ‮');
  });

  it('refuses arrays and objects where scalars belong', async () => {
    const res = await a.api.post('/leads', { lead: { name: ['x'], priority: { a: 1 }, company_id: [1] } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['company_id', 'name', 'priority']);
  });
});

describe('deep JSON', () => {
  it('refuses nesting deeper than 64 levels with 400, before parsing it', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const res = await a.api.post('/projects', undefined, {
      rawBody: `{"project": {"name": "x", "custom_fields": {"k": ${deep}}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/64 levels/);
    const ok = await a.api.post('/projects', { project: { name: 'nested ok', custom_fields: { a: { b: { c: [1, [2]] } } } } });
    expect(ok.status).toBe(201);
  });
});
