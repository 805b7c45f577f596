import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { claimImport } from '@/db/queries/imports';
import { companies, contacts, importRows, imports, leads, projects, webhookDeliveries, webhookMessages, webhooks } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { runDueImports } from '@/lib/server/imports/service';
import { BASE, dispatch } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Spreadsheet imports (docs/imports.md), through the real routes and the worker's own runner.

async function post(t: TestAccount, fields: Record<string, string>, file: { text?: string; bytes?: Uint8Array; name?: string } | null) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([(file.bytes as Uint8Array<ArrayBuffer> | undefined) ?? file.text ?? '']), file.name ?? 'people.csv');
  const res = await dispatch(
    new Request(new URL('/api/2023-01/imports', BASE), { method: 'POST', headers: { authorization: `Bearer ${t.token}` }, body: form }),
  );
  return { status: res.status, body: await res.json() };
}

/** Runs the queue as the worker would, then the import as the API answers it. */
async function finished(t: TestAccount, id: string) {
  await runDueImports(getDb());
  const res = await t.api.get(`/imports/${id}`);
  expect(res.status).toBe(200);
  return res.body.import;
}

async function contactsOf(t: TestAccount) {
  return getDb().select().from(contacts).where(eq(contacts.accountId, t.accountId)).orderBy(contacts.id);
}

const PEOPLE = [
  'First Name,Last Name,E-mail,Company,Assigned To,Title,Ignored column',
  'Ada,Lovelace,ada@example.com,Acme Builders,{admin},Estimator,x',
  'Grace,Hopper,not-an-email,Acme Builders,,PM,x',
  'Linus,Torvalds,linus@example.com,Nowhere Inc,,,x',
  'Margaret,Hamilton,MARGARET@example.com,acme builders,,Superintendent,x',
].join('\n');

function people(t: TestAccount, email: string) {
  return PEOPLE.replace('{admin}', email);
}

async function adminEmail(t: TestAccount): Promise<string> {
  return (await t.api.get('/users/me')).body.user.email;
}

describe('imports', () => {
  it('a dry run maps columns by label, resolves names, counts and explains, and writes nothing', async () => {
    const t = await createTestAccount('Import GC');
    await t.api.post('/companies', { company: { name: 'Acme Builders' } });
    const before = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(imports)
      .where(eq(imports.accountId, t.accountId));
    const res = await post(t, { resource: 'contacts', dry_run: 'true' }, { text: people(t, await adminEmail(t)) });
    expect(res.status).toBe(200);
    expect(res.body.import_preview).toMatchObject({
      resource: 'contacts',
      total_rows: 4,
      mapping: {
        'First Name': 'first_name',
        'Last Name': 'last_name',
        'E-mail': 'email',
        Company: 'company_name',
        'Assigned To': 'assigned_to_email',
        Title: 'job_title',
      },
      created_count: 2,
      updated_count: 0,
      error_count: 2,
      companies_to_create: 0,
    });
    expect(res.body.import_preview.errors).toEqual([
      { row: 3, error: 'email: must be an email address' },
      { row: 4, error: 'company_name: no company named "Nowhere Inc" (create_missing=true creates it)' },
    ]);
    expect(await contactsOf(t)).toEqual([]);
    const after = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(imports)
      .where(eq(imports.accountId, t.accountId));
    expect(after).toEqual(before);
    // With create_missing the missing company would be made.
    const missing = await post(t, { resource: 'contacts', dry_run: 'true', create_missing: 'true' }, { text: people(t, await adminEmail(t)) });
    expect(missing.body.import_preview).toMatchObject({ created_count: 3, error_count: 1, companies_to_create: 1 });
  });

  it('imports in the queue: good rows become records with the import reference and events, bad rows go to errors.csv; a re-import updates; undo deletes what it created', async () => {
    const t = await createTestAccount('Import run GC');
    const other = await createTestAccount('Import other GC');
    const acme = (await t.api.post('/companies', { company: { name: 'Acme Builders' } })).body.company;
    const email = await adminEmail(t);
    const res = await post(t, { resource: 'contacts', name: 'Spring list', create_missing: 'true' }, { text: people(t, email) });
    expect(res.status).toBe(202);
    expect(res.body.import).toMatchObject({
      name: 'Spring list',
      resource: 'contacts',
      kind: null,
      status: 'queued',
      total_rows: 4,
      processed_rows: 0,
      created_count: 0,
    });
    const first = await finished(t, res.body.import.id);
    expect(first).toMatchObject({ status: 'completed', total_rows: 4, processed_rows: 4, created_count: 3, updated_count: 0, error_count: 1 });
    expect(first.errors).toEqual([{ row: 3, error: 'email: must be an email address' }]);
    expect(first.created_by.id).toBe(String(t.userId));

    const made = await contactsOf(t);
    expect(made.map((c) => [c.firstName, c.email, c.jobTitle])).toEqual([
      ['Ada', 'ada@example.com', 'Estimator'],
      ['Linus', 'linus@example.com', null],
      ['Margaret', 'MARGARET@example.com', 'Superintendent'],
    ]);
    const nowhere = (
      await getDb()
        .select()
        .from(companies)
        .where(and(eq(companies.accountId, t.accountId), eq(companies.name, 'Nowhere Inc')))
    )[0]!;
    expect(made.map((c) => c.companyId)).toEqual([acme.id, String(nowhere.id), acme.id].map(Number));
    expect(made[0]!.assignedToId).toBe(t.userId);
    // The API shows the import reference; the list filters by it.
    const ada = (await t.api.get(`/contacts/${made[0]!.id}`)).body.contact;
    expect(ada.import).toMatchObject({ id: first.id, name: 'Spring list' });
    expect((await t.api.get(`/contacts?import_id=${first.id}`)).body.contacts).toHaveLength(3);
    // One create event per record (the missing company's too), as any write.
    const events = await getDb()
      .select({ type: webhookMessages.eventType })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, t.accountId), sql`${webhookMessages.eventType} in ('contact.create', 'company.create')`));
    expect(events.filter((e) => e.type === 'contact.create')).toHaveLength(3);
    expect(events.filter((e) => e.type === 'company.create')).toHaveLength(2); // Acme by the API, Nowhere by the import

    // The error file: the failed rows as they were, with why.
    const file = await dispatch(new Request(new URL(`/api/2023-01/imports/${first.id}/errors.csv`, BASE), { headers: { authorization: `Bearer ${t.token}` } }));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Spring-list-errors.csv"');
    const rows = parse(await file.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        row: '3',
        error: 'email: must be an email address',
        'First Name': 'Grace',
        'Last Name': 'Hopper',
        'E-mail': 'not-an-email',
        Company: 'Acme Builders',
        'Assigned To': '',
        Title: 'PM',
        'Ignored column': 'x',
      },
    ]);

    // Fixed and imported again: the same people update (by email, any case), Grace is new.
    const fixed = people(t, email)
      .replace('not-an-email', 'grace@example.com')
      .replace('Estimator', 'Chief Estimator')
      .replace('MARGARET@example.com', 'margaret@EXAMPLE.com');
    const again = await finished(t, (await post(t, { resource: 'contacts' }, { text: fixed, name: 'fixed.csv' })).body.import.id);
    expect(again).toMatchObject({ name: 'fixed.csv', status: 'completed', created_count: 1, updated_count: 3, error_count: 0 });
    const now = await contactsOf(t);
    expect(now).toHaveLength(4);
    expect(now.find((c) => c.firstName === 'Ada')!.jobTitle).toBe('Chief Estimator');

    // Another account sees none of it.
    expect((await other.api.get(`/imports/${first.id}`)).status).toBe(404);
    expect((await other.api.delete(`/imports/${first.id}`)).status).toBe(404);
    expect((await other.api.get('/imports')).body.imports).toEqual([]);

    // Undo the first import: the records it created go (Ada was only updated by the second, but
    // the first created her), the company it made for a missing name too; Grace, created by the
    // second import, stays.
    // Undo takes If-Match like any DELETE: a stale version is refused, nothing deleted.
    const stale = await t.api.delete(`/imports/${first.id}`, { headers: { 'if-match': '"stale"' } });
    expect(stale.status).toBe(412);
    expect(await contactsOf(t)).toHaveLength(4);
    const etag = (await t.api.get(`/imports/${first.id}`)).headers.get('etag')!;
    const undone = await t.api.delete(`/imports/${first.id}`, { headers: { 'if-match': etag } });
    expect(undone.status).toBe(200);
    expect(undone.body.import.status).toBe('undone');
    expect((await contactsOf(t)).map((c) => c.firstName)).toEqual(['Grace']);
    expect(await getDb().select().from(companies).where(eq(companies.id, nowhere.id))).toEqual([]);
    const deletes = await getDb()
      .select()
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, t.accountId), eq(webhookMessages.eventType, 'contact.delete')));
    expect(deletes).toHaveLength(3);
    expect((await t.api.delete(`/imports/${first.id}`)).body.import.status).toBe('undone'); // again: nothing more to do
    const list = (await t.api.get('/imports')).body.imports;
    expect(list.map((i: { name: string; status: string }) => [i.name, i.status])).toEqual([
      ['fixed.csv', 'completed'],
      ['Spring list', 'undone'],
    ]);
    expect((await t.api.get('/imports?status=undone')).body.imports.map((i: { name: string }) => i.name)).toEqual(['Spring list']);
    expect((await t.api.get(`/imports?updated_since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body.imports).toEqual([]);
  });

  it('a worker that died mid-import leaves a claim that runs out; the next resumes after the last committed batch, no row twice', async () => {
    const t = await createTestAccount('Resume GC');
    const res = await post(t, { resource: 'companies' }, { text: 'Name,City\nAlpha,Denver\nBeta,Boulder\nGamma,Aurora' });
    const id = Number(res.body.import.id);
    const db = getDb();
    // A worker claims it, commits a batch holding Alpha, and dies before the rest.
    expect(await claimImport(db, 'dead-worker', 120, id)).toMatchObject({ id });
    const [alpha] = await db.insert(companies).values({ accountId: t.accountId, name: 'Alpha', city: 'Denver', importId: id }).returning();
    await db
      .update(importRows)
      .set({ outcome: 'created', recordId: alpha!.id })
      .where(and(eq(importRows.importId, id), eq(importRows.rowNumber, 2)));
    await db.update(imports).set({ processedRows: 1, createdCount: 1 }).where(eq(imports.id, id));
    // While its claim holds, nobody else takes the import.
    await runDueImports(db);
    expect((await t.api.get(`/imports/${id}`)).body.import).toMatchObject({ status: 'running', processed_rows: 1 });
    // Its claim runs out: the next worker resumes.
    await db
      .update(imports)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(imports.id, id));
    const done = await finished(t, String(id));
    expect(done).toMatchObject({ status: 'completed', processed_rows: 3, created_count: 3, error_count: 0 });
    const names = (await db.select().from(companies).where(eq(companies.accountId, t.accountId))).map((c) => c.name).sort();
    expect(names).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('reads XLSX and CSV bodies; money, dates and booleans in their usual forms; an explicit mapping wins', async () => {
    const t = await createTestAccount('Xlsx import GC');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Companies');
    sheet.addRow(['Organization', 'Type', 'Web', 'Zip Code', 'Notes']);
    sheet.addRow(['Beta Steel', 'Subcontractor', 'https://beta.example', 80202, 'Steel']);
    sheet.addRow(['Gamma Glass', 'nonsense', '', '', '']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const res = await post(t, { resource: 'companies', mapping: JSON.stringify({ Notes: '' }) }, { bytes, name: 'companies.xlsx' });
    expect(res.status).toBe(202);
    const done = await finished(t, res.body.import.id);
    expect(done).toMatchObject({
      name: 'companies.xlsx',
      created_count: 1,
      error_count: 1,
      mapping: { Organization: 'name', Type: 'category', Web: 'website', 'Zip Code': 'address_zip' },
    });
    expect(done.errors[0].error).toMatch(/^category: must be one of /);
    const beta = (await t.api.get('/companies?q=Beta')).body.companies[0];
    expect(beta).toMatchObject({
      name: 'Beta Steel',
      category: 'subcontractor',
      website: 'https://beta.example',
      description: null,
      address: { zip: '80202' },
    });

    // A text/csv body with the options in the query string.
    const csv = await dispatch(
      new Request(new URL('/api/2023-01/imports?resource=companies&dry_run=true', BASE), {
        method: 'POST',
        headers: { authorization: `Bearer ${t.token}`, 'content-type': 'text/csv' },
        body: 'Company Name,Phone\r\n"Delta, Inc.",555-0100\r\n',
      }),
    );
    expect(csv.status).toBe(200);
    expect((await csv.json()).import_preview).toMatchObject({ total_rows: 1, created_count: 1, mapping: { 'Company Name': 'name', Phone: 'phone' } });
  });

  it('projects in four kinds: stages and lookups by name, money, percentages and US dates; by external_id a re-import updates', async () => {
    const t = await createTestAccount('Projects import GC');
    const email = await adminEmail(t);
    const pursuits = [
      'Project Name,External ID,Client,Stage,Value,Probability,Bid Due Date,Market Sector,Estimator,Division',
      `Clinic,P-1,Mercy Health,Estimating,"$1,250,000.50",35%,3/15/2027,Healthcare,${email},Commercial`,
      `School,P-2,Mercy Health,,1200000,0.5,2027-04-01,Education,,`,
      `Warehouse,P-3,,Won,100,,,,,`,
      `Depot,P-4,,Nowhere stage,100,,,,,`,
    ].join('\n');
    const res = await post(t, { resource: 'projects', kind: 'pursuits', create_missing: 'true' }, { text: pursuits, name: 'pursuits.csv' });
    expect(res.status).toBe(202);
    expect(res.body.import.kind).toBe('pursuits');
    const done = await finished(t, res.body.import.id);
    expect(done).toMatchObject({ status: 'completed', created_count: 2, error_count: 2 });
    expect(done.errors).toEqual([
      { row: 4, error: 'project_stage_name: the stage is won, and a pursuits import takes open stages' },
      { row: 5, error: 'project_stage_name: no project stage named "Nowhere stage"' },
    ]);
    const clinic = (await t.api.get('/projects?q=Clinic')).body.projects[0];
    expect(clinic).toMatchObject({
      name: 'Clinic',
      external_id: 'P-1',
      amount: 1250000.5,
      probability: 0.35,
      bid_due_date: '2027-03-15',
      project_status: 'pursuit',
      project_stage: { name: 'Estimating' },
      market_sector: { name: 'Healthcare' },
      division: { name: 'Commercial' },
      company: { name: 'Mercy Health' },
      import: { id: done.id, name: 'pursuits.csv' },
    });
    expect(clinic.assigned_to.email).toBe(email);
    const school = (await t.api.get('/projects?q=School')).body.projects[0];
    expect(school.project_stage.name).toBe('Lead'); // the first open stage
    expect(school.company.id).toBe(clinic.company.id); // one company made for the name, used twice

    // Work in progress: won, with the contract value; historical closed: won or lost as close_type says.
    const wip = await finished(
      t,
      (
        await post(
          t,
          { resource: 'projects', kind: 'wip' },
          { text: 'Name,Amount,Start Date,End Date\nTower,5000000,2027-01-04,2027-12-31\nNo value,,2027-01-01,2027-02-01' },
        )
      ).body.import.id,
    );
    expect(wip).toMatchObject({ created_count: 1, error_count: 1 });
    expect(wip.errors[0].error).toBe('amount: is required in a wip import (the contract value)');
    expect((await t.api.get('/projects?q=Tower')).body.projects[0]).toMatchObject({ close_type: 'won', project_stage: { name: 'Won' }, amount: 5000000 });
    const closed = await finished(
      t,
      (await post(t, { resource: 'projects', kind: 'historical_closed' }, { text: 'Name,Result,Loss Reason\nOld bid,Lost,Price\nOlder bid,,' })).body.import.id,
    );
    expect(closed).toMatchObject({ created_count: 1, error_count: 1 });
    expect((await t.api.get('/projects?q=Old%20bid')).body.projects[0]).toMatchObject({
      close_type: 'lost',
      project_stage: { name: 'Lost' },
      loss_reason: { name: 'Price' },
    });

    // The same file again: P-1 and P-2 update in place (no duplicates).
    const again = await finished(
      t,
      (await post(t, { resource: 'projects', kind: 'pursuits', create_missing: 'true' }, { text: pursuits.replace('35%', '40%') })).body.import.id,
    );
    expect(again).toMatchObject({ created_count: 0, updated_count: 2, error_count: 2 });
    expect((await t.api.get(`/projects/${clinic.id}`)).body.project.probability).toBe(0.4);
    const all = await getDb().select().from(projects).where(eq(projects.accountId, t.accountId));
    expect(all.map((p) => p.name).sort()).toEqual(['Clinic', 'Old bid', 'School', 'Tower']);

    // Undo the first: its projects go (and the company it made), the others stay.
    expect((await t.api.delete(`/imports/${done.id}`)).body.import.status).toBe('undone');
    const left = await getDb().select().from(projects).where(eq(projects.accountId, t.accountId));
    expect(left.map((p) => p.name).sort()).toEqual(['Old bid', 'Tower']);
  });

  it('leads: batched inserts with every relation by name, the import reference, external_id updates, and an export that imports back unchanged', async () => {
    const t = await createTestAccount('Leads import GC');
    const email = await adminEmail(t);
    await t.api.post('/contacts', { contact: { first_name: 'Pat', email: 'pat@client.example' } });
    const file = [
      'Lead Name,External ID,Value,Priority,Estimated Start,Client,Contact,Assigned To,Market Sector,Lead Source,Work Scope,City',
      `Hospital wing,L-1,"$2,500,000",yes,04/01/2027,Mercy Health,pat@client.example,${email},Healthcare,Referral,New Construction,Denver`,
      'School gym,L-2,750000,no,2027-09-01,,,,Education,,renovation,',
      'Bad lead,L-3,lots,maybe,31/31/2027,,nobody@example.com,,,,,',
    ].join('\n');
    const posted = await post(t, { resource: 'leads', create_missing: 'true' }, { text: file, name: 'leads.csv' });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    const done = await finished(t, posted.body.import.id);
    expect(done).toMatchObject({ status: 'completed', created_count: 2, updated_count: 0, error_count: 1 });
    expect(done.errors[0].error).toBe(
      'value: is not an amount of money ("lots"); priority: is not yes/no, true/false or 1/0 ("maybe"); estimated_start_date: is not a date ("31/31/2027"); contact_email: no contact with the email "nobody@example.com"',
    );
    const wing = (await t.api.get('/leads?q=Hospital')).body.leads[0];
    expect(wing).toMatchObject({
      name: 'Hospital wing',
      external_id: 'L-1',
      value_in_cents: 250_000_000,
      priority: true,
      estimated_start_date: '2027-04-01',
      work_scope: 'new_construction',
      company: { name: 'Mercy Health' },
      contact: { email: 'pat@client.example' },
      assigned_to: { email },
      market_sector: { name: 'Healthcare' },
      lead_source: { name: 'Referral' },
      address: { city: 'Denver' },
      import: { id: done.id, name: 'leads.csv' },
    });
    const events = await getDb()
      .select()
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, t.accountId), eq(webhookMessages.eventType, 'lead.create')));
    expect(events).toHaveLength(2);

    // The export of the leads imports back unchanged: every row updates (by external_id), nothing new.
    const exported = await dispatch(new Request(new URL('/api/2023-01/leads?format=csv', BASE), { headers: { authorization: `Bearer ${t.token}` } }));
    const again = await finished(
      t,
      (await post(t, { resource: 'leads' }, { bytes: new Uint8Array(await exported.arrayBuffer()), name: 'export.csv' })).body.import.id,
    );
    expect(again).toMatchObject({ created_count: 0, updated_count: 2, error_count: 0 });
    expect(again.mapping).toMatchObject({
      name: 'name',
      external_id: 'external_id',
      value_in_cents: 'value_in_cents',
      company_name: 'company_name',
      assigned_to_email: 'assigned_to_email',
      address_city: 'address_city',
    });
    const after = (await t.api.get(`/leads/${wing.id}`)).body.lead;
    expect({ ...after, updated_at: wing.updated_at }).toEqual(wing);
    expect(await getDb().select().from(leads).where(eq(leads.accountId, t.accountId))).toHaveLength(2);
  });

  it('projects and leads without an External ID match by name: a corrected file updates, never duplicates; two of one name fail the row', async () => {
    const t = await createTestAccount('Rematch GC');
    const first = ['Project Name,Value', 'Cherry Creek Clinic,1000000', 'Harbor Library,2000000', 'Sunset Storage Suites,3000000'].join('\n');
    const made = await finished(t, (await post(t, { resource: 'projects' }, { text: first, name: 'projects.csv' })).body.import.id);
    expect(made).toMatchObject({ created_count: 3, updated_count: 0, error_count: 0 });
    // The corrected file: the same names in another case and spacing (the records keep their own), new values, one new project.
    const corrected = [
      'Project Name,Value',
      '  cherry   CREEK clinic ,1100000',
      'Harbor Library,2100000',
      'SUNSET  storage suites,3100000',
      'Depot Annex,5',
      'depot  annex,6',
    ].join('\n');
    const preview = await post(t, { resource: 'projects', dry_run: 'true' }, { text: corrected, name: 'projects.csv' });
    expect(preview.body.import_preview).toMatchObject({ created_count: 1, updated_count: 4, error_count: 0 });
    // The dry run says which rows update which record, and why.
    expect(preview.body.import_preview.updates.map((u: { row: number; matched_by: string; match: string }) => [u.row, u.matched_by, u.match])).toEqual([
      [2, 'name', 'Cherry Creek Clinic'],
      [3, 'name', 'Harbor Library'],
      [4, 'name', 'Sunset Storage Suites'],
    ]);
    const again = await finished(t, (await post(t, { resource: 'projects' }, { text: corrected, name: 'projects.csv' })).body.import.id);
    expect(again).toMatchObject({ created_count: 1, updated_count: 4, error_count: 0 });
    const all = (await t.api.get('/projects?per_page=100')).body.projects as { name: string; amount: number }[];
    expect(all.map((p) => [p.name, p.amount]).sort()).toEqual([
      ['Cherry Creek Clinic', 1100000],
      ['Depot Annex', 6],
      ['Harbor Library', 2100000],
      ['Sunset Storage Suites', 3100000],
    ]);
    // A name two projects share cannot choose: the row fails and says how to choose.
    await t.api.post('/projects', { project: { name: 'Harbor Library' } });
    const ambiguous = await finished(
      t,
      (await post(t, { resource: 'projects' }, { text: 'Project Name,Value\nharbor library,1', name: 'p.csv' })).body.import.id,
    );
    expect(ambiguous).toMatchObject({ created_count: 0, updated_count: 0, error_count: 1 });
    expect(ambiguous.errors[0].error).toBe('external_id: 2 projects are named "harbor library": give the row the External ID of the one to update');
    // Leads too.
    await t.api.post('/leads', { lead: { name: 'Mesa Fire Station' } });
    const leads = await finished(t, (await post(t, { resource: 'leads' }, { text: 'Lead Name,Value\nMESA fire station,5000', name: 'l.csv' })).body.import.id);
    expect(leads).toMatchObject({ created_count: 0, updated_count: 1 });
    expect((await t.api.get('/leads?q=Mesa')).body.leads[0]).toMatchObject({ name: 'Mesa Fire Station', value_in_cents: 500000 });
  });

  it('a dry run flags a new project or lead whose name is like an existing one’s (perhaps the same pursuit), and writes nothing', async () => {
    const t = await createTestAccount('Look-alike GC');
    await t.api.post('/projects', { project: { name: 'Westgate Elementary No. 9' } });
    await t.api.post('/projects', { project: { name: 'Harbor Library' } });
    const file = ['Project Name,Value', 'Westgate Elementary No 9,1', 'Harbor Library,2', 'Quarry Bridge,3'].join('\n');
    const preview = (await post(t, { resource: 'projects', dry_run: 'true' }, { text: file, name: 'p.csv' })).body.import_preview;
    expect(preview).toMatchObject({ created_count: 2, updated_count: 1 });
    const westgate = (await t.api.get('/projects?q=Westgate')).body.projects[0];
    // Row 3 updates Harbor Library (the same name): not a look-alike; Quarry Bridge is like nothing.
    expect(preview.look_alikes).toEqual([
      { row: 2, name: 'Westgate Elementary No 9', record_id: westgate.id, record_name: 'Westgate Elementary No. 9', similarity: expect.any(Number) },
    ]);
    expect(preview.look_alikes[0].similarity).toBeGreaterThanOrEqual(0.6);
    expect((await t.api.get('/projects?per_page=100')).body.projects).toHaveLength(2);
    // Leads too; another account's records are never named.
    const other = await createTestAccount('Look-alike other GC');
    await other.api.post('/leads', { lead: { name: 'Mesa Fire Station 4' } });
    const leads = (await post(t, { resource: 'leads', dry_run: 'true' }, { text: 'Lead Name\nMesa Fire Station #4', name: 'l.csv' })).body.import_preview;
    expect(leads.look_alikes).toEqual([]);
    await t.api.post('/leads', { lead: { name: 'Mesa Fire Station 4' } });
    const again = (await post(t, { resource: 'leads', dry_run: 'true' }, { text: 'Lead Name\nMesa Fire Station #4', name: 'l.csv' })).body.import_preview;
    expect(again.look_alikes).toMatchObject([{ row: 2, name: 'Mesa Fire Station #4', record_name: 'Mesa Fire Station 4' }]);
  });

  it('a row that fails creates nothing, not even the company it named; the rows that pass create theirs, once', async () => {
    const t = await createTestAccount('Orphan GC');
    const file = [
      'Lead Name,Value,Client',
      'Good lead,100000,Brand New Health LLC',
      'Bad lead,notmoney,Ghost Builders Inc',
      'Second good lead,5,brand new health llc',
      'Bad custom,lots,Brand New Health LLC',
    ].join('\n');
    const preview = await post(t, { resource: 'leads', dry_run: 'true', create_missing: 'true' }, { text: file, name: 'leads.csv' });
    expect(preview.status).toBe(200);
    expect(preview.body.import_preview.companies_to_create).toBe(1);
    const done = await finished(t, (await post(t, { resource: 'leads', create_missing: 'true' }, { text: file, name: 'leads.csv' })).body.import.id);
    expect(done).toMatchObject({ created_count: 2, error_count: 2 });
    const made = await getDb().select({ name: companies.name }).from(companies).where(eq(companies.accountId, t.accountId));
    expect(made.map((c) => c.name)).toEqual(['Brand New Health LLC']);
    const companyEvents = await getDb()
      .select()
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, t.accountId), eq(webhookMessages.eventType, 'company.create')));
    expect(companyEvents).toHaveLength(1);
  });

  it('employees: roles, managers and divisions by name or email, by email a re-import updates, undo', async () => {
    const t = await createTestAccount('Employees import GC');
    const boss = (await t.api.post('/workforce/employees', { workforce_employee: { legal_first_name: 'Bea', last_name: 'Boss', email: 'bea@gc.example' } }))
      .body.workforce_employee;
    const file = [
      'First Name,Last Name,Email,Role,Manager,Division,Hire Date,Excluded From Headcount',
      'Sam,Okafor,sam@gc.example,superintendent,BEA@gc.example,Commercial,12/01/2026,no',
      'Ana,Lima,ana@gc.example,Welder,,,,',
      ',Nobody,nobody@gc.example,,,,,',
    ].join('\n');
    const done = await finished(t, (await post(t, { resource: 'workforce_employees' }, { text: file })).body.import.id);
    expect(done).toMatchObject({ status: 'completed', created_count: 1, error_count: 2 });
    expect(done.errors).toEqual([
      { row: 3, error: 'role_name: no workforce role named "Welder"' },
      { row: 4, error: 'legal_first_name: is required' },
    ]);
    const sam = (await t.api.get('/workforce/employees?q=Okafor')).body.workforce_employees[0];
    expect(sam).toMatchObject({
      email: 'sam@gc.example',
      start_date: '2026-12-01',
      role: { name: 'Superintendent' },
      manager: { id: boss.id },
      division: { name: 'Commercial' },
      excluded_from_headcount: false,
      import: { id: done.id },
    });
    const again = await finished(t, (await post(t, { resource: 'workforce_employees' }, { text: file.replace('12/01/2026', '12/02/2026') })).body.import.id);
    expect(again).toMatchObject({ created_count: 0, updated_count: 1, error_count: 2 });
    expect((await t.api.get(`/workforce/employees/${sam.id}`)).body.workforce_employee.start_date).toBe('2026-12-02');
    expect((await t.api.delete(`/imports/${done.id}`)).status).toBe(200);
    expect((await t.api.get(`/workforce/employees/${sam.id}`)).status).toBe(404);
    expect((await t.api.get(`/workforce/employees/${boss.id}`)).status).toBe(200);
  });

  it('an export of every importable resource imports back unchanged: every row updates, nothing new, every field the same', async () => {
    const t = await createTestAccount('Round trip GC');
    const company = (
      await t.api.post('/companies', {
        company: {
          name: 'Acme, "Builders"',
          phone: '+1 555 0100',
          website: 'https://acme.example',
          category: 'subcontractor',
          address: { city: 'Denver', zip: '80202' },
        },
      })
    ).body.company;
    await t.api.post('/contacts', {
      contact: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@acme.example',
        job_title: '=Chief',
        company_id: company.id,
        assigned_to_id: String(t.userId),
      },
    });
    await t.api.post('/projects', {
      project: {
        name: 'Clinic',
        external_id: 'P-9',
        amount: 1250000.5,
        probability: 0.35,
        estimated_cost: 900000,
        start_date: '2027-01-04',
        end_date: '2027-12-31',
        company_id: company.id,
        assigned_to_id: String(t.userId),
        market_sector_id: String(t.lookup.marketSectors[0]),
      },
    });
    const boss = (await t.api.post('/workforce/employees', { workforce_employee: { legal_first_name: 'Bea', last_name: 'Boss', email: 'bea@gc.example' } }))
      .body.workforce_employee;
    await t.api.post('/workforce/employees', {
      workforce_employee: {
        legal_first_name: 'Sam',
        last_name: 'Okafor',
        email: 'sam@gc.example',
        manager_id: boss.id,
        role_id: String(t.lookup.workforceRoles[0]),
        start_date: '2026-12-01',
        excluded_from_headcount: true,
      },
    });
    for (const [resource, list] of [
      ['companies', 'companies'],
      ['contacts', 'contacts'],
      ['projects', 'projects'],
      ['workforce_employees', 'workforce/employees'],
    ] as const) {
      const before = (await t.api.get(`/${list}`)).body[resource];
      const exported = await dispatch(new Request(new URL(`/api/2023-01/${list}?format=csv`, BASE), { headers: { authorization: `Bearer ${t.token}` } }));
      const done = await finished(
        t,
        (await post(t, { resource }, { bytes: new Uint8Array(await exported.arrayBuffer()), name: `${resource}.csv` })).body.import.id,
      );
      expect(done, resource).toMatchObject({ status: 'completed', created_count: 0, updated_count: before.length, error_count: 0 });
      const after = (await t.api.get(`/${list}`)).body[resource];
      const stable = (r: Record<string, unknown>) => ({ ...r, updated_at: null, stage_age: null });
      expect(after.map(stable), resource).toEqual(before.map(stable));
    }
  });

  it('a subscriber leaves out an import\'s events with "!import" in filter_types; the audit log says the change came from an import', async () => {
    const t = await createTestAccount('Import events GC');
    const all = (await t.api.post('/webhooks', { webhook: { url: 'https://hooks.example.com/all' } })).body.webhook;
    const quiet = await t.api.post('/webhooks', { webhook: { url: 'https://hooks.example.com/quiet', filter_types: ['!import'] } });
    expect(quiet.status).toBe(201);
    expect(quiet.body.webhook.filter_types).toEqual(['!import']);
    const contactsOnly = (
      await t.api.post('/webhooks', { webhook: { url: 'https://hooks.example.com/contacts', filter_types: ['contact.create', '!import'] } })
    ).body.webhook;
    await finished(t, (await post(t, { resource: 'contacts' }, { text: 'Email\nimported@example.com' })).body.import.id);
    await t.api.post('/contacts', { contact: { email: 'typed@example.com' } });
    await t.api.post('/companies', { company: { name: 'Typed Co' } });
    const delivered = await getDb()
      .select({ url: webhooks.url, type: webhookMessages.eventType, via: webhookMessages.authMethod })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(eq(webhookDeliveries.accountId, t.accountId));
    const to = (url: string) =>
      delivered
        .filter((d) => d.url === url)
        .map((d) => `${d.type}:${d.via}`)
        .sort();
    expect(to(all.url)).toEqual(['company.create:api_token', 'contact.create:api_token', 'contact.create:import']);
    expect(to('https://hooks.example.com/quiet')).toEqual(['company.create:api_token', 'contact.create:api_token']);
    expect(to(contactsOnly.url)).toEqual(['contact.create:api_token']);
    const audit = (await t.api.get('/audit_log?resource=contact')).body.audit_log;
    expect(audit.map((e: { auth_method: string }) => e.auth_method).sort()).toEqual(['api_token', 'import']);
    expect((await t.api.post('/webhooks', { webhook: { url: 'https://hooks.example.com/x', filter_types: ['!everything'] } })).status).toBe(422);
  });

  it('refuses what it cannot import with a clear 4xx, before anything is written', async () => {
    const t = await createTestAccount('Refusals GC');
    const cases: [Record<string, string>, { text?: string } | null, number, string][] = [
      [{}, { text: 'Name\nA' }, 422, 'resource'],
      [{ resource: 'tasks' }, { text: 'Name\nA' }, 422, 'resource'],
      [{ resource: 'companies', kind: 'wip' }, { text: 'Name\nA' }, 422, 'kind'],
      [{ resource: 'projects', kind: 'someday' }, { text: 'Name\nA' }, 422, 'kind'],
      [{ resource: 'companies', mapping: '{not json' }, { text: 'Name\nA' }, 422, 'mapping'],
      [{ resource: 'companies', mapping: '{"Name": "salary"}' }, { text: 'Name\nA' }, 422, 'mapping'],
      [{ resource: 'companies', mapping: '{"Missing": "name"}' }, { text: 'Name\nA' }, 422, 'mapping'],
      [{ resource: 'companies' }, null, 422, 'file'],
      [{ resource: 'companies', dry_run: 'maybe' }, { text: 'Name\nA' }, 422, 'dry_run'],
    ];
    for (const [fields, file, status, field] of cases) {
      const res = await post(t, fields, file);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(Object.keys(res.body.details), JSON.stringify(fields)).toContain(field);
    }
    const json = await t.api.post('/imports', { import: { name: 'x' } });
    expect(json.status).toBe(415);
    // Past 100,000 rows: 413, with the limits in the message.
    const big = await post(t, { resource: 'companies' }, { text: 'Name\n' + Array.from({ length: 100_001 }, (_, i) => `C${i}`).join('\n') });
    expect(big.status).toBe(413);
    expect(big.body.message).toContain('100,000 rows');
    expect((await t.api.get('/imports')).body.imports).toEqual([]);
  });
});
