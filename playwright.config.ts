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
      'npx tsx scripts/seed.ts',
      `npx tsx scripts/create-token.ts | tail -n 1 > ${dataDir}/token`,
      `npx next start -p ${PORT} -H 127.0.0.1`,
    ].join(' && '),
    env: { PGLITE_DATA_DIR: `${dataDir}/pglite`, NEXT_TELEMETRY_DISABLED: '1' },
    url: `http://127.0.0.1:${PORT}/api/2023-01/openapi.json`,
    timeout: 180_000,
    reuseExistingServer: false,
  },
});
