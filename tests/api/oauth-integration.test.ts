import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiRateLimiter, setApiRateLimiter } from '@/lib/server/http/rate-limit';
import { embeddedRateLimitStore, postgresRateLimitStore } from '@/lib/server/security/rate-limit-store';
import { PROJECT_STATUSES } from '@/db/schema/enums';
import { projects } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { BASE } from '../api';
import { createTestAccount, sessionClient, type TestAccount } from '../fixtures';
import { syncProjects } from '../integration-client';
import { appFetch, registerApp } from '../oauth';

// The integration, unchanged but for its two URLs, against an account of 250 projects,
// under the default rate limit (10 requests per 10 s per token, as in production).

const COUNT = 250;
let a: TestAccount;
let previous: ApiRateLimiter | undefined;
const databaseUrl = inject('databaseUrl');
const store = databaseUrl ? postgresRateLimitStore(databaseUrl, 2) : embeddedRateLimitStore();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

afterAll(async () => {
  setApiRateLimiter(previous);
  if (store.kind === 'postgres') await store.pool.end();
});

beforeAll(async () => {
  previous = setApiRateLimiter(new ApiRateLimiter({ enabled: true, points: 10, duration: 10, sessions: false }, store));
  a = await createTestAccount('Integration GC');
  // Pursuit (open stage), upcoming, active and complete (won), in turn.
  const open = a.stageIds[0]!;
  const won = a.stageIds[5]!;
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const kind = i % 4;
    const base = { accountId: a.accountId, name: `Integration project ${String(i + 1).padStart(3, '0')}` };
    if (kind === 0) return { ...base, projectStageId: open };
    const dates = kind === 1 ? { startDate: day(30) } : kind === 2 ? { startDate: day(-30), endDate: day(60) } : { startDate: day(-300), endDate: day(-10) };
    return { ...base, projectStageId: won, closeType: 'won' as const, closedAt: new Date(`${day(-400)}T00:00:00Z`), awardDate: day(-400), ...dates };
  });
  await getDb().insert(projects).values(rows);
});

describe('an integration built for the anchor API', () => {
  it('gets a client-credentials token, pages through all 250 projects once each, and reads users/me', async () => {
    const admin = await sessionClient(a.userId);
    const app = await registerApp(admin, { name: 'Cost estimating sync' });
    const lines: string[] = [];
    const result = await syncProjects({
      baseUrl: BASE,
      tokenUrl: `${BASE}/oauth/token`,
      clientId: app.client_id,
      clientSecret: app.client_secret!,
      fetch: appFetch,
      log: (line) => lines.push(line),
    });
    console.log(`integration client output:\n  ${lines.join('\n  ')}`);

    expect(result.expiresIn).toBe(3600);
    expect(result.projects).toHaveLength(COUNT);
    expect(new Set(result.projects.map((p) => p.id)).size).toBe(COUNT);
    expect(result.projects.every((p) => (PROJECT_STATUSES as readonly string[]).includes(p.project_status))).toBe(true);
    expect(result.kept).toHaveLength(COUNT);
    const byStatus: Record<string, number> = {};
    for (const p of result.projects) byStatus[p.project_status] = (byStatus[p.project_status] ?? 0) + 1;
    expect(byStatus).toEqual({
      pursuit: 63,
      upcoming: 63,
      active: 62,
      complete: 62,
    });
    expect(result.me.id).toBe(String(a.userId));
    expect(lines.filter((l) => l.startsWith('GET /api/2023-01/projects'))).toHaveLength(3);
  });
});
