import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDatabase, getDb } from '@/lib/server/db';
import { openApiDocument } from '@/lib/server/openapi/document';
import { MONTH_PATTERN } from '@/lib/shared/validation/common';
import { BASE, dispatch } from '../api';
import { createTestAccount, sessionClient, type TestAccount } from '../fixtures';

// Hostile and careless input, generated: every operation of the OpenAPI document, with valid
// bodies, wrong types, odd numbers, overlong and odd strings, odd ids, bad query strings, wrong
// or missing Content-Type and truncated JSON. Whatever comes in: never a 5xx, every refusal has
// the one error body, a refused request changes nothing of the account, and another account's
// data never shows. FUZZ_RUNS requests (10,000 on PostgreSQL, 3,000 on PGlite by default),
// FUZZ_SEED to replay a run (the seed is printed with any failure).

const onPostgres = getDatabase().kind === 'postgres';
const RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres ? 10_000 : 3_000));
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The database checksum is compared around every this-many-th refused request. */
const CHECK_EVERY = 5;

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  template: string;
  pathParams: string[];
  query: { name: string; schema: Json }[];
  body?: { key: string; schema: Json };
}

const ANY_METHOD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

function resolve(schema: Json | undefined): Json {
  let s = schema ?? {};
  while (typeof s.$ref === 'string') s = doc.components.schemas[s.$ref.split('/').pop()!] ?? {};
  return s;
}

/** An event stream's 200 never ends (tests/api/notifications-stream.test.ts reads it): not fuzzed. */
const streams = (raw: unknown) =>
  (raw as { responses?: Record<string, { content?: Record<string, unknown> }> }).responses?.['200']?.content?.['text/event-stream'] !== undefined;

const operations: Operation[] = Object.entries(doc.paths).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([m, raw]) => ['get', 'post', 'patch', 'delete'].includes(m) && !streams(raw))
    .map(([m, raw]) => {
      const op = raw as { parameters?: { in: string; name: string; schema: Json }[]; requestBody?: Json };
      const wrapper = resolve((op.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content?.['application/json']?.schema);
      const key = Object.keys((wrapper.properties as Json | undefined) ?? {})[0];
      return {
        method: m.toUpperCase(),
        template,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: key ? { key, schema: resolve((wrapper.properties as Record<string, Json>)[key]) } : undefined,
      };
    }),
);

/** A path's `Allow`: its documented methods, HEAD with GET, OPTIONS. */
function served(template: string): string[] {
  const documented = Object.keys(doc.paths[template] ?? {}).map((m) => m.toUpperCase());
  return [...documented, ...(documented.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
}

// ---- values ----

/** Placeholders for JSON numbers JavaScript cannot hold (1e309, 2**63); spliced in as raw text. */
const RAW = (text: string) => `__raw:${text}__`;
const rawNumbers = fc.constantFrom(RAW('1e309'), RAW('-1e309'), RAW('9223372036854775808'), RAW('1.0e2'), RAW('-0'));
const numbers = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, 2 ** 63, -(2 ** 63), 1.5, 1e15, 1e16, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  rawNumbers,
);
const MEGABYTE = 'x'.repeat(1024 * 1024);
const oddStrings = fc.constantFrom(
  '',
  ' ',
  'null',
  'true',
  '0',
  '-1',
  '1e309',
  '9223372036854775808',
  'abc',
  '1 OR 1=1',
  "'; drop table leads; --",
  '../..',
  '2023-02-30',
  '2023-02-14T18:13:00Z',
  '2023-02-14T25:61:00+99:00',
  '+275760-09-13T00:00:00.000Z',
  'https://example.com/x',
  'javascript:alert(1)',
  'a@b.co',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '💥🏗️東京\u202e',
  '%00',
  '<script>alert(1)</script>',
  'x'.repeat(256),
  'é'.repeat(10_001),
  'x'.repeat(20_001),
);
const strings = fc.oneof({ weight: 3, arbitrary: oddStrings }, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }));
const scalar = fc.oneof(strings, numbers, fc.boolean(), fc.constant(null));
const anyValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }),
  fc.constant(Array.from({ length: 101 }, (_, i) => String(i + 1))),
);

// Years outside 1900–2200 (docs/api.md#dates-and-times) in every date, month and timestamp
// parameter and field: what Schemathesis found as 500s and as years moved by 1900. A request that
// carries one must be refused (a 4xx), never stored and never a 5xx.
const BAD_YEARS = ['0000', '0001', '0042', '0099', '0100', '1000', '1899', '2201', '2999', '9999'];
const BAD_YEAR = new RegExp(`(?:^|[^0-9])(?:${BAD_YEARS.join('|')})-(?:0[1-9]|1[0-2])`);
const badYear = fc.constantFrom(...BAD_YEARS);
const badDates = fc.tuple(badYear, fc.constantFrom('01-01', '02-28', '12-31')).map(([y, md]) => `${y}-${md}`);
const badTimestamps = fc.tuple(badDates, fc.constantFrom('T00:00:00Z', 'T12:30:00.5+02:00', 'T23:59:59-05:00')).map(([d, t]) => `${d}${t}`);
const badMonths = fc.tuple(badYear, fc.constantFrom('01', '12')).map(([y, m]) => `${y}-${m}`);
/** A valid value of the kind, or (unless `clean`) one whose year is outside the range. */
const dated = (valid: fc.Arbitrary<string>, bad: fc.Arbitrary<string>, clean: boolean) =>
  clean ? valid : fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: bad });

// Ids: the account's own (filled in as records are made), another account's, and odd ones.
const ownIds: string[] = ['1'];
/** The account's ids by collection (`/api/2023-01/leads`), so a path id often names a record that exists. */
const ownIdsOf = new Map<string, string[]>();
const remember = (collection: string, id: string) => {
  ownIds.push(id);
  ownIdsOf.set(collection, [...(ownIdsOf.get(collection) ?? []), id]);
};
const pathIds = (collection: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.nat().map((i) => (ownIdsOf.get(collection) ?? ownIds)[i % (ownIdsOf.get(collection)?.length ?? ownIds.length)]!) },
    { weight: 3, arbitrary: ids },
  );
const otherIds: string[] = [];
const ODD_IDS = ['0', '-1', 'abc', '1 OR 1=1', '../..', '..%2F..', '1.5', '1e3', '99999999999999999999', '9007199254740993', '%00', '١٢', ' 1'];
const ids = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((i) => ownIds[i % ownIds.length]!) },
  { weight: 2, arbitrary: fc.nat().map((i) => otherIds[i % otherIds.length] ?? '1') },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_IDS) },
);

/** A value that fits the schema more often than not: the generator's "valid" half. */
function plausible(schemaIn: Json | undefined, depth = 0, clean = false): fc.Arbitrary<unknown> {
  const schema = resolve(schemaIn);
  const choices = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (choices) return fc.oneof(...choices.map((c) => plausible(c, depth, clean)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.const !== undefined) return fc.constant(schema.const);
  const pattern = String(schema.pattern ?? '');
  switch (schema.type) {
    case 'string':
      if (pattern.includes('[1-9][0-9]')) return ids;
      if (schema.format === 'date') return dated(fc.constantFrom('2024-05-01', '2023-12-31', '1999-01-01', '1900-01-01', '2200-12-31'), badDates, clean);
      if (schema.format === 'date-time')
        return dated(fc.constantFrom('2024-05-01T12:00:00Z', '2023-02-14T18:13:00+02:00', '2200-12-31T23:59:59Z'), badTimestamps, clean);
      if (pattern === MONTH_PATTERN.source) return dated(fc.constantFrom('2027-01', '2026-12', '1900-01', '2200-12'), badMonths, clean);
      if (schema.format === 'email') return fc.constantFrom('pat@example.com', 'x@y.io');
      if (schema.format === 'uri') return fc.constantFrom('https://hooks.example.com/a', 'http://127.0.0.1:9/x');
      return fc.string({ minLength: Number(schema.minLength ?? 0), maxLength: Math.min(Number(schema.maxLength ?? 40), 40) });
    case 'integer':
    case 'number':
      return fc.integer({
        min: Math.max(Number(schema.minimum ?? -1000), -(2 ** 31)),
        max: Math.min(Number(schema.maximum ?? 100_000), 2 ** 31),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(plausible(schema.items as Json, depth + 1, clean), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : fields(schema, depth + 1, clean);
    default:
      return clean ? fc.oneof(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 100 }), fc.boolean()) : anyValue;
  }
}

/**
 * The fields of an object schema: each omitted, plausible or hostile (never, when `clean`, the
 * way to get past validation into the services); required ones mostly there.
 */
function fields(schema: Json, depth = 0, clean = false): fc.Arbitrary<Json> {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  const entries = Object.entries(props).map(([name, s]) => {
    const present = required.has(name) ? 9 : 3;
    return fc
      .oneof(
        { weight: present, arbitrary: plausible(s, depth, clean).map((v) => ({ v })) },
        { weight: clean ? 0 : 1, arbitrary: anyValue.map((v) => ({ v })) },
        { weight: required.has(name) ? 1 : 6, arbitrary: fc.constant(null) },
      )
      .map((x) => [name, x?.v] as const);
  });
  const extra = clean ? fc.constant(null) : fc.option(fc.tuple(fc.string({ maxLength: 8 }), anyValue));
  return fc.tuple(...entries, extra).map((all) => {
    const out: Json = {};
    for (const item of all.slice(0, -1) as (readonly [string, unknown] | undefined)[]) {
      if (item && item[1] !== undefined) out[item[0]] = item[1];
    }
    const extra = all[all.length - 1] as [string, unknown] | null;
    if (extra) out[extra[0]] = extra[1];
    return out;
  });
}

/** Lone surrogates as U+FFFD: a URL cannot carry them (encodeURIComponent throws). */
const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"__raw:([^_"]+)__"/g, '$1');
}

// ---- requests ----

interface FuzzRequest {
  op: Operation;
  /** Usually the operation's; sometimes another, which the route may not serve (a 405, or OPTIONS' 204). */
  method: string;
  path: string;
  query: string;
  body?: string;
  contentType?: string;
  headers: Record<string, string>;
  session: boolean;
}

function bodyFor(op: Operation): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const json = 'application/json';
  if (!op.body) {
    return fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: anyValue.map((v) => ({ body: toJsonText(v), contentType: json })) });
  }
  const { key, schema } = op.body;
  const good = fields(schema);
  return fc.oneof(
    { weight: 12, arbitrary: fields(schema, 0, true).map((f) => ({ body: toJsonText({ [key]: f }), contentType: json })) },
    { weight: 12, arbitrary: good.map((f) => ({ body: toJsonText({ [key]: f }), contentType: json })) },
    { weight: 2, arbitrary: good.map((f) => ({ body: toJsonText(f), contentType: json })) },
    { weight: 2, arbitrary: good.map((f) => ({ body: toJsonText({ [key]: [f] }), contentType: json })) },
    { weight: 1, arbitrary: good.map((f) => ({ body: toJsonText([{ [key]: f }]), contentType: json })) },
    { weight: 2, arbitrary: anyValue.map((v) => ({ body: toJsonText({ [key]: v }), contentType: json })) },
    { weight: 2, arbitrary: anyValue.map((v) => ({ body: toJsonText(v), contentType: json })) },
    {
      weight: 2,
      arbitrary: fc.tuple(good, fc.nat()).map(([f, n]) => {
        const text = toJsonText({ [key]: f });
        return { body: text.slice(0, n % Math.max(text.length, 1)), contentType: json };
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(good, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/jsonx', ''))
        .map(([f, type]) => ({ body: toJsonText({ [key]: f }), contentType: type || undefined })),
    },
    { weight: 1, arbitrary: good.map((f) => ({ body: toJsonText({ [key]: { ...f, name: MEGABYTE } }), contentType: json })) },
    { weight: 1, arbitrary: fc.constant({ body: `{"${key}": ${'['.repeat(70)}${']'.repeat(70)}}`, contentType: json }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '"x"', '1e309', '{}', '{"a":1,}', '\u0000').map((b) => ({ body: b, contentType: json })) },
  );
}

function queryFor(op: Operation): fc.Arbitrary<string> {
  const param = (p: Operation['query'][number]) =>
    fc.oneof({ weight: 3, arbitrary: plausible(p.schema) }, { weight: 1, arbitrary: strings }).map((v) => {
      const text = typeof v === 'string' ? v : toJsonText(v);
      return `${encodeURIComponent(p.name)}=${encodeURIComponent(wellFormed(text))}`;
    });
  const parts = op.query.map((p) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: param(p) },
      { weight: 1, arbitrary: fc.tuple(param(p), param(p)).map((x) => x.join('&')) },
    ),
  );
  const malformed = fc.constantFrom('%zz=1', '=', '&&&', 'page', 'per_page=1&per_page=2', 'q=%', 'a[b]=1', 'page=1e309', 'per_page=-1', 'q=%00');
  return fc
    .tuple(fc.tuple(...parts, fc.constant(null)), fc.option(malformed, { freq: 6 }))
    .map(([given, odd]) => [...given.filter((x): x is string => x !== null), ...(odd ? [odd] : [])].join('&'));
}

const requests: fc.Arbitrary<FuzzRequest> = fc
  .constantFrom(...operations)
  .chain((op) =>
    fc.record({
      op: fc.constant(op),
      method: fc.oneof({ weight: 12, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom(...ANY_METHOD) }),
      path: fc.tuple(...op.pathParams.map(() => fc.tuple(pathIds(op.template.split('/{')[0]!), fc.boolean())), fc.constant(null)).map((values) => {
        let path = op.template;
        op.pathParams.forEach((name, i) => {
          const [id, encode] = values[i] as [string, boolean];
          // A raw `../..` would leave the API before it reached it (URLs are normalised).
          path = path.replace(`{${name}}`, encode || id.includes('/') ? encodeURIComponent(wellFormed(id)) : id);
        });
        return path;
      }),
      query: queryFor(op),
      body: bodyFor(op),
      session: fc.integer({ min: 0, max: 4 }).map((x) => x === 0),
      headers: fc.record(
        {
          'if-match': fc.constantFrom('*', '"stale"', 'W/"x"', 'garbage', ''),
          'idempotency-key': fc.oneof(fc.uuid(), fc.constantFrom('', ' ', 'k'.repeat(256), 'ключ', 'same-key')),
        },
        { requiredKeys: [] },
      ),
    }),
  )
  .map(({ body, ...rest }) => ({ ...rest, ...body }));

// ---- the run ----

let a: TestAccount;
let b: TestAccount;
let cookie: string;
const MARKER = `zzmarker${randomUUID().replaceAll('-', '')}`;

/** A digest of every row the account owns (token bookkeeping aside), to see that nothing changed. */
let checksumSql = '';

/** Rows of a raw query: an array from postgres.js, `{rows}` from PGlite. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

async function checksum(): Promise<string> {
  return rowsOf<{ sum: string }>(await getDb().execute(sql.raw(checksumSql)))[0]!.sum;
}

/** The fuzzer's own credentials stay out of reach of DELETE /api_tokens/{id}. */
const ownTokenIds = new Set<string>();

async function send(r: FuzzRequest): Promise<{ status: number; text: string; allow: string | null }> {
  // Header values travel as bytes: UTF-8 on the wire, which Node reads as Latin-1.
  const headers = new Headers(Object.entries(r.headers).map(([k, v]): [string, string] => [k, Buffer.from(v, 'utf8').toString('latin1')]));
  if (r.contentType) headers.set('content-type', r.contentType);
  if (r.session) {
    headers.set('cookie', cookie);
    headers.set('origin', BASE);
  } else headers.set('authorization', `Bearer ${a.token}`);
  const tokenId = /^\/api\/2023-01\/api_tokens\/(.+)$/.exec(r.path)?.[1];
  // Nor can it change its own user (`revoke_tokens: true` would revoke the token it sends).
  const ownUser = r.method !== 'GET' && r.path === `/api/2023-01/users/${a.userId}`;
  const path = tokenId && ownTokenIds.has(decodeURIComponent(tokenId)) ? '/api/2023-01/api_tokens/0' : ownUser ? '/api/2023-01/users/0' : r.path;
  const url = `${BASE}${path}${r.query ? `?${r.query}` : ''}`;
  // fetch's Request cannot carry a body on GET.
  const body = r.method === 'GET' ? undefined : r.body;
  const res = await dispatch(new Request(url, { method: r.method, headers, body }));
  return { status: res.status, text: await res.text(), allow: res.headers.get('allow') };
}

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
  a = await createTestAccount('Fuzz GC');
  b = await createTestAccount('Fuzz neighbour GC');
  cookie = (await sessionClient(a.userId)).cookie;
  // The neighbour's records carry a marker that must never appear in an answer to the fuzzer.
  const theirs = [
    ['/leads', 'lead', { name: MARKER }],
    ['/projects', 'project', { name: MARKER }],
    ['/companies', 'company', { name: MARKER }],
    ['/contacts', 'contact', { first_name: MARKER }],
    ['/tasks', 'task', { title: MARKER }],
    ['/calls', 'call', { notes: MARKER }],
    ['/workforce/employees', 'workforce_employee', { legal_first_name: MARKER, last_name: MARKER }],
    ['/webhooks', 'webhook', { url: `https://hooks.example.com/${MARKER}`, description: MARKER }],
    ['/divisions', 'division', { name: MARKER }],
  ] as const;
  for (const [path, key, body] of theirs) {
    const res = await b.api.post(path, { [key]: body });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    otherIds.push(res.body[key].id);
  }
  const ownRecords = [
    ['/leads', 'lead', { name: 'Own lead' }],
    ['/projects', 'project', { name: 'Own project' }],
    ['/companies', 'company', { name: 'Own company' }],
    ['/contacts', 'contact', { first_name: 'Own' }],
    ['/tasks', 'task', { title: 'Own task' }],
    ['/calls', 'call', { notes: 'Own call' }],
    ['/workforce/employees', 'workforce_employee', { legal_first_name: 'Own', last_name: 'Employee' }],
  ] as const;
  for (const [path, key, body] of ownRecords) remember(`/api/2023-01${path}`, (await a.api.post(path, { [key]: body })).body[key].id);
  // Not the fuzzer's own user: `revoke_tokens: true` on it would revoke the token the fuzzer sends.
  remember('/api/2023-01/users', String(a.otherUserId));

  const db = getDb();
  const tokens = await db.execute(sql`select id from api_tokens where account_id = ${a.accountId}`);
  for (const row of rowsOf<{ id: string | number }>(tokens)) ownTokenIds.add(String(row.id));
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`select table_name from information_schema.columns where column_name = 'account_id' and table_schema = 'public' order by table_name`),
  ).map((r) => r.table_name);
  const parts = tables.map(
    (t) =>
      `select '${t}' || coalesce((select md5(string_agg((to_jsonb(x) - 'last_used_at')::text, ',' order by (to_jsonb(x) - 'last_used_at')::text)) from "${t}" x where x.account_id = ${a.accountId}), '')`,
  );
  checksumSql = `select md5(string_agg(part, '|')) as sum from (${parts.join(' union all ')}) s(part)`;
});

describe('API fuzz', () => {
  it(
    `${operations.length} operations, ${RUNS} generated requests: no 5xx, one error body, refusals change nothing, no other account's data`,
    { timeout: 600_000 },
    async () => {
      expect(operations.length).toBeGreaterThanOrEqual(90);
      expect(ownTokenIds.size).toBeGreaterThan(0);
      let n = 0;
      let failure = '';
      const statuses = new Map<number, number>();
      let outOfRange = 0;
      let methodsRefused = 0;
      const property = fc.asyncProperty(requests, async (r) => {
        n += 1;
        const sample = n % CHECK_EVERY === 0;
        const before = sample ? await checksum() : '';
        if (process.env.FUZZ_TRACE)
          appendFileSync(process.env.FUZZ_TRACE, `${n} ${r.method} ${r.path}?${r.query} ${JSON.stringify(r.headers)} ${(r.body ?? '').slice(0, 200)}\n`);
        const { status, text, allow } = await send(r);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const what = `${r.method} ${r.path}?${r.query} (${r.contentType ?? 'no type'}, ${r.session ? 'session' : 'token'}, ${JSON.stringify(r.headers)}) ${(r.body ?? '').slice(0, 300)}`;
        const fail = (message: string) => {
          failure = message;
          return new Error(message);
        };
        if (status >= 500) throw fail(`${status} for ${what}: ${text.slice(0, 500)}`);
        if (!served(r.op.template).includes(r.method)) {
          // A method the route does not serve: 405 with what it does, never a 2xx or another error.
          if (status !== 405 || allow === null || allow.split(', ').sort().join() !== served(r.op.template).sort().join())
            throw fail(`${status} (Allow: ${allow}) for a method the route does not serve: ${what}`);
          methodsRefused += 1;
        } else if (r.method === 'OPTIONS' && (status !== 204 || allow === null)) throw fail(`${status} for OPTIONS: ${what}`);
        if (r.method === r.op.method && BAD_YEAR.test(`${r.query.replace(/%3A/gi, ':')} ${r.op.method === 'GET' ? '' : (r.body ?? '')}`)) {
          outOfRange += 1;
          if (status < 400) throw fail(`${status} for a year outside 1900–2200: ${what}`);
        }
        if (text.includes(MARKER)) throw fail(`another account's data in the answer to ${what}`);
        if (status >= 400) {
          const body = JSON.parse(text) as Json;
          const ok =
            typeof body.error === 'string' &&
            typeof body.message === 'string' &&
            typeof body.details === 'object' &&
            body.details !== null &&
            !Array.isArray(body.details) &&
            typeof body.request_id === 'string';
          if (!ok) throw fail(`${status} without the error body for ${what}: ${text.slice(0, 300)}`);
          if (sample && (await checksum()) !== before) throw fail(`refused (${status}) yet changed the database: ${what}`);
        } else if (r.method === 'POST' && status === 201) {
          const record = Object.values(JSON.parse(text) as Json)[0] as { id?: string } | undefined;
          if (record?.id) remember(r.op.template.includes('{') ? '' : r.op.template, record.id);
        }
      });
      try {
        await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      } catch (err) {
        throw new Error(
          `API fuzz failed after ${n} requests (replay with FUZZ_SEED=${SEED}): ${failure || String((err as Error).cause ?? (err as Error).message).slice(0, 2000)}`,
        );
      }
      console.log(
        `API fuzz: ${n} requests (${outOfRange} with a year outside 1900–2200), seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
      );
      expect(n).toBeGreaterThanOrEqual(RUNS);
      expect(outOfRange, 'requests carrying a year outside 1900–2200').toBeGreaterThan(RUNS / 100);
      expect(methodsRefused, 'requests with a method their route does not serve').toBeGreaterThan(RUNS / 100);
      // Most generated requests should get past validation somewhere, or the fuzzer tests only the parser.
      expect([...statuses].filter(([s]) => s < 300).reduce((sum, [, c]) => sum + c, 0)).toBeGreaterThan(RUNS / 20);
    },
  );
});
