import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '@/db/queries/accounts';
import { companies, contacts, imports, leads, users } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { runDueImports, runImport } from '@/lib/server/imports/service';
import { BASE, client, dispatch } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Imports under the caller's permissions, team limits, concurrency and idempotency (issue 25,
// items 5 to 8 and 11).

let a: TestAccount;
beforeAll(async () => {
  a = await createTestAccount('Import Rules GC');
});

type Member = { userId: number; token: string; api: ReturnType<typeof client> };

async function member(values: Omit<Parameters<typeof insertUser>[1], 'accountId' | 'email' | 'firstName' | 'lastName'>): Promise<Member> {
  const tag = Math.random().toString(36).slice(2, 8);
  const userId = await insertUser(getDb(), { accountId: a.accountId, email: `imp.${tag}@example.com`, firstName: 'Ima', lastName: tag, ...values });
  const token = await createApiToken(getDb(), { accountId: a.accountId, userId });
  return { userId, token, api: client(token) };
}

async function upload(token: string, csv: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set('file', new Blob([csv]), 'file.csv');
  const res = await dispatch(
    new Request(new URL('/api/2023-01/imports', BASE), { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body }),
  );
  return { status: res.status, body: await res.json() };
}

const companyCount = async () =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(eq(companies.accountId, a.accountId))
  )[0]!.n;

describe('an import writes only where its importer may', () => {
  it('naming companies or contacts needs reading the directory; creating missing companies needs writing it (dry runs too)', async () => {
    const noDirectory = await member({ permissionLeads: 'admin', permissionDirectory: 'none' });
    await a.api.post('/companies', { company: { name: 'Secret Owner LLC' } });
    const withCompany = 'Name,Company\nDepot,Secret Owner LLC\nClinic,Brand New Co\n';
    for (const dryRun of ['true', 'false']) {
      const res = await upload(noDirectory.token, withCompany, { resource: 'leads', dry_run: dryRun, create_missing: 'true' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_permission', details: { area: 'directory' } });
      // Not even whether "Secret Owner LLC" exists.
      expect(JSON.stringify(res.body)).not.toContain('Secret Owner');
    }
    expect((await upload(noDirectory.token, 'Name,Contact\nDepot,someone@example.com\n', { resource: 'leads', dry_run: 'true' })).status).toBe(403);
    // Columns of its own area only: allowed.
    expect((await upload(noDirectory.token, 'Name,Value\nDepot,"$1,000"\n', { resource: 'leads', dry_run: 'true' })).body.import_preview.created_count).toBe(1);

    const reader = await member({ permissionLeads: 'admin', permissionDirectory: 'collaborator' });
    const before = await companyCount();
    // A collaborator of the directory may name companies and create missing ones, not delete them:
    const made = await upload(reader.token, 'Name,Company\nGym,Secret Owner LLC\nPool,Newly Named Co\n', { resource: 'leads', create_missing: 'true' });
    expect(made.status).toBe(202);
    await runDueImports(getDb());
    expect(await companyCount()).toBe(before + 1);
    const undo = await reader.api.delete(`/imports/${made.body.import.id}`);
    expect(undo.status).toBe(403);
    expect(undo.body.details).toMatchObject({ area: 'directory' });
    expect(await companyCount()).toBe(before + 1);
    expect((await a.api.delete(`/imports/${made.body.import.id}`)).body.import.status).toBe('undone');
    expect(await companyCount()).toBe(before);
  });

  it('the queue runs an import with its importer’s access as it is then: a permission taken away meanwhile stops it', async () => {
    const importer = await member({ permissionLeads: 'admin', permissionDirectory: 'collaborator' });
    const before = await companyCount();
    const queued = await upload(importer.token, 'Name,Company\nLab,Later Refused Co\n', { resource: 'leads', create_missing: 'true' });
    expect(queued.status).toBe(202);
    await getDb().update(users).set({ permissionDirectory: 'none' }).where(eq(users.id, importer.userId));
    await runDueImports(getDb());
    const after = await importer.api.get(`/imports/${queued.body.import.id}`);
    expect(after.body.import).toMatchObject({ status: 'failed', created_count: 0 });
    expect(await companyCount()).toBe(before);
    expect(
      await getDb()
        .select()
        .from(leads)
        .where(and(eq(leads.accountId, a.accountId), eq(leads.name, 'Lab'))),
    ).toHaveLength(0);
  });
});

describe('project imports are seen and undone by those who see every project', () => {
  it('a team-limited projects admin neither lists, reads, downloads nor undoes them', async () => {
    const res = await upload(a.token, 'Name,Stage\nTower,Nope Stage\nAnnex,\n', { resource: 'projects' });
    expect(res.status).toBe(202);
    const id = res.body.import.id;
    await runDueImports(getDb());
    const team = await member({ projectAccess: 'team', permissionProjects: 'admin' });
    expect((await team.api.get('/imports')).body.imports.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await team.api.get('/imports?resource=projects')).body.imports).toEqual([]);
    expect((await team.api.get(`/imports/${id}`)).status).toBe(404);
    expect((await team.api.get(`/imports/${id}/errors.csv`)).status).toBe(404);
    expect((await team.api.delete(`/imports/${id}`)).status).toBe(404);
    // The owner still can.
    expect((await a.api.delete(`/imports/${id}`)).body.import.status).toBe('undone');
  });
});

describe('imports at once', () => {
  it('three simultaneous imports of the same 2,000 contacts leave 2,000 contacts, each import complete', async () => {
    const t = await createTestAccount('Concurrent Imports GC');
    const csv = `First Name,Email\n${Array.from({ length: 2_000 }, (_, i) => `P${i},person${i}@example.com`).join('\n')}\n`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(t.token, csv, { resource: 'contacts' })).body.import.id);
    await Promise.all(ids.map((id) => runImport(getDb(), Number(id))));
    const rows = await getDb().select({ email: contacts.email }).from(contacts).where(eq(contacts.accountId, t.accountId));
    expect(rows).toHaveLength(2_000);
    expect(new Set(rows.map((r) => r.email)).size).toBe(2_000);
    const done = await Promise.all(ids.map(async (id) => (await t.api.get(`/imports/${id}`)).body.import));
    for (const imp of done) expect(imp).toMatchObject({ status: 'completed', error_count: 0, processed_rows: 2_000 });
    expect(done.reduce((n, imp) => n + imp.created_count, 0)).toBe(2_000);
    expect(done.reduce((n, imp) => n + imp.updated_count, 0)).toBe(4_000);
  }, 120_000);
});

describe('errors.csv', () => {
  it('writes every cell as the exports do: a formula is text, and the file imports back as it was', async () => {
    const res = await upload(a.token, 'Name,Category\n"=HYPERLINK(""http://evil.example"",""x"")",not a category\n@SUM(1),also not\n', {
      resource: 'companies',
    });
    await runDueImports(getDb());
    const file = await dispatch(
      new Request(new URL(`/api/2023-01/imports/${res.body.import.id}/errors.csv`, BASE), { headers: { authorization: `Bearer ${a.token}` } }),
    );
    const text = await file.text();
    const rows = parse(text.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[1]!.slice(2)).toEqual(['\'=HYPERLINK("http://evil.example","x")', 'not a category']);
    expect(rows[2]!.slice(2)).toEqual(["'@SUM(1)", 'also not']);
    expect(rows.flat().every((cell) => !/^[=+@\t\r]/.test(cell))).toBe(true);
    // Fixed and sent again, the cells read as they were written.
    const back = await upload(a.token, text.replace(/,not a category(\r?\n)/, ',$1').replace(/,also not(\r?\n)/, ',$1'), {
      resource: 'companies',
      mapping: JSON.stringify({ row: '', error: '' }),
    });
    await runDueImports(getDb());
    const names = (
      await getDb()
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.importId, Number(back.body.import.id)))
    ).map((c) => c.name);
    expect(names.sort()).toEqual(['=HYPERLINK("http://evil.example","x")', '@SUM(1)']);
  });
});

describe('Idempotency-Key on an upload', () => {
  it('a retried upload over 1 MB (with a new multipart boundary) replays the first answer and makes one import', async () => {
    const t = await createTestAccount('Idempotent Import GC');
    const csv = `Name,Description\n${Array.from({ length: 12_000 }, (_, i) => `Company ${i},${'x'.repeat(90)}`).join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const key = `upload-${Date.now()}`;
    const first = await upload(t.token, csv, { resource: 'companies' }, { 'idempotency-key': key });
    const again = await upload(t.token, csv, { resource: 'companies' }, { 'idempotency-key': key });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.import.id).toBe(first.body.import.id);
    expect(await getDb().select().from(imports).where(eq(imports.accountId, t.accountId))).toHaveLength(1);
    const other = await upload(t.token, csv.replace('Company 0,', 'Company Zero,'), { resource: 'companies' }, { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('idempotency_key_reused');
  }, 60_000);
});
