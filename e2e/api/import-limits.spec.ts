import fs from 'node:fs';
import { bigXlsx, wideCsv, workbook, xlsxBomb, xlsxRow } from '../../tests/hostile-files';
import { expect, test } from '../fixtures';

// The production build (`next start` with the production heap cap, playwright.config.ts) and the
// outside review's three hostile files: each a 4xx naming its limit, the server answering after
// each, its memory growing by less than the reading thread's bounds; an ordinary workbook still
// reads (the reading thread is bundled). This server holds its embedded database in its own memory
// (≈ 430 MB before the first upload), so the 400 MB bound of the whole process is checked where
// production runs, the standalone server over PostgreSQL (scripts/ci/self-host-check.ts).
test.use({ storageState: { cookies: [], origins: [] } });

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** The pid listening on the port, from /proc (Linux): its socket's inode, then the process holding it. */
function serverPid(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local address ends with :PORT, state 0A is LISTEN, inode is the 10th field
      if (f[1]?.endsWith(`:${hex}`) && f[3] === '0A') inodes.add(f[9]!);
    }
  }
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      }
    } catch {
      // a process that ended, or is not ours
    }
  }
  throw new Error(`no process listens on ${port}`);
}

const memoryMb = (pid: number, line: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${line}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const rssMb = (pid: number) => memoryMb(pid, 'VmRSS');
const peakRssMb = (pid: number) => memoryMb(pid, 'VmHWM');

test('hostile import files are refused one by one; the server answers and its memory stays bounded', async ({ request, token }) => {
  test.setTimeout(180_000);
  const pid = serverPid(PORT);
  const before = rssMb(pid);
  const files = [
    { name: 'wide.csv', buffer: wideCsv(), mimeType: 'text/csv' },
    { name: 'bomb.xlsx', buffer: await xlsxBomb(), mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    { name: 'big.xlsx', buffer: await bigXlsx(), mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ];
  for (const file of files) {
    const res = await request.post('/api/2023-01/imports', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { resource: 'companies', dry_run: 'true', file },
    });
    expect(res.status(), file.name).toBe(413);
    expect((await res.json()).message).toContain(`${file.name}: `);
    expect((await request.get('/api/health')).status()).toBe(200);
  }
  const ok = await request.post('/api/2023-01/imports', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      resource: 'companies',
      dry_run: 'true',
      file: {
        name: 'ok.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await workbook([xlsxRow(1, ['Name', 'City']), xlsxRow(2, ['Fresh Co', 'Austin'])]),
      },
    },
  });
  expect(ok.status()).toBe(200);
  expect((await ok.json()).import_preview).toMatchObject({ total_rows: 1, created_count: 1 });
  // The reading thread's heap is capped at 128 MB; the file and its rows are off-heap buffers.
  expect(peakRssMb(pid) - before).toBeLessThan(200);
});
