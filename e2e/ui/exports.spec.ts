import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Download } from '@playwright/test';
import { expect, test } from '../fixtures';
import { screens } from './screens';

// Export buttons: a list page downloads every row matching its current filters and sort, as CSV or
// Excel, through a plain link authenticated by the session cookie.

const FILTERED = '/leads?priority=true&sort=name';

async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

/** The leads the page shows with that filter (every page of them), by the API with a token. */
async function expectedNames(request: import('@playwright/test').APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/api/2023-01/leads?priority=true&archived=false&sort=name&per_page=100', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const names = ((await res.json()) as { leads: { name: string }[] }).leads.map((l) => l.name);
  expect(Number(res.headers()['x-total-count'])).toBe(names.length);
  return names;
}

test('exports the filtered leads as CSV and as Excel', async ({ page, request, token }) => {
  const names = await expectedNames(request, token);
  const all = Number(
    (await request.get('/api/2023-01/leads?archived=false&per_page=1', { headers: { Authorization: `Bearer ${token}` } })).headers()['x-total-count'],
  );
  expect(names.length).toBeGreaterThan(0);
  expect(names.length).toBeLessThan(all);

  await page.goto(FILTERED);
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  const exportGroup = page.getByRole('group', { name: 'Export leads' });
  const csvLink = exportGroup.getByRole('link', { name: 'Export CSV' });
  await expect(csvLink).toHaveAttribute('href', '/api/2023-01/leads?priority=true&archived=false&sort=name&format=csv');
  await screens(page, 'leads-export');

  const [csvDownload] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await bytesOf(csvDownload)).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = parse(text.slice(1), { columns: true }) as Record<string, string>[];
  const header = Object.keys(rows[0] ?? {});
  expect(header).toEqual(expect.arrayContaining(['id', 'name', 'priority', 'value_in_cents', 'company_id', 'company_name']));
  expect(rows.map((r) => r.name)).toEqual(names);
  expect(rows.every((r) => r.priority === 'true')).toBe(true);

  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), exportGroup.getByRole('link', { name: 'Export Excel' }).click()]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = await bytesOf(xlsxDownload);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headerRow = (sheet.getRow(1).values as unknown[]).slice(1);
  const nameColumn = headerRow.indexOf('name') + 1;
  expect(nameColumn).toBeGreaterThan(0);
  const sheetNames: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) sheetNames.push(String(row.getCell(nameColumn).value));
  });
  expect(sheetNames).toEqual(names);
});

test('every list page offers its export with its filters', async ({ page }) => {
  const lists: [string, RegExp][] = [
    ['/projects?view=table&project_status=active', /^\/api\/2023-01\/projects\?project_status=active&sort=-created_at&format=csv$/],
    ['/projects', /^\/api\/2023-01\/projects\?sort=-updated_at&format=csv$/],
    ['/companies?category=client', /^\/api\/2023-01\/companies\?category=client&format=csv$/],
    ['/contacts?q=a', /^\/api\/2023-01\/contacts\?q=a&format=csv$/],
    ['/tasks?view=all&status=any', /^\/api\/2023-01\/tasks\?sort=deadline&format=csv$/],
    ['/calls', /^\/api\/2023-01\/calls\?sort=-recorded_at&format=csv$/],
    ['/workforce?q=a', /^\/api\/2023-01\/workforce\/employees\?q=a&format=csv$/],
    ['/teams', /^\/api\/2023-01\/team_memberships\?sort=project&format=csv$/],
    ['/webhooks', /^\/api\/2023-01\/webhook_messages\?format=csv$/],
    ['/settings/audit-log', /^\/api\/2023-01\/audit_log\?format=csv$/],
  ];
  for (const [url, href] of lists) {
    await page.goto(url);
    const link = page.getByRole('link', { name: 'Export CSV' });
    await expect(link, url).toHaveAttribute('href', href);
    // The link answers a file for the browser's session (no header, no token).
    const res = await page.request.get((await link.getAttribute('href'))!);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['content-disposition'], url).toMatch(/^attachment; filename="/);
  }
});
