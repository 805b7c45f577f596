import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { bigXlsx, wideCsv, xlsxBomb } from '../../tests/hostile-files';
import { makePdf } from '../../tests/sample-files';
import { startReceiver } from '../../tests/receiver';

// CI: the README's deployment recipes, followed on fresh databases (issue 7, Deployment).
//  1. Vercel: `npm run vercel-build` (migrations, then `next build`) in production mode against a
//     fresh database. `--reuse-build` skips it and only runs the migrations (local reruns).
//  2. Self-hosting: `DATABASE_URL=… npm run db:migrate && node .next/standalone/server.js` on
//     another fresh database: /api/health, the sign-in page and a token's API call answer 200.
//  3. Graceful shutdown: SIGTERM while a webhook delivery is in flight; it completes, then the
//     process exits.
//     The three hostile import files of issue 25 are refused (413) while its peak memory stays under
//     400 MB, /api/health answering after each.
//     A 400 MB document goes in three steps (the local driver's upload URL) while the server's
//     resident memory stays under 400 MB; a 600 MB one is refused (issue 29).
//  4. Without BETTER_AUTH_SECRET the production server stops with a message naming it.
// Usage: tsx scripts/ci/self-host-check.ts [--reuse-build]   (PostgreSQL at CHECK_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/postgres; the server listens on SELF_HOST_PORT, 3103).

const root = path.resolve(import.meta.dirname, '..', '..');
const serverUrl = process.env.CHECK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.SELF_HOST_PORT ?? 3103);
const base = `http://127.0.0.1:${port}`;
const reuseBuild = process.argv.includes('--reuse-build');
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
const created: string[] = [];
const started = Date.now();
const storageDir = mkdtempSync(path.join(tmpdir(), 'groundwork-self-host-files-'));

function step(message: string) {
  console.log(`\n--- ${message} (${Math.round((Date.now() - started) / 1000)}s)`);
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`self-host check failed: ${message}`);
  console.log(`ok: ${message}`);
}

async function freshDatabase(label: string): Promise<string> {
  const name = `groundwork_${label}_${Date.now().toString(36)}`;
  await admin.unsafe(`create database "${name}"`);
  created.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs an npm script as a user would: output shown, non-zero exit fails the check. */
function npm(args: string[], env: Record<string, string>): string {
  return execFileSync('npm', args, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

function startServer(env: Record<string, string | undefined>) {
  const vars: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOSTNAME: '127.0.0.1', PUBLIC_BASE_URL: base, ...env };
  for (const [k, v] of Object.entries(vars)) if (v === undefined) delete vars[k];
  const child = spawn(process.execPath, ['--max-old-space-size=256', '.next/standalone/server.js'], {
    cwd: root,
    env: vars,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))));
  return { child, exited, output: () => output };
}

async function waitForHealth(server: { exited: Promise<number | null>; output: () => string }): Promise<Response> {
  const deadline = Date.now() + 60_000;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode}:\n${server.output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no healthy server within 60 s:\n${server.output()}`);
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms).unref())]);

let server: ReturnType<typeof startServer> | undefined;
try {
  step('Vercel: npm run vercel-build (migrations at build, next build) against a fresh database');
  const vercelUrl = await freshDatabase('vercel');
  if (reuseBuild) npm(['run', 'db:migrate'], { DATABASE_URL: vercelUrl });
  // Vercel passes the project's environment variables to the build too.
  else
    npm(['run', 'vercel-build'], {
      DATABASE_URL: vercelUrl,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL: base,
    });
  const vercelDb = postgres(vercelUrl, { max: 1 });
  const [{ n }] = (await vercelDb`select count(*)::int as n from drizzle.__drizzle_migrations`) as unknown as [{ n: number }];
  await vercelDb.end();
  check(n > 0, `vercel-build applied ${n} migrations to the fresh database`);
  if (reuseBuild) npm(['run', '--silent', 'build:standalone-assets'], {});

  step('Self-hosting: db:migrate, then node .next/standalone/server.js');
  const url = await freshDatabase('selfhost');
  npm(['run', 'db:migrate'], { DATABASE_URL: url });
  npm(['run', 'db:seed'], { DATABASE_URL: url });
  const token = npm(['run', '--silent', 'token:create'], { DATABASE_URL: url }).trim().split('\n').at(-1)!;
  check(token.startsWith('gw_'), 'npm run token:create printed a token');
  server = startServer({
    DATABASE_URL: url,
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64'),
    WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1,2',
    STORAGE_DRIVER: 'local',
    STORAGE_DIR: storageDir,
  });
  const health = (await (await waitForHealth(server)).json()) as { status: string; migrations: { pending: number } };
  check(health.status === 'ok' && health.migrations.pending === 0, 'GET /api/health answers 200 ok, no pending migration');
  check((await fetch(`${base}/sign-in`)).status === 200, 'GET /sign-in answers 200');
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const leads = await fetch(`${base}/api/2023-01/leads`, { headers: auth });
  check(leads.status === 200, 'GET /api/2023-01/leads with the token answers 200');
  check((await fetch(`${base}/api/2023-01/leads`)).status === 401, 'without the token, 401');

  step('Hostile import files against the production heap cap (issue 25)');
  const files = [
    { name: 'wide.csv', bytes: wideCsv() },
    { name: 'bomb.xlsx', bytes: await xlsxBomb() },
    { name: 'big.xlsx', bytes: await bigXlsx() },
  ];
  for (const file of files) {
    const form = new FormData();
    form.set('resource', 'companies');
    form.set('dry_run', 'true');
    form.set('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    const res = await fetch(`${base}/api/2023-01/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await res.json()) as { message?: string };
    check(
      res.status === 413 && body.message?.startsWith(`${file.name}: `),
      `${file.name} (${(file.bytes.byteLength / 1_048_576).toFixed(2)} MB): 413, "${body.message}"`,
    );
    check((await fetch(`${base}/api/health`)).status === 200, 'the server still answers /api/health');
  }
  const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) / 1024;
  check(peak < 400, `the server's peak resident memory stayed under 400 MB (${peak.toFixed(0)} MB)`);

  step('A 400 MB document in three steps, and a 600 MB one refused (issue 29)');
  const project = (await (
    await fetch(`${base}/api/2023-01/projects`, { method: 'POST', headers: auth, body: JSON.stringify({ project: { name: 'Plan room' } }) })
  ).json()) as {
    project: { id: string };
  };
  const size = 400 * 1024 * 1024;
  const asked = await fetch(`${base}/api/2023-01/document_uploads`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ document_upload: { name: 'Plan set.pdf', byte_size: size, content_type: 'application/pdf' } }),
  });
  const upload = ((await asked.json()) as { document_upload: { id: string; upload_url: string; headers: Record<string, string> } }).document_upload;
  check(asked.status === 201 && upload.upload_url.startsWith(`${base}/api/uploads/`), 'POST /document_uploads answers the app’s own upload URL');
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server!.child.pid}/status`, 'utf8'))?.[1]) / 1024;
  let highest = rss();
  const sampling = setInterval(() => (highest = Math.max(highest, rss())), 50);
  const chunk = new Uint8Array(1024 * 1024).fill(0x41);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
  const put = await fetch(upload.upload_url, {
    method: 'PUT',
    headers: { ...upload.headers, 'content-length': String(size) },
    body,
    duplex: 'half',
  } as RequestInit);
  const finished = await fetch(`${base}/api/2023-01/documents`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ document: { upload_id: upload.id, attachable_type: 'project', attachable_id: project.project.id } }),
  });
  clearInterval(sampling);
  const document = ((await finished.json()) as { document?: { byte_size: number } }).document;
  check(put.status === 200 && finished.status === 201 && document?.byte_size === size, `400 MB sent to it and finished: 201, byte_size ${document?.byte_size}`);
  check(highest < 400, `the server's resident memory stayed under 400 MB during the upload (highest ${highest.toFixed(0)} MB)`);
  const over = await fetch(`${base}/api/2023-01/document_uploads`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ document_upload: { name: 'Too big.zip', byte_size: 600 * 1024 * 1024, content_type: 'application/zip' } }),
  });
  const refusal = (await over.json()) as { message?: string };
  check(over.status === 413 && /500 MB/.test(refusal.message ?? ''), `a 600 MB upload is refused before a byte is sent: 413, "${refusal.message}"`);
  // The background reader (a worker thread with PDF.js, sharp and the canvas) runs in the standalone server too.
  const pdfForm = new FormData();
  pdfForm.set('attachable_type', 'project');
  pdfForm.set('attachable_id', project.project.id);
  pdfForm.set('file', new Blob([new Uint8Array(makePdf(['Standalone reading check', 'Formwork']))], { type: 'application/pdf' }), 'Check.pdf');
  const small = (await (
    await fetch(`${base}/api/2023-01/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: pdfForm })
  ).json()) as {
    document: { id: string };
  };
  let read: { text_extracted: boolean; thumbnail_url: string | null } | undefined;
  for (let i = 0; i < 60 && !read?.text_extracted; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    read = ((await (await fetch(`${base}/api/2023-01/documents/${small.document.id}`, { headers: auth })).json()) as { document: typeof read }).document;
  }
  check(
    Boolean(read?.text_extracted && read.thumbnail_url),
    `a PDF's words and first page are read in the background (text_extracted ${read?.text_extracted}, thumbnail ${Boolean(read?.thumbnail_url)})`,
  );
  rmSync(storageDir, { recursive: true, force: true });

  step('Graceful shutdown: SIGTERM during a webhook delivery');
  const receiver = await startReceiver();
  receiver.delayMs = 3_000;
  try {
    const hook = await fetch(`${base}/api/2023-01/webhooks`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ webhook: { url: receiver.url('/slow') } }),
    });
    check(hook.status === 201, 'a webhook subscription to a receiver that answers after 3 s');
    const contact = await fetch(`${base}/api/2023-01/contacts`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ contact: { first_name: 'Shut', last_name: 'Down' } }),
    });
    check(contact.status === 201, 'a contact is created (its webhook message is queued)');
    await receiver.waitFor(() => receiver.on('/slow').length > 0, 30_000);
    server.child.kill('SIGTERM');
    const code = await withTimeout(server.exited, 35_000, 'exit after SIGTERM');
    check(code === 0 || code === 143, `the server exited (${code}) after SIGTERM`);
    const db = postgres(url, { max: 1 });
    const rows = await db`select status, count(*)::int as n from webhook_deliveries group by status`;
    await db.end();
    const statuses = Object.fromEntries(rows.map((r) => [r.status as string, r.n as number]));
    check(statuses.succeeded! >= 1 && !statuses.pending, `the delivery in flight completed before exit (${JSON.stringify(statuses)})`);
    check(/\[shutdown\] SIGTERM/.test(server.output()), 'the shutdown waited for webhook deliveries');
  } finally {
    await receiver.close();
  }
  server = undefined;

  step('Production without BETTER_AUTH_SECRET');
  const bare = startServer({ DATABASE_URL: url, BETTER_AUTH_SECRET: undefined });
  const bareCode = await withTimeout(bare.exited, 60_000, 'exit without BETTER_AUTH_SECRET');
  check(bareCode !== 0 && bare.output().includes('BETTER_AUTH_SECRET'), `the server stops (${bareCode}) naming BETTER_AUTH_SECRET`);
  step('self-host check passed');
} finally {
  server?.child.kill('SIGKILL');
  for (const name of created) await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
