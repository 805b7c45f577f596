import { beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount, type TestAccount } from '../fixtures';

// The keys imports match records by (docs/imports.md) are unique per account, case-insensitively:
// a second record with one is a 409 naming the field, in the API as in a race between imports.

let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  a = await createTestAccount('Unique Keys GC');
  b = await createTestAccount('Unique Keys Other GC');
});

const cases = [
  {
    path: '/workforce/employees',
    key: 'workforce_employee',
    field: 'email',
    body: { legal_first_name: 'Sam', last_name: 'Carpenter' },
    value: 'sam.carpenter@gc.example.com',
    what: 'employee',
  },
  { path: '/leads', key: 'lead', field: 'external_id', body: { name: 'School gym' }, value: 'CRM-00042', what: 'lead' },
  { path: '/projects', key: 'project', field: 'external_id', body: { name: 'Depot' }, value: 'ERP-7', what: 'project' },
] as const;

describe('unique matching keys', () => {
  for (const c of cases) {
    it(`${c.path}: a second ${c.field} in any case is a 409 on ${c.field}, on create and on update; another account may use it`, async () => {
      const first = await a.api.post(c.path, { [c.key]: { ...c.body, [c.field]: c.value } });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const message = `is already the ${c.field} of another ${c.what} in the account`;
      const again = await a.api.post(c.path, { [c.key]: { ...c.body, [c.field]: c.value.toUpperCase() } });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: 'conflict', details: { [c.field]: [message] } });
      const other = (await a.api.post(c.path, { [c.key]: { ...c.body, [c.field]: `b-${c.value}` } })).body[c.key];
      const patched = await a.api.patch(`${c.path}/${other.id}`, { [c.key]: { [c.field]: c.value.toLowerCase() } });
      expect(patched.status).toBe(409);
      expect(patched.body.details).toEqual({ [c.field]: [message] });
      // Records without the key are as many as one likes.
      for (let i = 0; i < 2; i++) expect((await a.api.post(c.path, { [c.key]: c.body })).status).toBe(201);
      expect((await b.api.post(c.path, { [c.key]: { ...c.body, [c.field]: c.value } })).status).toBe(201);
    });
  }
});
