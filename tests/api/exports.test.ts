import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/server/db';
import { XLSX_TYPE } from '@/lib/server/http/export';
import { BASE, dispatch } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Exports: every list answers CSV or XLSX with all its rows (docs/api.md#exports).

async function raw(t: TestAccount, path: string, headers: Record<string, string> = {}) {
  return dispatch(new Request(new URL(`/api/2023-01${path}`, BASE), { headers: { authorization: `Bearer ${t.token}`, ...headers } }));
}

async function csvOf(t: TestAccount, path: string, headers: Record<string, string> = {}) {
  const res = await raw(t, path, headers);
  expect(res.status, await res.clone().text()).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return { res, bytes, text, rows: parse(text, { columns: true, bom: true }) as Record<string, string>[] };
}

describe('exports', () => {
  it('a list as CSV: every row matching the filters, relations flattened, a BOM, formulas neutralised', async () => {
    const t = await createTestAccount('Export GC');
    const other = await createTestAccount('Other GC');
    const company = (await t.api.post('/companies', { company: { name: 'Acme, "Builders"' } })).body.company;
    const made = [];
    for (const [name, priority] of [
      ['Hospital wing', true],
      ['=HYPERLINK("http://evil.example","click")', true],
      ['School gym', false],
    ] as const) {
      const res = await t.api.post('/leads', {
        lead: { name, priority, company_id: company.id, assigned_to_id: String(t.userId), value_in_cents: 125_050, address: { city: 'Denver', state: 'CO' } },
      });
      expect(res.status).toBe(201);
      made.push(res.body.lead);
    }
    await other.api.post('/leads', { lead: { name: 'Not yours' } });

    const { res, bytes, text, rows } = await csvOf(t, '/leads?priority=true&per_page=1', { accept: 'text/csv' });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM, for Excel
    // Every row of the filter (per_page is ignored), none of the other account's.
    expect(rows.map((r) => r.name).sort()).toEqual(['\'=HYPERLINK("http://evil.example","click")', 'Hospital wing']);
    const row = rows.find((r) => r.name === 'Hospital wing')!;
    const lead = made[0];
    expect(row).toMatchObject({
      id: lead.id,
      name: 'Hospital wing',
      priority: 'true',
      value_in_cents: '125050',
      company_id: company.id,
      company_name: 'Acme, "Builders"',
      assigned_to_id: String(t.userId),
      assigned_to_email: lead.assigned_to.email,
      address_city: 'Denver',
      address_state: 'CO',
      contact_id: '',
      created_at: lead.created_at,
    });
    // The columns are the response's fields, whatever the rows hold.
    const header = text.slice(1, text.indexOf('\n'));
    for (const column of ['division_id', 'division_name', 'tender_type_name', 'archived_at', 'address_zip']) expect(header.split(',')).toContain(column);

    // ?format=csv says the same; an empty result is the header alone.
    const empty = await csvOf(t, '/leads?q=nothing-matches&format=csv');
    expect(empty.rows).toEqual([]);
    expect(empty.text.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('answers every row past one batch, from one snapshot', async () => {
    const t = await createTestAccount('Big export GC');
    await getDb().execute(
      sql.raw(
        `insert into contacts (account_id, first_name, last_name, email) select ${t.accountId}, 'First' || g, 'Last' || g, 'c' || g || '@example.com' from generate_series(1, 2345) g`,
      ),
    );
    const { rows } = await csvOf(t, '/contacts?format=csv');
    expect(rows).toHaveLength(2345);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2345);
  });

  it('a list as XLSX (Accept or ?format=xlsx): one sheet, a header row, typed cells', async () => {
    const t = await createTestAccount('Xlsx GC');
    await t.api.post('/companies', { company: { name: '=1+2 Concrete' } });
    await t.api.post('/companies', { company: { name: 'Beta Steel' } });
    for (const headers of [{ accept: XLSX_TYPE }, {}] as Record<string, string>[]) {
      const res = await raw(t, headers.accept ? '/companies' : '/companies?format=xlsx', headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const sheet = workbook.worksheets[0]!;
      expect(sheet.name).toBe('companies');
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toContain('name');
      const names = [];
      for (let i = 2; i <= sheet.rowCount; i++) names.push(sheet.getRow(i).getCell(header.indexOf('name') + 1).value);
      // A text cell is text, never a formula: written as it is.
      expect(names.sort()).toEqual(['=1+2 Concrete', 'Beta Steel']);
    }
  });

  it('JSON stays the default; a bad format or filter is a 422 in JSON, before any file starts', async () => {
    const t = await createTestAccount('Format GC');
    const typeOf = async (accept: string) => {
      const res = await raw(t, '/leads', { accept });
      await res.body?.cancel(); // a download left unread ends, its transaction with it
      return res.headers.get('content-type');
    };
    expect(await typeOf('application/json, text/csv')).toContain('application/json');
    expect(await typeOf('*/*')).toContain('application/json');
    expect(await typeOf('text/csv;q=0.5, application/json;q=0.9')).toContain('application/json');
    expect(await typeOf('application/json;q=0.5, text/csv')).toContain('text/csv');
    for (const path of ['/leads?format=pdf', '/leads?format=csv&format=xlsx', '/leads?format=csv&priority=maybe']) {
      const res = await raw(t, path);
      expect(res.status, path).toBe(422);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await res.json()).error).toBe('validation_failed');
    }
    // A read-only token exports too; no token is a 401.
    const readOnly = await dispatch(new Request(new URL('/api/2023-01/leads?format=csv', BASE), { headers: { authorization: `Bearer ${t.readToken}` } }));
    expect(readOnly.status).toBe(200);
    await readOnly.body?.cancel();
    expect((await dispatch(new Request(new URL('/api/2023-01/leads?format=csv', BASE)))).status).toBe(401);
  });

  it('every list of the account exports, lookups and workforce included', async () => {
    const t = await createTestAccount('All lists GC');
    for (const path of [
      '/projects',
      '/companies',
      '/contacts',
      '/tasks',
      '/task_lists',
      '/calls',
      '/workforce/employees',
      '/workforce/assignments',
      '/workforce/time_off',
      '/workforce/certifications',
      '/team_memberships',
      '/divisions',
      '/project_stages',
      '/workforce/roles',
      '/webhook_messages',
      '/users',
    ]) {
      const res = await raw(t, `${path}?format=csv`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('text/csv; charset=utf-8');
      const [header] = (await res.text()).split('\n');
      expect(header!.replace('\uFEFF', '').split(',')[0], path).toBe('id');
    }
  });

  it('a first page refused (attempts of a webhook that is not there) answers 404 as CSV and XLSX alike, and leaves no promise rejected unhandled', async () => {
    const t = await createTestAccount('Export refused GC');
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listen);
    try {
      for (const format of ['csv', 'xlsx']) {
        const res = await t.api.get(`/webhooks/5d0c6b1c-1e33-4b55-8c6f-2c3b8f0b1d2e/attempts?format=${format}`);
        expect(res.status, format).toBe(404);
        expect(res.body.error, format).toBe('not_found');
      }
      // The XLSX writer's stream errors a tick later: give it the time.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off('unhandledRejection', listen);
    }
    expect(unhandled.map(String)).toEqual([]);
  });
});
