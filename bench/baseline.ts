import http from 'node:http';
import { etagOfRecord } from '@/lib/server/services/etag';
import { FULL_ACCESS } from '@/lib/shared/permissions';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@/db';
import { pageHeaders } from '@/lib/server/http/pagination';
import { parseIfMatch } from '@/lib/server/http/preconditions';
import { createContact } from '@/lib/server/services/contacts';
import { listLeads, updateLead } from '@/lib/server/services/leads';
import { getProject, listProjects } from '@/lib/server/services/projects';
import { listTasks } from '@/lib/server/services/tasks';
import { leadListQuery, type LeadCreate } from '@/lib/shared/validation/leads';
import { projectListQuery } from '@/lib/shared/validation/projects';
import { tasksListQuery } from '@/lib/shared/validation/tasks';
import { statusOf } from '@/lib/server/http/errors';
import { ServiceError } from '@/lib/server/services/errors';
import type { CallerContext } from '@/lib/server/services/context';

// The benchmark's framework-only baseline: a bare node:http server answering the benchmarked
// routes by calling the project's own services (queries + serializers) directly — no Next.js, no
// authentication, no validation (query strings are parsed once per distinct string and cached;
// bodies are trusted). What the app spends beyond this is the framework's and the middleware's
// cost; what this spends beyond the limit (bench/limit.ts) is the app's own queries' and
// serializers'.

export interface BaselineOptions {
  url: string;
  accountId: number;
  userId: number;
  poolMax: number;
  /** The origin of Link headers (the app's PUBLIC_BASE_URL). */
  baseUrl: string;
  port?: number;
}

export async function startBaseline(o: BaselineOptions) {
  const database = openDatabase({ kind: 'postgres', url: o.url, poolMax: o.poolMax });
  const db = database.db;
  const queries = new Map<string, unknown>();
  const parsed = <T>(search: string, parse: (q: Record<string, string>) => T): T => {
    if (!queries.has(search)) queries.set(search, parse(Object.fromEntries(new URLSearchParams(search))));
    return queries.get(search) as T;
  };
  const body = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  };
  const send = (res: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(payload);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const ctx: CallerContext = {
      requestId: 'baseline',
      accountId: o.accountId,
      userId: o.userId,
      role: 'admin',
      access: FULL_ACCESS,
      scopes: ['read', 'write'],
      authMethod: 'token',
      credential: 'token:0',
      baseUrl: o.baseUrl,
      // The precondition is part of a PATCH's work: the service reads the record to compare ETags.
      ifMatch: req.method === 'PATCH' ? parseIfMatch(req.headers['if-match'] ?? null) : null,
    };
    const path = url.pathname.replace(/^\/api\/2023-01/, '');
    const handle = async () => {
      let m: RegExpMatchArray | null;
      if (req.method === 'GET' && path === '/leads') {
        const page = await listLeads(
          db,
          ctx,
          parsed(url.search, (q) => leadListQuery.parse(q)),
        );
        return send(res, 200, { leads: page.items }, pageHeaders(url, ctx.baseUrl, page));
      }
      if (req.method === 'GET' && path === '/projects') {
        const page = await listProjects(
          db,
          ctx,
          parsed(url.search, (q) => projectListQuery.parse(q)),
        );
        return send(res, 200, { projects: page.items }, pageHeaders(url, ctx.baseUrl, page));
      }
      if (req.method === 'GET' && path === '/tasks') {
        const page = await listTasks(
          db,
          ctx,
          parsed(url.search, (q) => tasksListQuery.parse(q)),
        );
        return send(res, 200, { tasks: page.items }, pageHeaders(url, ctx.baseUrl, page));
      }
      if (req.method === 'GET' && (m = path.match(/^\/projects\/(\d+)$/))) {
        return send(res, 200, { project: await getProject(db, ctx, Number(m[1])) });
      }
      if (req.method === 'PATCH' && (m = path.match(/^\/leads\/(\d+)$/))) {
        const input = (await body(req)).lead as LeadCreate;
        // With its ETag, as the app answers it: the If-Match rotation takes the lead back by it.
        const answer = { lead: await updateLead(db, ctx, Number(m[1]), input) };
        return send(res, 200, answer, { ETag: etagOfRecord('lead', answer.lead) });
      }
      if (req.method === 'POST' && path === '/contacts') {
        const input = (await body(req)).contact as Parameters<typeof createContact>[2];
        return send(res, 201, { contact: await createContact(db, ctx, input) });
      }
      return send(res, 404, { error: { code: 'not_found' } });
    };
    handle().catch((err: unknown) => {
      // A refusal keeps its status and headers (a 412 carries the current ETag).
      if (err instanceof ServiceError) return send(res, statusOf(err.code), { error: err.code, message: err.message }, err.headers);
      send(res, 500, { error: { message: err instanceof Error ? err.message : String(err) } });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

// As its own process (bench/run.ts starts it so): BASELINE_* from the environment; prints its origin.
if (import.meta.url === `file://${process.argv[1]}`) {
  const e = process.env;
  startBaseline({
    url: e.BASELINE_DATABASE_URL!,
    accountId: Number(e.BASELINE_ACCOUNT_ID),
    userId: Number(e.BASELINE_USER_ID),
    poolMax: Number(e.BASELINE_POOL_MAX ?? 10),
    baseUrl: e.BASELINE_BASE_URL ?? 'http://127.0.0.1',
    port: Number(e.BASELINE_PORT ?? 0),
  }).then((b) => console.log(`baseline listening on ${b.origin}`));
}
