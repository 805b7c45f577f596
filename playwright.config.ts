import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';

// End-to-end tests against the production build (`npm run build` first), served on a fresh
// embedded database that the web server command migrates and seeds.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = '.data/e2e';

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
      testIgnore: [/auth\.setup\.ts/, /sign-in\.spec\.ts/],
      use: { storageState: '.data/e2e/storage-state.json' },
    },
    { name: 'sign-in', dependencies: ['dashboard'], testMatch: /sign-in\.spec\.ts/ },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: {
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
});
