import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { openDatabase } from '@/db';
import { createApiToken } from '@/lib/server/auth/tokens';
import { createAccount } from '@/db/queries/accounts';
import { spawnApp } from '../spawn-app';

// The fault tests restart PostgreSQL. Never the cluster the rest of the suite (and everyone else on
// the machine) uses: a dedicated cluster `faults` on port 5433, created here when missing.

export const FAULTS_PORT = 5433;
const CLUSTER = 'faults';
const run = promisify(execFile);

function clusters(): { version: string; name: string; port: number; status: string }[] {
  return execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [version, name, port, status] = line.trim().split(/\s+/) as [string, string, string, string];
      return { version, name, port: Number(port), status };
    });
}

/** The version of the faults cluster (the newest installed server when it has to be created). */
export function ensureFaultsCluster(): string {
  let cluster = clusters().find((c) => c.name === CLUSTER);
  if (!cluster) {
    const version = clusters()
      .map((c) => c.version)
      .sort((a, b) => Number(b) - Number(a))[0];
    if (!version) throw new Error('no PostgreSQL server is installed (pg_lsclusters lists no cluster)');
    execFileSync('pg_createcluster', [version, CLUSTER, '-p', String(FAULTS_PORT), '--', '--auth=trust'], { stdio: 'ignore' });
    cluster = clusters().find((c) => c.name === CLUSTER)!;
  }
  if (cluster.port !== FAULTS_PORT) throw new Error(`cluster ${CLUSTER} listens on ${cluster.port}, expected ${FAULTS_PORT}`);
  if (cluster.status !== 'online') execFileSync('pg_ctlcluster', [cluster.version, CLUSTER, 'start'], { stdio: 'ignore' });
  return cluster.version;
}

/** Restarts the faults cluster (fast shutdown: sessions are terminated, as in a failover). */
export async function restartFaultsCluster(version: string): Promise<void> {
  await run('pg_ctlcluster', [version, CLUSTER, 'restart', '-m', 'fast']);
}

/** A fresh, migrated database on the faults cluster with an account and an API token in it. */
export async function faultsDatabase(label: string) {
  const serverUrl = `postgres://postgres@127.0.0.1:${FAULTS_PORT}/postgres`;
  const name = `groundwork_faults_${label}_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
  await database.migrate();
  const { accountId, userIds } = await createAccount(database.db, {
    name: `Faults ${label}`,
    users: [{ firstName: 'Fay', lastName: 'Ault', email: `fay.${name}@example.com` }],
  });
  const token = await createApiToken(database.db, { accountId, userId: userIds[0]! });
  return {
    url: url.toString(),
    database,
    accountId,
    token,
    async drop() {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** The app on the given database, its rate limit off; FAULTS_DEBUG=1 shows its log (its errors during the outage). */
export function startApp(env: Record<string, string>) {
  return spawnApp({ API_RATE_LIMIT: 'off', ...env }, Boolean(process.env.FAULTS_DEBUG));
}
