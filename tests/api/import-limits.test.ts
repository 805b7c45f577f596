import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { imports } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { BASE, dispatch } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { bigXlsx, wideCsv, workbook, xlsxBomb, xlsxRow } from '../hostile-files';
import { spawnApp } from '../spawn-app';

// Hostile and badly encoded files (issue 25, items 1 and 14): each is refused by the limit it
// passes with a clear 4xx naming the file and where, nothing is written, and the server that read it
// stays up and small (a process of its own with the production heap cap, on PostgreSQL).

let a: TestAccount;
beforeAll(async () => {
  a = await createTestAccount('Import Limits GC');
});

function form(fields: Record<string, string | string[]>, file: { bytes: Uint8Array; name: string } | null, extraFile = false) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) body.append(k, value);
  if (file) body.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  if (file && extraFile) body.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), `copy-${file.name}`);
  return body;
}

async function upload(
  t: TestAccount,
  bytes: Uint8Array,
  name: string,
  fields: Record<string, string | string[]> = { resource: 'companies', dry_run: 'true' },
  extraFile = false,
) {
  const res = await dispatch(
    new Request(new URL('/api/2023-01/imports', BASE), {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}` },
      body: form(fields, { bytes, name }, extraFile),
    }),
  );
  return { status: res.status, body: await res.json() };
}

const importCount = async (t: TestAccount) =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(imports)
      .where(eq(imports.accountId, t.accountId))
  )[0]!.n;

describe('import files: limits', () => {
  it('a header of 200,000 columns is a 413 naming the column limit, before any row is padded', async () => {
    const before = await importCount(a);
    for (const dryRun of ['true', 'false']) {
      const res = await upload(a, wideCsv(), 'wide.csv', { resource: 'companies', dry_run: dryRun });
      expect(res.status).toBe(413);
      expect(res.body.error).toBe('payload_too_large');
      expect(res.body.message).toMatch(/^wide\.csv: line 1 has 200,000 columns; an import takes at most 500/);
    }
    expect(await importCount(a)).toBe(before);
  });

  it('500 columns are read; 501 are refused', async () => {
    const ok = await upload(a, wideCsv(500, 2), 'w500.csv');
    expect(ok.status).toBe(200);
    expect(ok.body.import_preview.columns).toHaveLength(500);
    expect((await upload(a, wideCsv(501, 2), 'w501.csv')).status).toBe(413);
  });

  it('a zip bomb is refused from its directory, before it is inflated', async () => {
    const bomb = await xlsxBomb();
    expect(bomb.byteLength).toBeLessThan(1_000_000);
    const res = await upload(a, bomb, 'bomb.xlsx');
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(
      /^bomb\.xlsx: the workbook's part xl\/worksheets\/sheet1\.xml unpacks [\d,]+ times larger than it is packed; an import reads up to 100 times/,
    );
  });

  it('an ordinary workbook of 300,000 rows is read as a stream that stops past 100,000', async () => {
    const res = await upload(a, await bigXlsx(), 'big.xlsx');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('big.xlsx: the file has more than 100,000 rows; an import takes at most 100,000. Split the file.');
  });

  it('a CSV of 100,001 rows is refused; a cell over 32,767 characters too', async () => {
    const rows = Buffer.from(`Name\n${Array.from({ length: 100_001 }, (_, i) => `Company ${i}`).join('\n')}\n`);
    expect((await upload(a, rows, 'rows.csv')).body.message).toMatch(/more than 100,000 rows/);
    const long = await upload(a, Buffer.from(`Name,Website\nAcme,${'x'.repeat(32_768)}\n`), 'long.csv');
    expect(long.status).toBe(413);
    expect(long.body.message).toBe('long.csv: line 2, column 2 holds 32,768 characters; a cell takes at most 32,767 (as in Excel).');
  });

  it('a dry run of 70,000 distinct keys (more than one statement may have parameters) answers', async () => {
    const names = Array.from({ length: 70_000 }, (_, i) => `Distinct Company ${i}`);
    const res = await upload(a, Buffer.from(`Name\n${names.join('\n')}\n`), 'many.csv');
    expect(res.status).toBe(200);
    expect(res.body.import_preview).toMatchObject({ total_rows: 70_000, created_count: 70_000, error_count: 0 });
  }, 120_000);

  it('a form with a field given twice, or two files, is a 422; a body that is not a form a 422', async () => {
    const csv = Buffer.from('Name\nAcme\n');
    const twice = await upload(a, csv, 'a.csv', { resource: ['companies', 'contacts'], dry_run: 'true' });
    expect(twice.status).toBe(422);
    expect(twice.body.details.resource).toBeDefined();
    const two = await upload(a, csv, 'a.csv', { resource: 'companies', dry_run: 'true' }, true);
    expect(two.status).toBe(422);
    expect(two.body.message).toBe('Send one file, in one part named "file".');
    const broken = await dispatch(
      new Request(new URL('/api/2023-01/imports', BASE), {
        method: 'POST',
        headers: { authorization: `Bearer ${a.token}`, 'content-type': 'multipart/form-data; boundary=x' },
        body: 'not a form',
      }),
    );
    expect(broken.status).toBe(422);
  });
});

describe('import files: encodings', () => {
  const text = 'Name,City\nCafé Núñez,Zürich\nÅngström Bau,Malmö\n';

  it('UTF-16 with a byte order mark (either order) is read as text', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le).swap16();
    for (const [bytes, name] of [
      [le, 'le.csv'],
      [be, 'be.csv'],
    ] as const) {
      const res = await upload(a, bytes, name);
      expect(res.status, name).toBe(200);
      expect(res.body.import_preview).toMatchObject({ columns: ['Name', 'City'], total_rows: 2, created_count: 2 });
    }
  });

  it('Latin-1 bytes are a 422 naming the file, the line and the encoding (never U+FFFD in a record)', async () => {
    const latin1 = Buffer.from(text, 'latin1');
    const res = await upload(a, latin1, 'latin1.csv');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'latin1.csv: line 2 is not UTF-8 text (it may be Windows-1252 or Latin-1). Save the file as "CSV UTF-8" and import it again.',
    );
    expect(res.body.details).toEqual({ file: [res.body.message] });
  });

  it('a NUL byte (UTF-16 without its mark, or not text at all) is a 422 naming the line', async () => {
    const res = await upload(a, Buffer.from('Name\nAc\u0000me\n'), 'nul.csv');
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^nul\.csv: line 2 contains a NUL character/);
    const bomless = await upload(a, Buffer.from(text, 'utf16le'), 'utf16.csv');
    expect(bomless.status).toBe(422);
    expect(bomless.body.message).toMatch(/UTF-16 without a byte order mark/);
  });

  it('a file that starts as a zip but is not one is a 422', async () => {
    const res = await upload(a, Buffer.from('PK\u0003\u0004 this is not a workbook'), 'fake.xlsx');
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^fake\.xlsx: is not a readable XLSX workbook/);
  });

  it('a workbook of ordinary rows is read, cells by their column', async () => {
    const book = await workbook([
      xlsxRow(1, ['Name', 'City']),
      xlsxRow(2, ['Acme', 'Austin']),
      `<row r="3"><c r="B3" t="inlineStr"><is><t>No name</t></is></c></row>`,
    ]);
    const res = await upload(a, book, 'ok.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.import_preview).toMatchObject({ columns: ['Name', 'City'], total_rows: 2, created_count: 1, error_count: 1 });
  });
});

// The server itself, as production runs it (a 256 MB heap), on PostgreSQL where a second process
// can share the test database.
const databaseUrl = inject('databaseUrl');
const onPostgres = databaseUrl ? it : (((..._args: unknown[]) => undefined) as unknown as typeof it);

/** The process's peak resident memory, in MB (Linux). */
function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

describe('import files: the server', () => {
  it('refuses what it cannot read before counting rows against the account', async () => {
    const before = await importCount(a);
    expect((await upload(a, await xlsxBomb(), 'bomb.xlsx', { resource: 'companies' })).status).toBe(413);
    expect(await importCount(a)).toBe(before);
  });

  onPostgres(
    'with the production heap cap answers each hostile file with a 4xx, keeps answering, and stays under 400 MB',
    async () => {
      const files = [
        { name: 'wide.csv', bytes: wideCsv() },
        { name: 'bomb.xlsx', bytes: await xlsxBomb() },
        { name: 'big.xlsx', bytes: await bigXlsx() },
      ];
      const app = await spawnApp({ DATABASE_URL: databaseUrl, NODE_OPTIONS: '--max-old-space-size=256' }, true);
      try {
        for (const file of files) {
          const res = await fetch(`${app.base}/api/2023-01/imports`, {
            method: 'POST',
            headers: { authorization: `Bearer ${a.token}` },
            body: form({ resource: 'companies', dry_run: 'true' }, file),
          });
          expect(res.status, file.name).toBe(413);
          expect((await res.json()).message, file.name).toMatch(new RegExp(`^${file.name.replace('.', '\\.')}: `));
          const health = await fetch(`${app.base}/api/health`);
          expect(health.status).toBe(200);
        }
        expect(peakRssMb(app.child.pid!)).toBeLessThan(400);
      } finally {
        app.stop();
      }
    },
    180_000,
  );
});
