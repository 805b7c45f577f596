import { describe, expect, it } from 'vitest';
import { checkHealth } from '@/app/api/health/check';
import journal from '@/db/migrations/meta/_journal.json';
import { openDatabase } from '@/db';
import { request } from '../api';
import { freshDatabase } from '../fresh-database';

describe('GET /api/health', () => {
  it('answers 200 ok without credentials, with latency and every migration applied', async () => {
    const res = await request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      status: 'ok',
      database: { reachable: true, latency_ms: expect.any(Number) },
      migrations: { applied: journal.entries.length, pending: 0, latest: journal.entries.at(-1)!.tag },
    });
  });

  it('is degraded while migrations are pending, and ok once they are applied', async () => {
    const { database, drop } = await freshDatabase();
    try {
      expect(await checkHealth(database.db)).toMatchObject({
        status: 'degraded',
        database: { reachable: true },
        migrations: { applied: 0, pending: journal.entries.length, latest: null },
      });
      await database.migrate();
      expect((await checkHealth(database.db)).status).toBe('ok');
    } finally {
      await drop();
    }
  });

  it('is degraded, without migration state, when the database is out of reach', async () => {
    const database = process.env.DATABASE_URL
      ? openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none', connectTimeoutSeconds: 1 })
      : openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    if (!process.env.DATABASE_URL) await database.close();
    try {
      expect(await checkHealth(database.db)).toEqual({
        status: 'degraded',
        database: { reachable: false, latency_ms: null },
        migrations: null,
      });
    } finally {
      if (process.env.DATABASE_URL) await database.close();
    }
  });
});
