import { tmpdir } from 'node:os';
import { beforeAll, inject } from 'vitest';

const databaseUrl = inject('databaseUrl');
// The suite hammers the API with one token (hundreds of requests at once); the rate-limit tests
// configure a limiter of their own (tests/api/rate-limit.test.ts).
process.env.API_RATE_LIMIT = 'off';
// Many tests sign in with wrong passwords; tests/api/sign-in-throttle.test.ts turns the throttle on.
process.env.SIGN_IN_THROTTLE = 'off';
// Mail sent without an SMTP server (a worker's sweep in another test) goes to a folder outside the tree.
process.env.MAIL_DIR ??= `${tmpdir()}/groundwork-test-mail`;
// Documents' bytes too (the S3 driver's tests point the store at a server of their own).
process.env.STORAGE_DIR ??= `${tmpdir()}/groundwork-test-files`;
if (databaseUrl) {
  process.env.DATABASE_URL = databaseUrl;
  // Behind a transaction-mode pooler (CI's PgBouncer run), the same database past it, as a
  // deployment gives it: the pushes' LISTEN needs a session of its own.
  if (process.env.TEST_DATABASE_DIRECT_URL) {
    const direct = new URL(process.env.TEST_DATABASE_DIRECT_URL);
    direct.pathname = new URL(databaseUrl).pathname;
    process.env.DATABASE_DIRECT_URL = direct.toString();
  }
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = 'memory://';
}

const state = globalThis as unknown as { __groundworkMigrated?: Promise<void> };

beforeAll(async () => {
  if (databaseUrl) return;
  // One in-memory PGlite per worker (files share it, isolate: false): migrate it once.
  const { getDatabase } = await import('@/lib/server/db');
  state.__groundworkMigrated ??= getDatabase().migrate();
  await state.__groundworkMigrated;
});
