import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leads, projects } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { createTestAccount, type TestAccount } from '../fixtures';

// The unfiltered leads and projects lists take their total from counters kept by triggers, and read
// pages past the middle from the other end: the totals must stay exact through every kind of write,
// and every page must hold what reading from the front would give (a filter that matches every
// row, `updated_since` in the past, takes the counting path, which is the reference).

let a: TestAccount;
const EVERYTHING = 'updated_since=2000-01-01T00:00:00Z';

beforeAll(async () => {
  a = await createTestAccount('List totals GC');
});

async function dbCount(table: 'leads' | 'projects') {
  const where = table === 'leads' ? and(eq(leads.accountId, a.accountId), isNull(leads.archivedAt)) : eq(projects.accountId, a.accountId);
  const [row] = await getDb()
    .select({ n: count() })
    .from(table === 'leads' ? leads : projects)
    .where(where);
  return row!.n;
}

async function total(path: string) {
  const res = await a.api.get(path);
  expect(res.status).toBe(200);
  return Number(res.headers.get('x-total-count'));
}

const ids = (list: { id: string }[]) => list.map((r) => r.id);

describe('exact totals of the unfiltered lists', () => {
  it('follow creates, archives, unarchives, deletes and conversions of leads, and projects', async () => {
    const made: string[] = [];
    for (let i = 0; i < 6; i++) made.push((await a.api.post('/leads', { lead: { name: `Counted ${i}` } })).body.lead.id);
    expect(await total('/leads?per_page=1')).toBe(await dbCount('leads'));
    await a.api.patch(`/leads/${made[0]}`, { lead: { archived_at: '2026-01-01T00:00:00Z' } });
    await a.api.patch(`/leads/${made[1]}`, { lead: { archived_at: '2026-01-01T00:00:00Z' } });
    await a.api.patch(`/leads/${made[1]}`, { lead: { archived_at: null } });
    await a.api.patch(`/leads/${made[2]}`, { lead: { name: 'Renamed, still counted' } });
    await a.api.delete(`/leads/${made[3]}`);
    await a.api.delete(`/leads/${made[0]}`); // archived: not in the list's count
    expect((await a.api.post(`/leads/${made[4]}/convert`)).status).toBe(201);
    expect(await total('/leads')).toBe(await dbCount('leads'));
    expect(await total('/leads')).toBe(await total(`/leads?${EVERYTHING}`));

    const project = (await a.api.post('/projects', { project: { name: 'Counted project' } })).body.project.id;
    await a.api.post('/projects', { project: { name: 'Another counted project' } });
    await a.api.delete(`/projects/${project}`);
    expect(await total('/projects')).toBe(await dbCount('projects'));
    expect(await total('/projects')).toBe(await total(`/projects?${EVERYTHING}`));
  });

  it('a rolled-back write leaves the count as it was', async () => {
    const before = await total('/leads');
    await expect(
      getDb().transaction(async (tx) => {
        await tx.insert(leads).values({ accountId: a.accountId, name: 'Never was' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await total('/leads')).toBe(before);
    expect(before).toBe(await dbCount('leads'));
  });

  it('counts each account apart', async () => {
    const b = await createTestAccount('Other totals GC');
    await b.api.post('/leads', { lead: { name: 'Theirs' } });
    expect(Number((await b.api.get('/leads')).headers.get('x-total-count'))).toBe(1);
    expect(await total('/leads')).toBe(await dbCount('leads'));
  });
});

describe('pages read from the nearest end', () => {
  beforeAll(async () => {
    for (let i = 0; i < 23; i++) {
      await a.api.post('/leads', {
        lead: { name: `Paged ${String(i % 7).padStart(2, '0')}`, value_in_cents: i % 3 === 0 ? null : (i % 5) * 100 },
      });
      await a.api.post('/projects', { project: { name: `Paged project ${i % 5}`, amount: i % 4 === 0 ? null : (i % 6) * 10 } });
    }
  });

  it.each([
    ['/leads', ['-created_at', 'created_at', 'name', '-name', 'value_in_cents', '-value_in_cents']],
    ['/projects', ['-created_at', 'created_at', 'name', '-amount', 'amount']],
  ] as const)('%s: every page of every sort, at every page size, holds what the front-to-back read gives', async (path, sorts) => {
    const key = path.slice(1);
    for (const sort of sorts) {
      for (const perPage of [1, 4, 7, 100]) {
        const all = (await a.api.get(`${path}?sort=${sort}&per_page=100&${EVERYTHING}`)).body[key];
        const pages = Math.ceil(all.length / perPage) + 1; // and one past the end
        const seen: string[] = [];
        for (let page = 1; page <= pages; page++) {
          const res = await a.api.get(`${path}?sort=${sort}&per_page=${perPage}&page=${page}`);
          const reference = await a.api.get(`${path}?sort=${sort}&per_page=${perPage}&page=${page}&${EVERYTHING}`);
          expect(ids(res.body[key]), `${sort} per_page=${perPage} page=${page}`).toEqual(ids(reference.body[key]));
          expect(res.body[key]).toEqual(reference.body[key]);
          expect(res.headers.get('x-total-count')).toBe(String(all.length));
          expect(res.headers.get('link')!.replace(/&updated_since=[^>&]*/g, '')).toBe(reference.headers.get('link')!.replace(/&updated_since=[^>&]*/g, ''));
          seen.push(...ids(res.body[key]));
        }
        expect(seen).toEqual(ids(all));
      }
    }
  });
});
