import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import * as q from './limit-sql';

// The benchmark's limit: what the benchmarked requests cost when a request costs only its SQL.
// A bare node:http server and the postgres driver, nothing of the app (no lib/, db/, app/ import):
// per request the bearer token's hash, one prepared statement that authenticates and answers
// (PostgreSQL builds the JSON body), and the headers. A PATCH is one transaction of two
// statements, a POST one statement. It answers only the requests the bench sends (no filters, no
// validation: bodies are trusted); bench/run.ts checks its answers equal the app's.

export interface LimitOptions {
  url: string;
  poolMax: number;
  /** The origin of Link headers and webhook URLs (the app's PUBLIC_BASE_URL). */
  baseUrl: string;
  port?: number;
}

type Sql = postgres.Sql;
type Params = (string | number | string[] | null)[];

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const API = '/api/2023-01';

function tokenHash(req: http.IncomingMessage): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match) throw new Refusal(401, 'unauthorized');
  return createHash('sha256').update(match[1]!).digest('hex');
}

/** The strong ETag of a body: its SHA-256, base64url, quoted. */
const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url')}"`;

function send(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/** RFC 8288 links of a page (first, prev, next, last), each keeping the request's query. */
function pageLinks(baseUrl: string, url: URL, page: number, perPage: number, total: number): string {
  const last = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number, rel: string) => {
    const query = new URLSearchParams(url.search);
    query.set('page', String(n));
    query.set('per_page', String(perPage));
    return `<${baseUrl}${url.pathname}?${query}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page > 1) links.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) links.push(link(page + 1, 'next'));
  links.push(link(last, 'last'));
  return links.join(', ');
}

export async function startLimit(o: LimitOptions) {
  // `prepare: true` queries are named prepared statements, parsed once per connection (bench/run.ts
  // counts Parse messages to check it), and planned once too: planning these statements (a dozen
  // joins) takes 10–20 ms, more than running them, and under `auto` PostgreSQL kept re-planning
  // the projects list on every execution, its custom plans looking cheaper than the generic one.
  const sql = postgres(o.url, {
    max: o.poolMax,
    prepare: true,
    onnotice: () => {},
    connection: { plan_cache_mode: 'force_generic_plan' },
  });
  const run = <T extends postgres.Row>(db: Sql | postgres.TransactionSql, text: string, params: Params) =>
    db.unsafe<T[]>(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });

  /** The once-a-minute last_used_at touch the app does on a token's use. */
  async function touched(caller: { token_id: string; last_used_at: Date | null }) {
    if (caller.last_used_at && Date.now() - caller.last_used_at.getTime() <= 60_000) return;
    await run(sql, q.touchToken, [caller.token_id]);
  }

  type ListRow = { token_id: string; last_used_at: Date | null; total: string; body: string };
  async function list(res: http.ServerResponse, url: URL, hash: string, text: string, extra: Params = []) {
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 100);
    const [row] = await run<ListRow>(sql, text, [hash, perPage, (page - 1) * perPage, ...extra]);
    if (!row) throw new Refusal(401, 'unauthorized');
    await touched(row);
    const total = Number(row.total);
    send(res, 200, row.body, { Link: pageLinks(o.baseUrl, url, page, perPage, total), 'X-Total-Count': String(total) });
  }

  async function getProject(res: http.ServerResponse, hash: string, id: string) {
    const [row] = await run<{ token_id: string; last_used_at: Date | null; body: string | null }>(sql, q.getProject, [hash, id]);
    if (!row) throw new Refusal(401, 'unauthorized');
    await touched(row);
    if (row.body === null) throw new Refusal(404, 'not_found');
    send(res, 200, row.body, { ETag: etagOf(row.body) });
  }

  type LockedLead = {
    token_id: string;
    last_used_at: Date | null;
    user_id: string;
    account_id: string;
    auth_method: string;
    oauth_application_id: string | null;
    name: string;
    value_in_cents: string | null;
    body: string;
  };
  /** Lock, read and compare with If-Match, update what changed with its outbox row, read back. */
  async function patchLead(req: http.IncomingMessage, res: http.ServerResponse, hash: string, id: string) {
    const input = (await readJson(req)).lead as { name: string; value_in_cents: number | null };
    const ifMatch = req.headers['if-match'];
    const answer = await sql.begin(async (tx) => {
      const [current] = await run<LockedLead>(tx, q.lockLead, [hash, id]);
      if (!current) throw new Refusal(404, 'not_found');
      const etag = etagOf(current.body);
      if (ifMatch !== undefined && ifMatch !== '*' && !ifMatch.split(',').some((t) => t.trim() === etag)) {
        return { status: 412, body: JSON.stringify({ error: 'precondition_failed' }), etag, current };
      }
      const value = input.value_in_cents === null ? null : String(input.value_in_cents);
      const changed = [input.name !== current.name && 'name', value !== current.value_in_cents && 'value_in_cents'].filter((f): f is string => f !== false);
      if (changed.length === 0) return { status: 200, body: current.body, etag, current };
      const [row] = await run<{ body: string }>(tx, q.updateLead, [
        id,
        current.account_id,
        input.name,
        value,
        current.user_id,
        current.auth_method,
        current.token_id,
        current.oauth_application_id,
        changed,
        `${o.baseUrl}${API}/leads/${id}`,
      ]);
      return { status: 200, body: row!.body, etag: etagOf(row!.body), current };
    });
    await touched(answer.current);
    send(res, answer.status, answer.body, { ETag: answer.etag });
  }

  async function postContact(req: http.IncomingMessage, res: http.ServerResponse, hash: string) {
    const c = (await readJson(req)).contact as Record<string, string | number | null | undefined>;
    const [row] = await run<{ token_id: string; last_used_at: Date | null; body: string | null }>(sql, q.createContact, [
      hash,
      (c.first_name as string | undefined) ?? null,
      (c.last_name as string | undefined) ?? null,
      (c.email as string | undefined) ?? null,
      c.company_id == null ? null : String(c.company_id),
      `${o.baseUrl}${API}/contacts/`,
    ]);
    if (!row) throw new Refusal(401, 'unauthorized');
    await touched(row);
    if (row.body === null) throw new Refusal(422, 'validation_failed');
    send(res, 201, row.body, { ETag: etagOf(row.body) });
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', o.baseUrl);
    const path = url.pathname.startsWith(API) ? url.pathname.slice(API.length) : '';
    const hash = tokenHash(req);
    let m: RegExpMatchArray | null;
    if (req.method === 'GET' && path === '/leads') return list(res, url, hash, q.listLeads);
    if (req.method === 'GET' && path === '/projects') return list(res, url, hash, q.listProjects);
    if (req.method === 'GET' && path === '/tasks') return list(res, url, hash, q.listTasks, [url.searchParams.get('project_id')]);
    if (req.method === 'GET' && (m = /^\/projects\/(\d+)$/.exec(path))) return getProject(res, hash, m[1]!);
    if (req.method === 'PATCH' && (m = /^\/leads\/(\d+)$/.exec(path))) return patchLead(req, res, hash, m[1]!);
    if (req.method === 'POST' && path === '/contacts') return postContact(req, res, hash);
    throw new Refusal(404, 'not_found');
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (err instanceof Refusal) return send(res, err.status, JSON.stringify({ error: err.code }));
      console.error(err);
      send(res, 500, JSON.stringify({ error: 'internal_error' }));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sql.end();
    },
  };
}

// As its own process (bench/run.ts starts it so): LIMIT_* from the environment.
if (import.meta.url === `file://${process.argv[1]}`) {
  const e = process.env;
  startLimit({
    url: e.LIMIT_DATABASE_URL!,
    poolMax: Number(e.LIMIT_POOL_MAX ?? 10),
    baseUrl: e.LIMIT_BASE_URL!,
    port: Number(e.LIMIT_PORT ?? 0),
  }).then((l) => console.log(`limit listening on ${l.origin}`));
}
