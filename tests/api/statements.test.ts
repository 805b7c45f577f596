import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { statementCount, txidQueryCount } from '@/db';
import { projectTeamMemberships } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { openApiDocument } from '@/lib/server/openapi/document';
import { seedDemo } from '@/db/seed/demo';
import { client, type Client } from '../api';
import { sessionClient, type SessionClient } from '../fixtures';

// No N+1: a list runs the same, small number of SQL statements for one record as for a hundred.
// Counts include the token lookup (3 at most: the page, its total, the token); lists read with the
// session cookie may count one more for the session lookup. They do not depend on the machine.

const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
// A list is a collection GET answered with the paging headers (Link, X-Total-Count). Reports and
// the forecast are not lists; their own tests count their statements.
type Operation = { responses?: Record<string, { headers?: { Link?: unknown } }> };
const lists = Object.keys(paths)
  .filter((p) => !p.includes('{') && (paths[p]!.get as Operation | undefined)?.responses?.['200']?.headers?.Link)
  .map((p) => p.replace('/api/2023-01', ''));

let api: Client;
let session: SessionClient;
let projectId: number;
// Lists a token may not read (a token cannot manage tokens): counted with the session cookie,
// whose lookup (session and user) Better Auth does in its own statements.
const SESSION_ONLY = new Set(['/api_tokens', '/oauth_applications', '/oauth_grants', '/sessions']);
// Lists of one record's things, which first check the caller sees that record (one statement).
const RECORD_SUBLISTS = new Set(['/comments', '/documents', '/document_folders']);

beforeAll(async () => {
  const db = getDb();
  const seeded = await seedDemo(db, { adminEmail: `stmt-${randomUUID().slice(0, 8)}@example.com` });
  api = client(await createApiToken(db, { accountId: seeded.accountId, userId: seeded.adminUserId }));
  const [team] = await db
    .select({ projectId: projectTeamMemberships.projectId })
    .from(projectTeamMemberships)
    .where(and(eq(projectTeamMemberships.accountId, seeded.accountId)))
    .limit(1);
  projectId = team!.projectId;
  await api.get('/users/me'); // the token's first use records last_used_at; later calls do not write
  session = await sessionClient(seeded.adminUserId);
  await session.post('/api_tokens', { api_token: { name: 'Counted', scope: 'read' } });
  await session.post('/oauth_applications', { oauth_application: { name: 'Counted app', redirect_uris: ['https://counted.example.com/cb'] } });
});

async function statementsFor(path: string): Promise<{ n: number; records: number }> {
  const before = statementCount();
  const res = await (SESSION_ONLY.has(path.split('?')[0]!) ? session : api).get(path);
  expect(res.status, path).toBe(200);
  const key = Object.keys(res.body)[0]!;
  return { n: statementCount() - before, records: res.body[key].length };
}

describe('statements per list request', () => {
  it('covers every list endpoint of the document', () => {
    expect(lists.length).toBeGreaterThanOrEqual(20);
  });

  for (const path of lists) {
    it(`GET ${path}: equal for per_page=1 and per_page=100, at most 3 with the token lookup`, async () => {
      const sep = path.includes('?') ? '&' : '?';
      const base = path.startsWith('/project_team_memberships')
        ? `${path}?project_id=${projectId}`
        : path.startsWith('/comments')
          ? `${path}?commentable_type=project&commentable_id=${projectId}`
          : path.startsWith('/documents') || path.startsWith('/document_folders')
            ? `${path}?attachable_type=project&attachable_id=${projectId}`
            : path.startsWith('/duplicates')
              ? `${path}?resource=companies`
              : path;
      const s = base.includes('?') ? '&' : sep;
      const one = await statementsFor(`${base}${s}per_page=1`);
      const hundred = await statementsFor(`${base}${s}per_page=100`);
      expect(one.n).toBe(hundred.n);
      // The token lookup is one of the three; the session's (Better Auth: session, then user) one more.
      // A record's sub-list (its comments) reads its record first: whether the caller sees it (a 404 otherwise).
      expect(hundred.n, `${path}: ${hundred.n}`).toBeLessThanOrEqual(SESSION_ONLY.has(path) || RECORD_SUBLISTS.has(path) ? 4 : 3);
      if (one.records === 1) expect(hundred.records).toBeGreaterThanOrEqual(1);
    });
  }
});

describe('statements per timeline page', () => {
  it('GET /projects/{id}/timeline: the token, the record, the page with its count, then one per kind of record on it', async () => {
    for (const perPage of [1, 100]) {
      const before = statementCount();
      const res = await api.get(`/projects/${projectId}/timeline?per_page=${perPage}`);
      const n = statementCount() - before;
      expect(res.status).toBe(200);
      const kinds = new Set((res.body.timeline as { kind: string }[]).map((e) => e.kind).filter((k) => ['comment', 'call', 'task'].includes(k)));
      expect(res.body.timeline.length).toBeGreaterThanOrEqual(1);
      expect(n, `per_page=${perPage}: ${[...kinds].join(', ')}`).toBe(3 + kinds.size);
    }
  });
});

describe('statements per write', () => {
  it('PATCH /leads/{id} with If-Match: the token, the locked read, the update answering the record and the events’ insert; no statement asks the transaction’s id', async () => {
    const created = await api.post('/leads', { lead: { name: 'Counted lead' } });
    expect(created.status).toBe(201);
    const { id } = created.body.lead;
    const etag = (await api.get(`/leads/${id}`)).headers.get('etag')!;
    const [statements, txids] = [statementCount(), txidQueryCount()];
    const res = await api.patch(`/leads/${id}`, { lead: { name: 'Counted lead, renamed' } }, { headers: { 'If-Match': etag } });
    expect(res.status).toBe(200);
    expect(statementCount() - statements).toBe(4);
    // The lost-COMMIT bookkeeping (PostgreSQL) takes the id from the events' insert: BEGIN and COMMIT
    // are the only other round trips.
    expect(txidQueryCount() - txids).toBe(0);
  });
});
