import { beforeAll, describe, expect, it } from 'vitest';
import { parseDate } from '@/lib/server/imports/fields';
import { openApiDocument } from '@/lib/server/openapi/document';
import { MONTH_PATTERN } from '@/lib/shared/validation/common';
import { request } from '../api';
import { createTestAccount, sessionClient, type TestAccount } from '../fixtures';

// Dates, months and timestamps outside the years 1900–2200 (docs/api.md#dates-and-times) are a 422
// on the field, in every query parameter and body field of every operation the OpenAPI document
// lists: what Schemathesis found as a 500 (`GET /revenue_targets?to=0000-01`) and as a year moved by
// 1900 (`recorded_at` 0099 stored as 1999). The fields are read off the document, so a new one is
// covered without a change here.

type Json = Record<string, unknown>;
type Kind = 'date' | 'date-time' | 'month';

const BAD_YEARS = ['0000', '0001', '0099', '1899', '2201', '9999'];
const valueOf = (kind: Kind, year: string) => (kind === 'date' ? `${year}-01-01` : kind === 'month' ? `${year}-01` : `${year}-01-01T00:00:00Z`);

const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };
const resolve = (s: Json | undefined): Json => {
  let out = s ?? {};
  while (typeof out.$ref === 'string') out = doc.components.schemas[out.$ref.split('/').pop()!] ?? {};
  return out;
};

/** The kind of a schema that takes a date, a month or a timestamp (directly, or as one branch of a union). */
function kindOf(schemaIn: Json | undefined): Kind | undefined {
  const s = resolve(schemaIn);
  for (const branch of ((s.anyOf ?? s.oneOf) as Json[] | undefined) ?? []) {
    const k = kindOf(branch);
    if (k) return k;
  }
  if (s.format === 'date' || s.format === 'date-time') return s.format;
  if (s.pattern === MONTH_PATTERN.source) return 'month';
  return undefined;
}

interface Target {
  method: string;
  template: string;
  where: 'query' | 'body';
  name: string;
  kind: Kind;
  /** The body's wrapper key, and whether it wraps an array of rows (revenue targets). */
  key?: string;
  array?: boolean;
}

const targets: Target[] = Object.entries(doc.paths).flatMap(([template, item]) =>
  Object.entries(item).flatMap(([method, raw]) => {
    const op = raw as { parameters?: { in: string; name: string; schema: Json }[]; requestBody?: { content?: Record<string, { schema?: Json }> } };
    const out: Target[] = [];
    for (const p of op.parameters ?? []) {
      const kind = p.in === 'query' ? kindOf(p.schema) : undefined;
      if (kind) out.push({ method: method.toUpperCase(), template, where: 'query', name: p.name, kind });
    }
    const wrapper = resolve(op.requestBody?.content?.['application/json']?.schema);
    for (const [key, inner] of Object.entries((wrapper.properties ?? {}) as Record<string, Json>)) {
      const record = resolve(inner);
      const array = record.type === 'array';
      const props = (resolve(array ? (record.items as Json) : record).properties ?? {}) as Record<string, Json>;
      for (const [name, schema] of Object.entries(props)) {
        const kind = kindOf(schema);
        if (kind) out.push({ method: method.toUpperCase(), template, where: 'body', name, kind, key, array });
      }
    }
    return out;
  }),
);

let a: TestAccount;
let headers: Record<string, string>;
/** An id of a record of the account per collection path, so an `{id}` names a record that exists. */
const idOf = new Map<string, string>();

function pathOf(template: string): string {
  return template.replace(/\{id\}/, () => idOf.get(template.split('/{id}')[0]!) ?? '1');
}

beforeAll(async () => {
  a = await createTestAccount('Date range GC');
  // The session reaches every route, the browser-only ones (API tokens) included.
  headers = { cookie: (await sessionClient(a.userId)).cookie, origin: 'http://localhost:3000' };
  const records = [
    ['/leads', 'lead', { name: 'Lead' }],
    ['/projects', 'project', { name: 'Project' }],
    ['/tasks', 'task', { title: 'Task' }],
    ['/calls', 'call', {}],
    ['/workforce/employees', 'workforce_employee', { legal_first_name: 'Sam', last_name: 'Okafor' }],
  ] as const;
  for (const [path, key, body] of records) {
    const res = await a.api.post(path, { [key]: body });
    expect(res.status, path).toBe(201);
    idOf.set(`/api/2023-01${path}`, res.body[key].id);
  }
  const project = idOf.get('/api/2023-01/projects')!;
  const employee = idOf.get('/api/2023-01/workforce/employees')!;
  const more = [
    [
      '/workforce/assignments',
      'workforce_assignment',
      { project_id: project, role_id: String(a.lookup.workforceRoles[0]), start_date: '2027-01-04', end_date: '2027-02-26' },
    ],
    ['/workforce/time_off', 'workforce_time_off', { employee_id: employee, start_date: '2027-03-01', end_date: '2027-03-05' }],
    ['/workforce/certifications', 'workforce_certification', { employee_id: employee, name: 'OSHA 30' }],
    ['/webhooks', 'webhook', { url: 'https://hooks.example.com/dates' }],
  ] as const;
  for (const [path, key, body] of more) {
    const res = await a.api.post(path, { [key]: body });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    idOf.set(`/api/2023-01${path}`, res.body[key].id);
  }
});

describe('years outside 1900–2200', () => {
  it('finds the date, month and timestamp fields of the document', () => {
    const names = new Set(targets.map((t) => `${t.method} ${t.template} ${t.where} ${t.name}`));
    expect(names).toContain('GET /api/2023-01/revenue_targets query to');
    expect(names).toContain('PUT /api/2023-01/revenue_targets body month');
    expect(names).toContain('POST /api/2023-01/calls body recorded_at');
    expect(names).toContain('GET /api/2023-01/leads query updated_since');
    expect(names).toContain('PATCH /api/2023-01/projects/{id} body closed_at');
    expect(names).toContain('POST /api/2023-01/api_tokens body expires_at');
    expect(targets.length).toBeGreaterThan(60);
  });

  it('GET /revenue_targets?to=0000-01 is a 422 on `to` (was a 500)', async () => {
    const res = await a.api.get('/revenue_targets?to=0000-01');
    expect(res.status).toBe(422);
    expect(res.body.details.to).toEqual(['must be a month from 1900-01 to 2200-12 (YYYY-MM)']);
  });

  it('POST /calls with recorded_at 0099-01-01T00:00:00Z is a 422 (was stored as 1999)', async () => {
    const res = await a.api.post('/calls', { call: { recorded_at: '0099-01-01T00:00:00Z' } });
    expect(res.status).toBe(422);
    expect(res.body.details.recorded_at[0]).toMatch(/from 1900 to 2200/);
    const edge = await a.api.post('/calls', { call: { recorded_at: '1900-01-01T00:00:00Z' } });
    expect(edge.status).toBe(201);
    expect(edge.body.call.recorded_at).toBe('1900-01-01T00:00:00Z');
  });

  it('every date, month and timestamp parameter and body field: 422 on that field for each year outside', async () => {
    const failures: string[] = [];
    for (const t of targets) {
      for (const year of BAD_YEARS) {
        const value = valueOf(t.kind, year);
        const path = pathOf(t.template);
        const res =
          t.where === 'query'
            ? await request(t.method, `${path}?${t.name}=${encodeURIComponent(value)}`, { headers })
            : await request(t.method, path, { headers, body: { [t.key!]: t.array ? [{ [t.name]: value }] : { [t.name]: value } } });
        const field = t.array ? `${t.key}.0.${t.name}` : t.name;
        const named = res.status === 422 && Object.keys(res.body.details ?? {}).includes(field);
        if (!named) failures.push(`${t.method} ${path} ${t.where} ${t.name}=${value}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('custom date fields: values and range filters outside the years are 422s', async () => {
    const field = await a.api.post('/custom_fields', { custom_field: { resource: 'projects', key: 'permit_due', label: 'Permit due', field_type: 'date' } });
    expect(field.status).toBe(201);
    for (const year of BAD_YEARS) {
      const res = await a.api.post('/projects', { project: { name: 'Old', custom_fields: { permit_due: `${year}-01-01` } } });
      expect(res.status, year).toBe(422);
      expect(res.body.details['custom_fields.permit_due']).toEqual(['must be a date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)']);
      const list = await a.api.get(`/projects?custom_fields[permit_due][gte]=${year}-01-01`);
      expect(list.status, year).toBe(422);
      expect(list.body.details['custom_fields[permit_due][gte]']).toBeTruthy();
    }
    const ok = await a.api.post('/projects', { project: { name: 'In range', custom_fields: { permit_due: '2200-12-31' } } });
    expect(ok.status).toBe(201);
  });

  it('refuses import cells outside the range by the same bound', () => {
    expect(parseDate('2027-03-15')).toEqual({ value: '2027-03-15' });
    expect(parseDate('3/15/2027')).toEqual({ value: '2027-03-15' });
    for (const text of ['0099-01-01', '1899-12-31', '2201-01-01', '9999-12-31', '1/1/0099', '12/31/1899', '1/1/2201']) {
      expect(parseDate(text), text).toEqual({ error: `is not a date from 1900 to 2200 ("${text}")` });
    }
    expect(parseDate('1900-01-01')).toEqual({ value: '1900-01-01' });
    expect(parseDate('12/31/2200')).toEqual({ value: '2200-12-31' });
  });
});
