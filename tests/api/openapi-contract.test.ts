import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/server/openapi/document';
import { emailLinks, emails } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { BASE, dispatch, request, type ApiResponse } from '../api';
import { createTestAccount, sessionClient, type TestAccount } from '../fixtures';

// The OpenAPI document against the server, operation by operation (docs/api.md#the-openapi-document):
// a write that compares If-Match answers a stale tag with 412 exactly where the document declares
// If-Match; an answer carries an ETag exactly where the document declares one; a list answers CSV
// exactly where the document declares `format`; a duplicate is a 409 where the document says so.

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: { $ref?: string; in?: string; name?: string; schema?: Json }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> } | undefined>;
}

const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };
const operations = Object.entries(doc.paths).flatMap(([template, item]) =>
  Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), template, op })),
);
const declares = (op: Operation, ref: string) => (op.parameters ?? []).some((p) => p.$ref === `#/components/parameters/${ref}`);
const resolve = (s: Json | undefined): Json => {
  let out = s ?? {};
  while (typeof out.$ref === 'string') out = doc.components.schemas[out.$ref.split('/').pop()!] ?? {};
  return out;
};
/** The body's wrapper key (`lead` of `{"lead": {...}}`). */
const wrapperOf = (op: Operation) => Object.keys((resolve(op.requestBody?.content?.['application/json']?.schema).properties as Json | undefined) ?? {})[0];

let a: TestAccount;
let headers: Record<string, string>;
/** Ids of the account's records by collection path (`/api/2023-01/leads`). */
const ids = new Map<string, string>();
let projectId = '';

const call = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; rawBody?: string } = {}) =>
  request(method, path, { ...options, headers: { ...headers, ...options.headers } });

/** A GET whose answer may be a file: status and headers, the body left unread as JSON. */
async function get(path: string): Promise<{ status: number; headers: Headers }> {
  const res = await dispatch(new Request(new URL(`/api/2023-01${path.replace(/^\/api\/2023-01/, '')}`, BASE), { headers }));
  await res.arrayBuffer();
  return { status: res.status, headers: res.headers };
}

/** The template with the account's ids (and the query a path needs: a membership's project). */
function pathOf(template: string): string {
  const collection = template.split('/{id}')[0]!;
  const path = template.replace('{id}', ids.get(collection) ?? '999999');
  if (collection.endsWith('/project_team_memberships')) return `${path}?project_id=${projectId}`;
  // A list of comments is a record's.
  if (template.endsWith('/comments')) return `${path}?commentable_type=project&commentable_id=${projectId}`;
  if (template.endsWith('/documents') || template.endsWith('/document_folders')) return `${path}?attachable_type=project&attachable_id=${projectId}`;
  return path;
}

async function make(path: string, key: string, body: Json): Promise<string> {
  const res = await call('POST', path, { body: { [key]: body } });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  const id = String(res.body[key].id);
  ids.set(`/api/2023-01${path.split('?')[0]}`, id);
  return id;
}

beforeAll(async () => {
  a = await createTestAccount('Contract GC');
  // The session reaches every route, the browser-only ones (API tokens, OAuth applications, the calendar feed) included.
  headers = { cookie: (await sessionClient(a.userId)).cookie, origin: 'http://localhost:3000' };
  projectId = await make('/projects', 'project', { name: 'Contract project' });
  const employee = await make('/workforce/employees', 'workforce_employee', { legal_first_name: 'Sam', last_name: 'Okafor' });
  await make('/leads', 'lead', { name: 'Contract lead' });
  await make('/companies', 'company', { name: 'Contract company' });
  await make('/contacts', 'contact', { first_name: 'Jordan' });
  await make('/tasks', 'task', { title: 'Contract task' });
  await make('/task_lists', 'task_list', { name: 'Contract list', project_id: projectId });
  await make('/calls', 'call', { notes: 'Contract call' });
  ids.set('/api/2023-01/bid_results', await make(`/projects/${projectId}/bid_results`, 'bid_result', { is_us: true, amount_in_cents: 100 }));
  await make('/comments', 'comment', { commentable_type: 'project', commentable_id: projectId, body: 'Contract comment' });
  await make('/reminders', 'reminder', { remindable_type: 'project', remindable_id: projectId, remind_at: '2099-01-04T08:00:00Z' });
  await make('/workforce/assignments', 'workforce_assignment', {
    project_id: projectId,
    role_id: String(a.lookup.workforceRoles[0]),
    start_date: '2027-01-04',
    end_date: '2027-02-26',
  });
  await make('/workforce/time_off', 'workforce_time_off', { employee_id: employee, start_date: '2027-03-01', end_date: '2027-03-05' });
  await make('/workforce/certifications', 'workforce_certification', { employee_id: employee, name: 'OSHA 30' });
  await make(`/project_team_memberships?project_id=${projectId}`, 'project_team_membership', { user_id: String(a.otherUserId), roles: ['estimator'] });
  await make('/webhooks', 'webhook', { url: 'https://hooks.example.com/contract' });
  await make('/api_tokens', 'api_token', { name: 'Contract token', scope: 'read' });
  await make('/oauth_applications', 'oauth_application', { name: 'Contract app', redirect_uris: ['https://app.example.com/callback'] });
  await make('/go_no_go_criteria', 'go_no_go_criterion', { name: 'Fits our backlog' });
  await make('/custom_fields', 'custom_field', { resource: 'leads', key: 'contract_key', label: 'Contract key', field_type: 'text' });
  await make('/saved_views', 'saved_view', { resource: 'leads', name: 'Contract view' });
  // Email arrives only through the capture address: one, filed on the project.
  const [email] = await getDb()
    .insert(emails)
    .values({ accountId: a.accountId, messageId: 'contract@gc.example', subject: 'Contract mail', loggedById: a.userId })
    .returning({ id: emails.id });
  await getDb()
    .insert(emailLinks)
    .values({ emailId: email!.id, accountId: a.accountId, recordType: 'project', recordId: Number(projectId), reason: 'Filed here by hand' });
  ids.set('/api/2023-01/emails', String(email!.id));
  ids.set('/api/2023-01/users', String(a.otherUserId));
  ids.set('/api/2023-01/project_stages', String(a.stageIds[0]));
  // A value of each of the account's own lists (Settings → Lists).
  for (const [path, key] of Object.entries({
    contract_types: 'contract_type',
    delivery_methods: 'delivery_method',
    divisions: 'division',
    lead_sources: 'lead_source',
    market_sectors: 'market_sector',
    tender_types: 'tender_type',
    loss_reasons: 'loss_reason',
    call_outcomes: 'call_outcome',
    industries: 'industry',
    'workforce/roles': 'workforce_role',
  })) {
    await make(`/${path}`, key, { name: `Contract ${key}` });
  }
  const feed = await call('POST', '/calendar_feed');
  expect(feed.status).toBe(201);
  const imported = await call('POST', '/imports?resource=companies', { rawBody: 'name\nImported Co\n', headers: { 'content-type': 'text/csv' } });
  expect(imported.status, JSON.stringify(imported.body)).toBe(202);
  ids.set('/api/2023-01/imports', imported.body.import.id);
  await make('/document_folders', 'document_folder', { attachable_type: 'project', attachable_id: projectId, name: 'Contract folder' });
  // A document: a multipart upload.
  const form = new FormData();
  form.append('attachable_type', 'project');
  form.append('attachable_id', projectId);
  form.append('file', new Blob(['Contract terms']), 'terms.txt');
  const uploaded = await dispatch(new Request(new URL('/api/2023-01/documents', BASE), { method: 'POST', headers, body: form }));
  expect(uploaded.status).toBe(201);
  ids.set('/api/2023-01/documents', String(((await uploaded.json()) as { document: { id: string } }).document.id));
});

describe('the OpenAPI document against the server', () => {
  it('an ETag on exactly the answers the document gives one (every GET of the account’s records)', async () => {
    const failures: string[] = [];
    for (const { method, template, op } of operations) {
      if (method !== 'GET' || template === '/api/2023-01/calendar.ics' || template.includes('openapi.json')) continue;
      // An event stream's answer never ends (tests/api/notifications-stream.test.ts).
      if (op.responses['200']?.content?.['text/event-stream']) continue;
      const res = await get(pathOf(template));
      if (res.status !== 200) continue;
      const documented = op.responses['200']?.headers?.ETag !== undefined;
      if (documented !== res.headers.has('etag')) failures.push(`GET ${template}: documented ${documented}, sent ${res.headers.has('etag')}`);
    }
    expect(failures).toEqual([]);
  });

  it('a CSV export on exactly the lists whose document declares `format`', async () => {
    const failures: string[] = [];
    for (const { method, template, op } of operations) {
      if (method !== 'GET' || !op.parameters?.some((p) => p.name === 'per_page')) continue;
      const format = op.parameters.find((p) => p.in === 'query' && p.name === 'format');
      const documented = ((format?.schema?.enum as string[] | undefined) ?? []).includes('csv');
      const path = pathOf(template);
      const res = await get(`${path}${path.includes('?') ? '&' : '?'}format=csv`);
      const csv = res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/csv');
      if (documented !== csv) failures.push(`GET ${template}: documented ${documented}, answered ${res.status} ${res.headers.get('content-type')}`);
      if (csv && (res.headers.has('link') || res.headers.has('x-total-count'))) failures.push(`GET ${template}: page headers on an export`);
    }
    expect(failures).toEqual([]);
  });

  it('a 409 for a duplicate where the document declares it', async () => {
    const duplicates: [string, string, string, Json][] = [
      ['create_contact', '/contacts', 'contact', { email: 'dup@example.com' }],
      [
        'create_workforce_employee',
        '/workforce/employees',
        'workforce_employee',
        { legal_first_name: 'Dup', last_name: 'Lee', email: 'dup.employee@example.com' },
      ],
      ['create_lead', '/leads', 'lead', { name: 'Dup', external_id: 'EXT-DUP-1' }],
      ['create_project', '/projects', 'project', { name: 'Dup', external_id: 'EXT-DUP-2' }],
      ['create_division', '/divisions', 'division', { name: 'Duplicated division' }],
      ['create_project_stage', '/project_stages', 'project_stage', { name: 'Duplicated stage', category: 'open' }],
      ['create_workforce_role', '/workforce/roles', 'workforce_role', { name: 'Duplicated role' }],
      ['create_custom_field', '/custom_fields', 'custom_field', { resource: 'projects', key: 'dup_key', label: 'Dup', field_type: 'text' }],
      [
        'create_project_team_membership',
        `/project_team_memberships?project_id=${projectId}`,
        'project_team_membership',
        { user_id: String(a.userId), roles: ['estimator'] },
      ],
    ];
    for (const [operationId, path, key, body] of duplicates) {
      const op = operations.find((o) => o.op.operationId === operationId)!.op;
      expect(op.responses['409'], `${operationId} documents 409`).toBeDefined();
      expect((await call('POST', path, { body: { [key]: body } })).status, `${operationId} first`).toBe(201);
      const second = await call('POST', path, { body: { [key]: body } });
      expect(second.status, `${operationId} again: ${JSON.stringify(second.body)}`).toBe(409);
      expect(second.body.error).toBe('conflict');
    }
    const lead = ids.get('/api/2023-01/leads')!;
    expect((await call('POST', `/leads/${lead}/convert`)).status).toBe(201);
    expect((await call('POST', `/leads/${lead}/convert`)).status).toBe(409);
  });

  it('a stale If-Match is a 412, changing nothing, on exactly the writes whose document declares If-Match', async () => {
    const writes = operations.filter(({ method }) => method === 'PATCH' || method === 'PUT' || method === 'DELETE');
    // Updates first, deletes last (a write that ignored the tag would have gone through).
    writes.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    const failures: string[] = [];
    const answers: string[] = [];
    for (const { method, template, op } of writes) {
      const key = wrapperOf(op);
      const body = key === undefined ? undefined : { [key]: key === 'revenue_targets' ? [] : {} };
      const res: ApiResponse = await call(method, pathOf(template), { body, headers: { 'if-match': '"stale"' } });
      answers.push(`${method} ${template}: ${res.status}`);
      const documented = declares(op, 'IfMatch');
      if (documented !== (res.status === 412))
        failures.push(`${method} ${template}: documented ${documented}, answered ${res.status} ${JSON.stringify(res.body)}`);
      if (res.status === 412 && (!res.headers.get('etag') || res.body.details?.current === undefined))
        failures.push(`${method} ${template}: a 412 without the current record`);
    }
    expect(failures, answers.join('\n')).toEqual([]);
  });
});
