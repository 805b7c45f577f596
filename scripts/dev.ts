import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import nextEnv from '@next/env';

// npm run dev [-- <next dev options>]: works out the origin `next dev` will serve on (-p/--port,
// else PORT, else the first free port from 3000 as next dev would pick it; -H/--hostname,
// --experimental-https), migrates and seeds (scripts/dev-setup.ts), prints the sign-in URL and a
// curl example with that origin once the server is up, running `next dev` with the same options.
// PUBLIC_BASE_URL defaults to that origin, which gives Better Auth its base URL.

const args = process.argv.slice(2);

/** The value of `-p 3100`, `-p3100`, `--port 3100` or `--port=3100`. */
function option(short: string, long: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === short || arg === long) return args[i + 1];
    if (arg.startsWith(`${long}=`)) return arg.slice(long.length + 1);
    if (arg.startsWith(short) && !arg.startsWith('--')) return arg.slice(short.length).replace(/^=/, '');
  }
  return undefined;
}

function isFree(port: number, hostname: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, hostname, () => probe.close(() => resolve(true)));
  });
}

// .env files as next dev reads them, for the seed and the checks here; the server is given only
// the shell's environment (plus PUBLIC_BASE_URL), so it still reloads edited .env files itself.
const shellEnv = { ...process.env };
nextEnv.loadEnvConfig(process.cwd(), true, { info: () => {}, error: console.error });

const hostname = option('-H', '--hostname');
const portArg = option('-p', '--port');
// As next dev: PORT from the shell only (it listens before it reads .env files).
const given = portArg ?? shellEnv.PORT;
let port = Number(given ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${given}`);
  process.exit(1);
}
// next dev moves on to the next port when 3000 is taken (up to 10 times): choose it here, and pass
// the port on, so the printed origin is the served one.
if (given === undefined) for (let tries = 0; tries < 10 && !(await isFree(port, hostname)); tries++) port++;
const nextArgs = portArg === undefined ? [...args, '--port', String(port)] : args;
const wildcard = !hostname || hostname === '0.0.0.0' || hostname === '::' || hostname === '[::]';
const host = wildcard ? 'localhost' : hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
const origin = `${args.includes('--experimental-https') ? 'https' : 'http'}://${host}:${port}`;
const serverEnv: NodeJS.ProcessEnv = { ...shellEnv };
if (!process.env.PUBLIC_BASE_URL) {
  process.env.PUBLIC_BASE_URL = origin;
  serverEnv.PUBLIC_BASE_URL = origin;
}

// Imported now: they validate the environment loaded above.
const { devDatabaseAddressFile, devDatabaseServerUrl, removeStaleDevDatabaseAddress } = await import('@/lib/server/dev-database-server');
if (await devDatabaseServerUrl()) {
  console.error(`Another dev server is running on ${process.env.PGLITE_DATA_DIR || '.data/pglite'}: stop it first, or give this one its own PGLITE_DATA_DIR.`);
  process.exit(1);
}
removeStaleDevDatabaseAddress();
const { setUpDevDatabase } = await import('./dev-setup');
const banner = await setUpDevDatabase(origin);
if (banner === null) process.exit();

const next = spawn(process.execPath, [createRequire(import.meta.url).resolve('next/dist/bin/next'), 'dev', ...nextArgs], {
  stdio: 'inherit',
  env: serverEnv,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => next.kill(signal));
next.on('exit', (code, signal) => {
  // next dev kills its server 100 ms after a signal: the address file may outlive it.
  removeStaleDevDatabaseAddress();
  process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 1));
});

// On the embedded database, the banner waits until the server has it open and serves it (a few
// seconds after "Ready"): from then on the scripts it names go through the server.
const addressFile = devDatabaseAddressFile();
for (const deadline = Date.now() + 120_000; addressFile && !fs.existsSync(addressFile) && Date.now() < deadline;) {
  await new Promise((resolve) => setTimeout(resolve, 250));
}
console.log(banner);
