import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * The real route handlers in a Node process of their own (tests/app-process.ts) with `env` on top
 * of this one's; resolves once it listens. `log` passes the app's stderr through.
 */
export async function spawnApp(env: Record<string, string>, log = false): Promise<{ base: string; child: ChildProcess; stop: () => void }> {
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'tests/app-process.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (c: Buffer) => log && process.stderr.write(c));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`app process exited with ${code} before listening`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, stop: () => child.kill('SIGTERM') };
}

/**
 * Two app processes with the same `env`: two instances behind one load balancer. `stop` ends both;
 * if one fails to start, the other is stopped before the error is thrown.
 */
export async function spawnPair(env: Record<string, string>) {
  const started = await Promise.allSettled([spawnApp(env), spawnApp(env)]);
  const apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    for (const app of apps) app.stop();
    throw failed.reason;
  }
  const [one, two] = apps as [Awaited<ReturnType<typeof spawnApp>>, Awaited<ReturnType<typeof spawnApp>>];
  return { one, two, stop: () => apps.forEach((app) => app.stop()) };
}

/** `npm run worker` (scripts/worker.ts) in a process of its own with `env` on top; resolves once its graphile-worker runs. */
export function spawnWorker(env: Record<string, string>): Promise<ChildProcess> {
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What it said before it ran, for the error when it does not start (its last 4 kB).
  let said = '';
  const keep = (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4096));
  child.stderr!.on('data', (c: Buffer) => {
    keep(c);
    if (process.env.DEBUG_WORKERS) process.stderr.write(c);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      keep(chunk);
      if (process.env.DEBUG_WORKERS) process.stdout.write(chunk);
      if (out.includes('Job worker (graphile-worker)')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${said}`)));
  });
}
