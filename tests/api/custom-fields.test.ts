import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { webhookMessages } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { parse } from 'csv-parse/sync';
import { runDueImports } from '@/lib/server/imports/service';
import { BASE, client, dispatch } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectShape } from '../spec-shapes';

// Issue 18, custom fields: definitions (admins write them, everyone reads), values checked by type
// on every write of projects, leads, companies and contacts, list filters, archive and delete.

let a: TestAccount;
let b: TestAccount;

const define = async (t: TestAccount, body: Record<string, unknown>) =>
  a === t ? a.api.post('/custom_fields', { custom_field: body }) : t.api.post('/custom_fields', { custom_field: body });

beforeAll(async () => {
  a = await createTestAccount('Custom fields GC');
  b = await createTestAccount('Other GC');
});

describe('custom field definitions', () => {
  it('are created by admins with their shape, listed by resource and position, and refused when wrong', async () => {
    const res = await define(a, {
      resource: 'projects',
      key: 'bonding_required',
      label: 'Bonding',
      field_type: 'select',
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.custom_field).toMatchObject({
      resource: 'projects',
      key: 'bonding_required',
      field_type: 'select',
      required: false,
      archived: false,
      position: 0,
    });
    expect(Object.keys(res.body.custom_field).sort()).toEqual(
      ['archived', 'created_at', 'field_type', 'id', 'key', 'label', 'options', 'position', 'required', 'resource', 'updated_at'].sort(),
    );
    const second = await define(a, { resource: 'projects', key: 'retainage_pct', label: 'Retainage %', field_type: 'number' });
    expect(second.body.custom_field.position).toBe(1);

    expect((await define(a, { resource: 'projects', key: 'bonding_required', label: 'Again', field_type: 'text' })).status).toBe(409);
    const noOptions = await define(a, { resource: 'projects', key: 'tier', label: 'Tier', field_type: 'select' });
    expect(noOptions.status).toBe(422);
    expect(noOptions.body.details).toHaveProperty('options');
    expect((await define(a, { resource: 'projects', key: 'Bad Key', label: 'X', field_type: 'text' })).body.details).toHaveProperty('key');
    expect((await define(a, { resource: 'tasks', key: 'x', label: 'X', field_type: 'text' })).body.details).toHaveProperty('resource');

    const list = await a.api.get('/custom_fields?resource=projects');
    expect(list.body.custom_fields.map((f: { key: string }) => f.key)).toEqual(['bonding_required', 'retainage_pct']);
    expect(list.headers.get('x-total-count')).toBe('2');

    // Members read them (forms need them) but do not define them.
    const userId = await insertUser(getDb(), { accountId: a.accountId, email: `cf.${Date.now().toString(36)}@example.com`, firstName: 'M', lastName: 'M' });
    const memberApi = client(await createApiToken(getDb(), { accountId: a.accountId, userId }));
    expect((await memberApi.get('/custom_fields')).status).toBe(200);
    const refused = await memberApi.post('/custom_fields', { custom_field: { resource: 'leads', key: 'x', label: 'X', field_type: 'text' } });
    expect(refused.status).toBe(403);

    // Another account sees none of them.
    expect((await b.api.get(`/custom_fields/${res.body.custom_field.id}`)).status).toBe(404);
    expect((await b.api.patch(`/custom_fields/${res.body.custom_field.id}`, { custom_field: { label: 'Mine' } })).status).toBe(404);
    expect((await b.api.get('/custom_fields')).body.custom_fields).toEqual([]);
  });
});

describe('values', () => {
  beforeAll(async () => {
    const fields = [
      { key: 'code', label: 'Code', field_type: 'text', required: true },
      { key: 'notes', label: 'Notes', field_type: 'long_text' },
      { key: 'score', label: 'Score', field_type: 'number' },
      { key: 'fee', label: 'Fee', field_type: 'currency' },
      { key: 'walkthrough', label: 'Walkthrough', field_type: 'date' },
      { key: 'union', label: 'Union job', field_type: 'boolean' },
      {
        key: 'tier',
        label: 'Tier',
        field_type: 'select',
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
      },
      {
        key: 'trades',
        label: 'Trades',
        field_type: 'multi_select',
        options: [
          { value: 'elec', label: 'Electrical' },
          { value: 'mech', label: 'Mechanical' },
        ],
      },
      { key: 'sponsor', label: 'Sponsor', field_type: 'user' },
      { key: 'plans', label: 'Plans', field_type: 'url' },
    ];
    for (const f of fields) expect((await define(a, { resource: 'leads', ...f })).status).toBe(201);
  });

  it('are checked by type on create, each refusal on custom_fields.<key>, and stored as given', async () => {
    const good = {
      code: 'L-1',
      notes: 'Long\ntext',
      score: 7.5,
      fee: 125000,
      walkthrough: '2027-02-28',
      union: true,
      tier: 'b',
      trades: ['elec', 'mech', 'elec'],
      sponsor: String(a.otherUserId),
      plans: 'https://plans.example/set-1',
    };
    const created = await a.api.post('/leads', { lead: { name: 'Typed lead', custom_fields: good } });
    expect(created.status).toBe(201);
    expectShape(created.body.lead, 'lead');
    expect(created.body.lead.custom_fields).toEqual({ ...good, trades: ['elec', 'mech'] });

    const bad = await a.api.post('/leads', {
      lead: {
        name: 'Bad lead',
        custom_fields: {
          code: 5,
          score: 'high',
          fee: 12.5,
          walkthrough: '2027-02-30',
          union: 'yes',
          tier: 'c',
          trades: ['plumbing'],
          sponsor: '999999999',
          plans: 'ftp://x',
          colour: 'red',
        },
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(
      ['code', 'colour', 'fee', 'plans', 'score', 'sponsor', 'tier', 'trades', 'union', 'walkthrough'].map((k) => `custom_fields.${k}`).sort(),
    );
    expect(bad.body.details['custom_fields.colour'][0]).toContain('its fields are: code, notes, score');
    expect((await a.api.get('/leads?q=Bad lead')).body.leads).toEqual([]);

    const missing = await a.api.post('/leads', { lead: { name: 'No code' } });
    expect(missing.status).toBe(422);
    expect(missing.body.details['custom_fields.code']).toEqual(['is required']);
  });

  it('are filtered by equality (indexed containment) and by ranges', async () => {
    const make = (name: string, custom_fields: Record<string, unknown>) =>
      a.api.post('/leads', { lead: { name, custom_fields: { code: name, ...custom_fields } } });
    await make('F1', { tier: 'a', score: 3, walkthrough: '2027-01-10', trades: ['elec'], union: false });
    await make('F2', { tier: 'b', score: 9, walkthrough: '2027-03-10', trades: ['mech'], union: true });
    const names = async (query: string) => {
      const res = await a.api.get(`/leads?q=F&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.leads.map((l: { name: string }) => l.name).sort();
    };
    expect(await names('custom_fields[tier]=a')).toEqual(['F1']);
    expect(await names('custom_fields[score][gte]=5')).toEqual(['F2']);
    expect(await names('custom_fields[score][lt]=5')).toEqual(['F1']);
    expect(await names('custom_fields[walkthrough][gte]=2027-02-01')).toEqual(['F2']);
    expect(await names('custom_fields[trades]=elec')).toEqual(['F1']);
    expect(await names('custom_fields[union]=true&custom_fields[tier]=b')).toEqual(['F2']);
    const total = await a.api.get('/leads?custom_fields[tier]=a&q=F');
    expect(total.headers.get('x-total-count')).toBe('1');

    const unknown = await a.api.get('/leads?custom_fields[colour]=red');
    expect(unknown.status).toBe(422);
    expect(unknown.body.details).toHaveProperty(['custom_fields[colour]']);
    expect((await a.api.get('/leads?custom_fields[tier][gte]=a')).status).toBe(422);
    expect((await a.api.get('/leads?custom_fields[score]=abc')).status).toBe(422);
  });

  it('archiving hides a field without losing values; deleting removes them, with update events', async () => {
    const lead = (await a.api.post('/leads', { lead: { name: 'Archive me', custom_fields: { code: 'AR', score: 4 } } })).body.lead;
    const fields = (await a.api.get('/custom_fields?resource=leads')).body.custom_fields as { id: string; key: string }[];
    const score = fields.find((f) => f.key === 'score')!;
    expect((await a.api.patch(`/custom_fields/${score.id}`, { custom_field: { archived: true } })).body.custom_field.archived).toBe(true);
    // A form, which no longer shows the field, sends the others: the archived value stays.
    const kept = await a.api.patch(`/leads/${lead.id}`, { lead: { custom_fields: { code: 'AR2' } } });
    expect(kept.status).toBe(200);
    expect(kept.body.lead.custom_fields).toEqual({ score: 4, code: 'AR2' });
    const refused = await a.api.patch(`/leads/${lead.id}`, { lead: { custom_fields: { code: 'AR2', score: 5 } } });
    expect(refused.status).toBe(422);
    expect(refused.body.details['custom_fields.score'][0]).toContain('archived');

    const code = fields.find((f) => f.key === 'code')!;
    expect((await a.api.delete(`/custom_fields/${code.id}`)).status).toBe(204);
    const after = (await a.api.get(`/leads/${lead.id}`)).body.lead;
    expect(after.custom_fields).toEqual({ score: 4 });
    const events = await getDb()
      .select({ eventType: webhookMessages.eventType })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, a.accountId), inArray(webhookMessages.eventType, ['custom_field.delete', 'lead.update'])));
    expect(events.map((e) => e.eventType)).toEqual(expect.arrayContaining(['custom_field.delete', 'lead.update']));
  });

  it('keep a value stored before its resource had definitions when it comes back unchanged', async () => {
    const t = await createTestAccount('Legacy values GC');
    const project = (await t.api.post('/projects', { project: { name: 'Legacy', custom_fields: { prevailing_wage: true } } })).body.project;
    expect((await t.api.post('/custom_fields', { custom_field: { resource: 'projects', key: 'tier', label: 'Tier', field_type: 'text' } })).status).toBe(201);
    const kept = await t.api.patch(`/projects/${project.id}`, { project: { custom_fields: { prevailing_wage: true, tier: 'gold' } } });
    expect(kept.status).toBe(200);
    expect(kept.body.project.custom_fields).toEqual({ prevailing_wage: true, tier: 'gold' });
    const changed = await t.api.patch(`/projects/${project.id}`, { project: { custom_fields: { prevailing_wage: false, tier: 'gold' } } });
    expect(changed.status).toBe(422);
    expect(changed.body.details).toHaveProperty(['custom_fields.prevailing_wage']);
  });

  it('leave a resource without definitions free-form, as the specification has it', async () => {
    const contact = await b.api.post('/contacts', { contact: { first_name: 'Free', custom_fields: { anything: { nested: [1, 2] } } } });
    expect(contact.status).toBe(201);
    expect(contact.body.contact.custom_fields).toEqual({ anything: { nested: [1, 2] } });
  });
});

describe('imports and exports', () => {
  it('export a column per field, and import them back by key or label, refusing bad values per row', async () => {
    const t = await createTestAccount('CF import GC');
    for (const f of [
      { key: 'bonded', label: 'Bonded', field_type: 'boolean' },
      {
        key: 'tier',
        label: 'Tier',
        field_type: 'select',
        options: [
          { value: 'gold', label: 'Gold tier' },
          { value: 'silver', label: 'Silver tier' },
        ],
      },
      {
        key: 'trades',
        label: 'Trades',
        field_type: 'multi_select',
        options: [
          { value: 'elec', label: 'Electrical' },
          { value: 'mech', label: 'Mechanical' },
        ],
      },
      { key: 'fee', label: 'Fee', field_type: 'currency', required: true },
    ]) {
      expect((await t.api.post('/custom_fields', { custom_field: { resource: 'companies', ...f } })).status).toBe(201);
    }
    const csv = ['Name,Bonded,Tier,trades,Fee', 'Alpha Co,yes,Gold tier,Electrical; mech,"$1,250.50"', 'Beta Co,no,bronze,,$10', 'Gamma Co,true,silver,,'].join(
      '\n',
    );
    const form = new FormData();
    form.set('resource', 'companies');
    form.set('file', new Blob([csv]), 'companies.csv');
    const upload = await dispatch(
      new Request(new URL('/api/2023-01/imports', BASE), { method: 'POST', headers: { authorization: `Bearer ${t.token}` }, body: form }),
    );
    expect(upload.status).toBe(202);
    const { import: imp } = (await upload.json()) as { import: { id: string } };
    await runDueImports(getDb());
    const done = (await t.api.get(`/imports/${imp.id}`)).body.import;
    expect(done).toMatchObject({ status: 'completed', created_count: 1, error_count: 2 });
    const errors = await dispatch(new Request(new URL(`/api/2023-01/imports/${imp.id}/errors.csv`, BASE), { headers: { authorization: `Bearer ${t.token}` } }));
    const failed = parse(await errors.text(), { columns: true, bom: true }) as Record<string, string>[];
    expect(failed.map((r) => r.Name)).toEqual(['Beta Co', 'Gamma Co']);
    expect(failed[0]!.error).toContain('must be one of gold, silver');
    expect(failed[1]!.error).toContain('custom_fields.fee: is required');

    const alpha = (await t.api.get('/companies?q=Alpha')).body.companies[0];
    expect(alpha.custom_fields).toEqual({ bonded: true, tier: 'gold', trades: ['elec', 'mech'], fee: 125050 });

    // The export: a column per field, which imports back onto the same company (by name).
    const exported = await dispatch(new Request(new URL('/api/2023-01/companies?format=csv', BASE), { headers: { authorization: `Bearer ${t.token}` } }));
    const rows = parse(await exported.text(), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({
      name: 'Alpha Co',
      'custom_fields.bonded': 'true',
      'custom_fields.tier': 'gold',
      'custom_fields.trades': 'elec; mech',
      'custom_fields.fee': '125050',
    });
    expect(Object.keys(rows[0]!)).not.toContain('custom_fields');

    const again = new FormData();
    again.set('resource', 'companies');
    again.set(
      'file',
      new Blob([
        await (await dispatch(new Request(new URL('/api/2023-01/companies?format=csv', BASE), { headers: { authorization: `Bearer ${t.token}` } }))).text(),
      ]),
      'export.csv',
    );
    const reupload = await dispatch(
      new Request(new URL('/api/2023-01/imports', BASE), { method: 'POST', headers: { authorization: `Bearer ${t.token}` }, body: again }),
    );
    const second = ((await reupload.json()) as { import: { id: string } }).import;
    await runDueImports(getDb());
    expect((await t.api.get(`/imports/${second.id}`)).body.import).toMatchObject({ status: 'completed', created_count: 0, updated_count: 1, error_count: 0 });
    expect((await t.api.get('/companies?q=Alpha')).body.companies[0].custom_fields).toEqual({
      bonded: true,
      tier: 'gold',
      trades: ['elec', 'mech'],
      fee: 125050,
    });
  });
});
