import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';

// End-to-end tests against the production build (`npm run build` first), served on a fresh
// embedded database that the web server command migrates and seeds.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = '.data/e2e';

// With a PostgreSQL server (the suite's TEST_DATABASE_URL, as CI has), the journey of
// e2e/scale/instances.spec.ts also runs: two `next start` instances over one fresh PostgreSQL
// database, behind a round-robin load balancer (e2e/scale/load-balancer.mjs) on LB_PORT.
const POSTGRES = process.env.TEST_DATABASE_URL || '';
const [INSTANCE_A, INSTANCE_B, LB_PORT] = [3105, 3106, 3107];
const instancesDir = '.data/e2e-instances';
const instancesDatabase = 'groundwork_e2e_instances';
const instancesUrl = (() => {
  if (!POSTGRES) return '';
  const u = new URL(POSTGRES);
  u.pathname = `/${instancesDatabase}`;
  return u.toString();
})();
const instanceEnv = {
  DATABASE_URL: instancesUrl,
  NEXT_TELEMETRY_DISABLED: '1',
  NODE_OPTIONS: '--max-old-space-size=256',
  API_RATE_LIMIT: 'off',
  PAGE_RATE_LIMIT_POINTS: '1000000',
  SIGN_IN_THROTTLE: 'off',
  MAIL_DIR: `${instancesDir}/mail`,
  // One secret and one public origin (the load balancer's) for both, as behind a real one.
  BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString('base64url'),
  PUBLIC_BASE_URL: `http://127.0.0.1:${LB_PORT}`,
};
const instanceServers = POSTGRES
  ? [
      {
        command: [
          `rm -rf ${instancesDir}`,
          `mkdir -p ${instancesDir}`,
          'npx tsx e2e/scale/instances-database.ts',
          'npx tsx --conditions=react-server scripts/seed.ts',
          `npx tsx --conditions=react-server scripts/create-token.ts --email marcus.reyes@summitridge.example.com | tail -n 1 > ${instancesDir}/marcus-token`,
          `npx next start -p ${INSTANCE_A} -H 127.0.0.1`,
        ].join(' && '),
        env: { ...instanceEnv, E2E_POSTGRES_URL: POSTGRES, E2E_INSTANCES_DATABASE: instancesDatabase },
        url: `http://127.0.0.1:${INSTANCE_A}/api/health`,
        timeout: 240_000,
        reuseExistingServer: false,
      },
      {
        // Starts once the first has migrated and seeded the database.
        command: `bash -c 'until (exec 3<>/dev/tcp/127.0.0.1/${INSTANCE_A}) 2>/dev/null; do sleep 1; done; exec npx next start -p ${INSTANCE_B} -H 127.0.0.1'`,
        env: instanceEnv,
        url: `http://127.0.0.1:${INSTANCE_B}/api/health`,
        timeout: 240_000,
        reuseExistingServer: false,
      },
      {
        command: `node e2e/scale/load-balancer.mjs ${LB_PORT} ${INSTANCE_A} ${INSTANCE_B}`,
        url: `http://127.0.0.1:${LB_PORT}/__lb/ready`,
        timeout: 240_000,
        reuseExistingServer: false,
      },
    ]
  : [];

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  // Sign in once (setup) and reuse the session; the sign-in journey itself runs last, in a project of
  // its own, because Better Auth allows 3 sign-ins per 10 s per IP.
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    {
      name: 'dashboard',
      dependencies: ['setup'],
      testIgnore: [/auth\.setup\.ts/, /sign-in\.spec\.ts/, /scale\//],
      use: { storageState: '.data/e2e/storage-state.json' },
    },
    { name: 'sign-in', dependencies: ['dashboard'], testMatch: /sign-in\.spec\.ts/ },
    ...(POSTGRES ? [{ name: 'instances', testMatch: /scale\/instances\.spec\.ts/, use: { baseURL: `http://127.0.0.1:${LB_PORT}` } }] : []),
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: [
    {
      command: [
        `rm -rf ${dataDir}`,
        `mkdir -p ${dataDir}`,
        'npx tsx --conditions=react-server scripts/seed.ts',
        `npx tsx --conditions=react-server scripts/create-token.ts | tail -n 1 > ${dataDir}/token`,
        `npx next start -p ${PORT} -H 127.0.0.1`,
      ].join(' && '),
      // A production server needs a session secret; a fresh one per run (sessions die with the run's database anyway).
      env: {
        PGLITE_DATA_DIR: `${dataDir}/pglite`,
        // Always a fresh embedded database, whatever DATABASE_URL the shell has (empty means unset).
        DATABASE_URL: '',
        NEXT_TELEMETRY_DISABLED: '1',
        // As `npm start` runs it: the production heap cap (e2e/api/import-limits.spec.ts holds the server to it).
        NODE_OPTIONS: '--max-old-space-size=256',
        // The journeys' webhook receiver listens on 127.0.0.1; retries come quickly.
        WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,2,4',
        // The journeys share one token and one session; the rate limit has tests of its own (vitest).
        API_RATE_LIMIT: 'off',
        // One browser on 127.0.0.1 loads every page of every journey: the page limit stays on (its
        // path runs in the production build) with a budget no run reaches; it has vitest tests.
        PAGE_RATE_LIMIT_POINTS: '1000000',
        // The sign-in journey signs in with wrong passwords on purpose; the throttle has vitest tests.
        SIGN_IN_THROTTLE: 'off',
        // No SMTP server: mail is written here as .eml files, which the password-reset journey reads.
        MAIL_DIR: `${dataDir}/mail`,
        // Email capture's inbound hook: the email journey posts a message to it, as a provider would.
        INBOUND_EMAIL_SECRET: 'e2e-inbound-secret-0123456789',
        BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString('base64url'),
        // The origin the journeys use: Better Auth's base URL (it warns without one).
        PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}`,
      },
      url: `http://127.0.0.1:${PORT}/api/2023-01/openapi.json`,
      timeout: 180_000,
      reuseExistingServer: false,
    },
    ...instanceServers,
  ],
});
