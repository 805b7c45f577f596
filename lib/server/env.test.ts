import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// lib/server/env.ts validates at import, as the server's start does (instrumentation.ts → env-startup):
// each case loads it in a fresh Node process with the environment given.
const root = path.resolve(import.meta.dirname, '../..');
const SECRET = 'x'.repeat(40);

function start(vars: Record<string, string | undefined>) {
  const env: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME, ...vars };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const script =
    "const { validateEnvironmentOrExit } = await import('./lib/server/env-startup.ts'); await validateEnvironmentOrExit(); const { env } = await import('./lib/server/env.ts'); console.log(JSON.stringify(env));";
  const run = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the environment, validated at start', () => {
  it('stops a production server without BETTER_AUTH_SECRET, naming it', () => {
    const run = start({ NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('BETTER_AUTH_SECRET: required in production');
  });

  it('treats an empty BETTER_AUTH_SECRET as missing, and names a short one', () => {
    expect(start({ NODE_ENV: 'production', BETTER_AUTH_SECRET: '' }).stderr).toContain('BETTER_AUTH_SECRET: required in production');
    const short = start({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'short' });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('BETTER_AUTH_SECRET: must be at least 32 characters');
  });

  it('names a malformed variable', () => {
    const run = start({ DATABASE_URL: 'mysql://db/x', DATABASE_POOLER: 'session' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL:');
    expect(run.stderr).toContain('DATABASE_POOLER:');
  });

  it('stops a production server without PUBLIC_BASE_URL, naming it (links must not come from the Host header)', () => {
    const run = start({ NODE_ENV: 'production', BETTER_AUTH_SECRET: SECRET });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PUBLIC_BASE_URL: required in production');
    expect(run.stderr).not.toContain('BETTER_AUTH_SECRET');
    const both = start({ NODE_ENV: 'production' });
    expect(both.stderr).toContain('BETTER_AUTH_SECRET: required in production');
    expect(both.stderr).toContain('PUBLIC_BASE_URL: required in production');
    expect(start({ NODE_ENV: 'production', BETTER_AUTH_SECRET: SECRET, PUBLIC_BASE_URL: 'crm.example.com' }).stderr).toContain('PUBLIC_BASE_URL:');
    expect(start({ TRUST_PROXY: 'yes' }).stderr).toContain('TRUST_PROXY:');
  });

  it('starts in production with the secret and the public URL, and lets `next build` run without them', () => {
    const ok = start({ NODE_ENV: 'production', BETTER_AUTH_SECRET: SECRET, PUBLIC_BASE_URL: 'https://crm.example.com', DATABASE_POOLER: 'transaction' });
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      BETTER_AUTH_SECRET: SECRET,
      PUBLIC_BASE_URL: 'https://crm.example.com',
      TRUST_PROXY: 'false',
      DATABASE_POOLER: 'transaction',
      DATABASE_STATEMENT_TIMEOUT: 5000,
    });
    expect(start({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' }).code).toBe(0);
  });
});
