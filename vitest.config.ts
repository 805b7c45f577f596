import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The fault tests restart and starve a real PostgreSQL server, the scale tests run several app
// processes over one: they run when the suite runs on one.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // Tests run as the server does: `import 'server-only'` is the marker's empty module there.
      'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'e2e/**', '.next/**', ...(onPostgres ? [] : ['tests/faults/**', 'tests/scale/**'])],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    // Test files share one database connection per worker; each file works in accounts of its own.
    isolate: false,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
