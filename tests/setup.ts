import { beforeAll, inject } from 'vitest';

const databaseUrl = inject('databaseUrl');
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = 'memory://';
}

const state = globalThis as unknown as { __groundworkMigrated?: Promise<void> };

beforeAll(async () => {
  if (databaseUrl) return;
  // One in-memory PGlite per worker (files share it, isolate: false): migrate it once.
  const { getDatabase } = await import('@/lib/db');
  state.__groundworkMigrated ??= getDatabase().migrate();
  await state.__groundworkMigrated;
});
