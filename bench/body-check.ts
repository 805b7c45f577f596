import postgres from 'postgres';

// The body check (a precondition of the load, not a timed test): the app and the limit must give
// the same answers to every benchmarked request, so the bench compares the same work.
//
// - Reads: the same status, the same body byte for byte, the same Link and X-Total-Count (lists)
//   or ETag (one record).
// - Writes are done on both, the same write from the same state, and compared after normalising
//   only what a write necessarily makes new: the record's own updated_at (PATCH), or its id,
//   created_at and updated_at (POST). Then the limit's answer must be, byte for byte and ETag for
//   ETag, what the app answers to a GET of the record the limit wrote; and each write's outbox rows
//   (webhook_messages, with their deliveries) must be the same rows but for the record's id.
// - PATCH: the limit is sent the ETag the app gave, so its 200 shows it computes the app's ETag;
//   a stale ETag must get a 412 from both, carrying the same current ETag.
// A difference stops the bench, naming the first differing JSON path.

export interface CheckTarget {
  app: string;
  limit: string;
  token: string;
  /** The bench database, to read the writes' outbox rows. */
  dbUrl: string;
}

interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

async function ask(origin: string, token: string, method: string, path: string, init: { body?: unknown; ifMatch?: string } = {}): Promise<Answer> {
  const res = await fetch(origin + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.ifMatch && { 'if-match': init.ifMatch }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** Where two JSON texts first differ: a JSON path, or a byte offset when they parse alike. */
export function firstDifference(app: string, limit: string): string {
  const walk = (a: unknown, b: unknown, at: string): string | null => {
    if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) return at;
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const d = i < a.length && i < b.length ? walk(a[i], b[i], `${at}[${i}]`) : `${at}[${i}] (length ${a.length} vs ${b.length})`;
        if (d) return d;
      }
      return null;
    }
    if (a && typeof a === 'object') {
      const ka = Object.keys(a);
      const kb = Object.keys(b as object);
      for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
        if (ka[i] !== kb[i]) return `${at}: key #${i} is ${ka[i]} (app) vs ${kb[i]} (limit)`;
        const d = walk((a as Record<string, unknown>)[ka[i]!], (b as Record<string, unknown>)[ka[i]!], `${at}.${ka[i]}`);
        if (d) return d;
      }
      return null;
    }
    return a === b ? null : `${at}: ${JSON.stringify(a)} (app) vs ${JSON.stringify(b)} (limit)`;
  };
  let parsed: [unknown, unknown];
  try {
    parsed = [JSON.parse(app), JSON.parse(limit)];
  } catch {
    parsed = [app, limit];
  }
  const path = walk(parsed[0], parsed[1], '$');
  if (path) return path;
  let i = 0;
  while (i < app.length && app[i] === limit[i]) i++;
  return `byte ${i}: …${app.slice(Math.max(0, i - 40), i + 40)}… (app) vs …${limit.slice(Math.max(0, i - 40), i + 40)}… (limit)`;
}

function fail(what: string, detail: string): never {
  throw new Error(`body check: ${what}: ${detail}`);
}

function sameBody(what: string, app: string, limit: string) {
  if (app !== limit) fail(what, `bodies differ at ${firstDifference(app, limit)}`);
}

function sameHeaders(what: string, app: Answer, limit: Answer, names: string[]) {
  for (const name of names) {
    if (app.headers.get(name) !== limit.headers.get(name)) {
      fail(what, `${name} differs: ${app.headers.get(name)} (app) vs ${limit.headers.get(name)} (limit)`);
    }
  }
}

function ok(what: string, who: string, answer: Answer, status = 200) {
  if (answer.status !== status) fail(what, `${who} answered ${answer.status}, not ${status}: ${answer.body.slice(0, 300)}`);
}

/** A GET: equal bodies and headers. */
export async function checkRead(t: CheckTarget, name: string, path: string) {
  const [app, limit] = await Promise.all([ask(t.app, t.token, 'GET', path), ask(t.limit, t.token, 'GET', path)]);
  ok(name, 'app', app);
  ok(name, 'limit', limit);
  sameBody(name, app.body, limit.body);
  sameHeaders(name, app, limit, ['link', 'x-total-count', 'etag']);
}

/** The text with the first `"field":<value>` of each field (the record's own) set to a placeholder. */
function normalise(text: string, record: Record<string, unknown>, fields: string[]): string {
  let out = text;
  for (const field of fields) out = out.replace(`"${field}":${JSON.stringify(record[field])}`, `"${field}":"<${field}>"`);
  return out;
}

const recordOf = (body: string, key: string) => (JSON.parse(body) as Record<string, Record<string, unknown>>)[key]!;

/** The outbox rows written since message `after`, the record's id replaced, as comparable text. */
async function outboxSince(sql: postgres.Sql, after: number, recordId: string): Promise<string> {
  const rows = await sql`
    select m.event_type, m.payload, m.actor_id, m.auth_method, m.token_id, m.oauth_application_id, m.changed_fields,
      (select count(*) from webhook_deliveries d where d.message_id = m.id)::int as deliveries
    from webhook_messages m where m.id > ${after} order by m.id`;
  return JSON.stringify(rows).replaceAll(recordId, '<id>');
}

const lastMessage = async (sql: postgres.Sql) => Number((await sql`select coalesce(max(id), 0) as id from webhook_messages`)[0]!.id);

/** The app's GET of a record equals the limit's answer that wrote it, ETag included. */
async function appReadsBack(t: CheckTarget, what: string, path: string, limit: Answer) {
  const app = await ask(t.app, t.token, 'GET', path);
  ok(what, 'app (reading back)', app);
  sameBody(`${what}, the limit's answer vs the app's GET of the record it wrote`, app.body, limit.body);
  sameHeaders(`${what}, read back`, app, limit, ['etag']);
}

/**
 * PATCH /leads/{id} with If-Match: the app's write, the lead put back as it was (by the app),
 * the limit's same write; then a stale If-Match on both.
 */
export async function checkLeadPatch(t: CheckTarget, name: string, leadId: number) {
  const sql = postgres(t.dbUrl, { max: 1, onnotice: () => {} });
  try {
    const path = `/api/2023-01/leads/${leadId}`;
    const write = { lead: { name: `Body check ${Date.now()}`, value_in_cents: 4242 } };
    const before = await ask(t.app, t.token, 'GET', path);
    ok(name, 'app (GET)', before);
    const original = recordOf(before.body, 'lead');

    let mark = await lastMessage(sql);
    const app = await ask(t.app, t.token, 'PATCH', path, { body: write, ifMatch: before.headers.get('etag')! });
    ok(name, 'app', app);
    const appOutbox = await outboxSince(sql, mark, String(leadId));

    const undo = { lead: { name: original.name, value_in_cents: original.value_in_cents } };
    const restored = await ask(t.app, t.token, 'PATCH', path, { body: undo, ifMatch: app.headers.get('etag')! });
    ok(`${name} (putting the lead back)`, 'app', restored);

    mark = await lastMessage(sql);
    const limit = await ask(t.limit, t.token, 'PATCH', path, { body: write, ifMatch: restored.headers.get('etag')! });
    ok(`${name} (If-Match: the app's ETag)`, 'limit', limit);
    const limitOutbox = await outboxSince(sql, mark, String(leadId));

    const fields = ['updated_at'];
    sameBody(
      `${name} (updated_at set aside)`,
      normalise(app.body, recordOf(app.body, 'lead'), fields),
      normalise(limit.body, recordOf(limit.body, 'lead'), fields),
    );
    if (appOutbox !== limitOutbox) fail(`${name} outbox`, `${appOutbox} (app) vs ${limitOutbox} (limit)`);
    await appReadsBack(t, name, path, limit);

    const stale = restored.headers.get('etag')!;
    const [app412, limit412] = [
      await ask(t.app, t.token, 'PATCH', path, { body: write, ifMatch: stale }),
      await ask(t.limit, t.token, 'PATCH', path, { body: write, ifMatch: stale }),
    ];
    ok(`${name} (stale If-Match)`, 'app', app412, 412);
    ok(`${name} (stale If-Match)`, 'limit', limit412, 412);
    sameHeaders(`${name} (stale If-Match)`, app412, limit412, ['etag']);
  } finally {
    await sql.end();
  }
}

/**
 * POST /contacts: the same body to both, but for the email, which an account's contacts may not
 * share (migration 0027's unique index): the limit's contact gets its own, and the bodies are
 * compared with it set aside.
 */
export async function checkContactPost(t: CheckTarget, name: string, body: { contact: Record<string, unknown> }) {
  const email = body.contact.email;
  const limitBody = typeof email === 'string' ? { contact: { ...body.contact, email: `limit.${email}` } } : body;
  const sql = postgres(t.dbUrl, { max: 1, onnotice: () => {} });
  try {
    let mark = await lastMessage(sql);
    const app = await ask(t.app, t.token, 'POST', '/api/2023-01/contacts', { body });
    ok(name, 'app', app, 201);
    const appContact = recordOf(app.body, 'contact');
    const appOutbox = await outboxSince(sql, mark, appContact.id as string);

    mark = await lastMessage(sql);
    const limit = await ask(t.limit, t.token, 'POST', '/api/2023-01/contacts', { body: limitBody });
    ok(name, 'limit', limit, 201);
    const limitContact = recordOf(limit.body, 'contact');
    const limitOutbox = await outboxSince(sql, mark, limitContact.id as string);

    const fields = ['id', 'created_at', 'updated_at', 'email'];
    sameBody(`${name} (id, timestamps and email set aside)`, normalise(app.body, appContact, fields), normalise(limit.body, limitContact, fields));
    if (appOutbox !== limitOutbox) fail(`${name} outbox`, `${appOutbox} (app) vs ${limitOutbox} (limit)`);
    await appReadsBack(t, name, `/api/2023-01/contacts/${limitContact.id as string}`, limit);
  } finally {
    await sql.end();
  }
}
