import { createHash } from 'node:crypto';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { deleteUnusedRegisteredClients, insertRegisteredClient } from '@/db/queries/oauth-applications';
import { upsertGrant } from '@/db/queries/oauth-grants';
import { oauthApplications } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { BASE, client, dispatch } from '../api';
import { createTestAccount, sessionClient, type TestAccount } from '../fixtures';
import { decide, rawAppFetch, tokenRequest } from '../oauth';

// Issue 30: the MCP server at /api/mcp, driven by the official SDK's client over its Streamable
// HTTP transport, through the real route handlers (its fetch is the test dispatcher).

const MCP_URL = new URL('/api/mcp', BASE);
const fetchApp = (url: string | URL, init?: RequestInit) => dispatch(new Request(url, init));

async function connect(token: string) {
  const client = new McpClient({ name: 'groundwork-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(MCP_URL, { fetch: fetchApp, requestInit: { headers: { authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return client;
}

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };
const call = async (client: McpClient, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolResult;
const textOf = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');

describe('MCP server', () => {
  let t: TestAccount;
  let writer: McpClient;
  let reader: McpClient;

  beforeAll(async () => {
    t = await createTestAccount('MCP GC');
    writer = await connect(t.token);
    reader = await connect(t.readToken);
  });
  afterAll(async () => {
    await writer?.close();
    await reader?.close();
  });

  it('answers 401 without a token, pointing at the protected resource metadata, which names the authorization server', async () => {
    const res = await fetchApp(MCP_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toBe(`Bearer resource_metadata="${BASE}/.well-known/oauth-protected-resource"`);
    const metadata = await fetchApp(new URL('/.well-known/oauth-protected-resource', BASE));
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ resource: `${BASE}/api/mcp`, authorization_servers: [BASE], scopes_supported: ['read', 'write'] });
    // Clients ask under the resource's path first (RFC 9728 §3.1): the same document.
    const scoped = await fetchApp(new URL('/.well-known/oauth-protected-resource/api/mcp', BASE));
    expect((await scoped.json()).resource).toBe(`${BASE}/api/mcp`);
    const server = await (await fetchApp(new URL('/.well-known/oauth-authorization-server', BASE))).json();
    expect(server).toMatchObject({
      issuer: BASE,
      authorization_endpoint: `${BASE}/oauth/authorize`,
      token_endpoint: `${BASE}/oauth/token`,
      code_challenge_methods_supported: ['S256'],
    });
    // Stateless: no stream to open, no session to end.
    for (const method of ['GET', 'DELETE']) {
      const res = await fetchApp(MCP_URL, { method, headers: { authorization: `Bearer ${t.token}`, accept: 'application/json, text/event-stream' } });
      expect(res.status, method).toBe(405);
    }
    const bad = await fetchApp(MCP_URL, { method: 'POST', headers: { authorization: 'Bearer gw_nope', 'content-type': 'application/json' }, body: '{}' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('lists read and write tools with schemas and annotations; a read token is offered the reads only', async () => {
    const { tools } = await writer.listTools();
    const names = tools.map((tool) => tool.name).sort();
    expect(names).toEqual(
      [
        'add_comment',
        'complete_task',
        'create_lead',
        'create_task',
        'forecast',
        'get_record',
        'list_projects',
        'log_call',
        'pipeline_summary',
        'search',
        'staffing_demand',
        'timeline',
        'update_lead',
        'update_project',
        'upcoming_bids',
        'utilization',
        'win_rates',
      ].sort(),
    );
    const search = tools.find((tool) => tool.name === 'search')!;
    expect(search.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(search.inputSchema.properties).toHaveProperty('query');
    expect(search.outputSchema?.properties).toHaveProperty('results');
    const createLead = tools.find((tool) => tool.name === 'create_lead')!;
    expect(createLead.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(JSON.stringify(createLead.inputSchema)).toContain('value_in_cents');

    const readable = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(readable).toContain('search');
    expect(readable).not.toContain('create_lead');
    // Called anyway: a tool error, never a protocol failure.
    const refused = await call(reader, 'create_lead', { lead: { name: 'Sneaky' } });
    expect(refused.isError).toBe(true);
  });

  it('writes through the API: create_lead, update_lead as seen, tasks, calls and comments, each seen in the HTTP API', async () => {
    const created = await call(writer, 'create_lead', { lead: { name: 'Harbor Clinic expansion', value_in_cents: 125_000_000 } });
    expect(created.isError).toBeFalsy();
    const lead = created.structuredContent!.lead as { id: string; updated_at: string; value_in_cents: number };
    expect(lead.value_in_cents).toBe(125_000_000);
    const viaHttp = await t.api.get(`/leads/${lead.id}`);
    expect(viaHttp.status).toBe(200);
    expect(viaHttp.body.lead.name).toBe('Harbor Clinic expansion');

    const updated = await call(writer, 'update_lead', { id: lead.id, updated_at: lead.updated_at, lead: { priority: true } });
    expect(updated.isError).toBeFalsy();
    expect((await t.api.get(`/leads/${lead.id}`)).body.lead.priority).toBe(true);
    // Given an updated_at the lead no longer has: refused, and nothing changes.
    const stale = await call(writer, 'update_lead', { id: lead.id, updated_at: '2001-01-01T00:00:00Z', lead: { name: 'Stale write' } });
    expect(stale.isError).toBe(true);
    expect(textOf(stale)).toMatch(/changed since you read it/);
    expect((await t.api.get(`/leads/${lead.id}`)).body.lead.name).toBe('Harbor Clinic expansion');

    const project = (await t.api.post('/projects', { project: { name: 'Harbor Clinic tower' } })).body.project;
    const moved = await call(writer, 'update_project', { id: project.id, updated_at: project.updated_at, project: { amount: 4_200_000 } });
    expect(moved.isError, textOf(moved)).toBeFalsy();
    expect((moved.structuredContent!.project as { amount: number }).amount).toBe(4_200_000);
    expect((await t.api.get(`/projects/${project.id}`)).body.project.amount).toBe(4_200_000);

    const task = (await call(writer, 'create_task', { task: { title: 'Send the addendum to Harbor' } })).structuredContent!.task as { id: string };
    const done = await call(writer, 'complete_task', { id: task.id });
    expect((done.structuredContent!.task as { completed_at: string | null }).completed_at).not.toBeNull();
    expect((await t.api.get(`/tasks/${task.id}`)).body.task.completed_at).not.toBeNull();

    const logged = await call(writer, 'log_call', { call: { notes: 'Sam asked about the addendum' } });
    expect(logged.isError).toBeFalsy();
    const callId = (logged.structuredContent!.call as { id: string }).id;
    expect((await t.api.get(`/calls/${callId}`)).body.call.notes).toBe('Sam asked about the addendum');

    const comment = await call(writer, 'add_comment', { comment: { commentable_type: 'lead', commentable_id: lead.id, body: 'Bid looks good' } });
    expect(comment.isError).toBeFalsy();
    const comments = await t.api.get(`/comments?commentable_type=lead&commentable_id=${lead.id}`);
    expect(comments.body.comments.map((c: { body: string }) => c.body)).toContain('Bid looks good');
  });

  it('answers input the API refuses as a tool error with its message', async () => {
    const missing = await call(writer, 'get_record', { type: 'project', id: '999999999' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/not found/i);
    const unknownCompany = await call(writer, 'create_lead', { lead: { name: 'Orphan', company_id: '999999999' } });
    expect(unknownCompany.isError).toBe(true);
    expect(textOf(unknownCompany)).toMatch(/company/i);
    const badRange = await call(writer, 'upcoming_bids', { from: '2026-05-10', to: '2026-05-01' });
    expect(badRange.isError).toBe(true);
    expect(textOf(badRange)).toMatch(/must not be before from/);
  });

  it('reads: search, get_record, list_projects, pipeline_summary, forecast, win_rates, upcoming_bids, utilization, staffing_demand, timeline', async () => {
    const project = (await t.api.post('/projects', { project: { name: 'Riverside Medical Office', bid_due_date: '2026-12-03' } })).body.project;
    const found = await call(writer, 'search', { query: 'riverside' });
    expect(found.isError).toBeFalsy();
    expect(found.structuredContent!.results).toContainEqual({ type: 'project', id: project.id, name: 'Riverside Medical Office' });

    const record = await call(writer, 'get_record', { type: 'project', id: project.id });
    expect((record.structuredContent!.record as { name: string }).name).toBe('Riverside Medical Office');

    const listed = await call(writer, 'list_projects', { q: 'Riverside', per_page: '10' });
    expect(listed.structuredContent!.total_count).toBe(1);
    expect(textOf(listed)).toContain('Riverside Medical Office');
    expect(textOf(listed)).toContain('bid due 2026-12-03');

    for (const [name, args] of [
      ['pipeline_summary', {}],
      ['forecast', {}],
      ['win_rates', { group_by: 'market_sector' }],
      ['upcoming_bids', { from: '2026-12-01', to: '2026-12-31', type: 'bid_due' }],
      ['utilization', {}],
      ['staffing_demand', {}],
      ['timeline', { type: 'project', id: project.id }],
    ] as const) {
      const result = await call(writer, name, args);
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      expect(result.structuredContent, name).toBeTruthy();
    }
    const bids = await call(writer, 'upcoming_bids', { from: '2026-12-01', to: '2026-12-31', type: 'bid_due' });
    expect(textOf(bids)).toContain('Riverside Medical Office');
    const pipeline = await call(writer, 'pipeline_summary', {});
    // The API's numbers, as the API answers them.
    expect(pipeline.structuredContent).toEqual((await t.api.get('/reports/pipeline')).body);
    const forecast = await call(writer, 'forecast', { from: '2026-11', to: '2027-01' });
    expect(forecast.structuredContent).toEqual((await t.api.get('/forecast?from=2026-11&to=2027-01')).body);
    expect(textOf(forecast)).toMatch(/^2026-11: contracted \$0, weighted pipeline/);
  });

  it('sees what the token’s user sees: another account’s records are not found, a team-only user finds no hidden project', async () => {
    const other = await createTestAccount('MCP other GC');
    const theirs = (await other.api.post('/projects', { project: { name: 'Quarry Hidden Tower' } })).body.project;
    const outsider = await call(writer, 'get_record', { type: 'project', id: theirs.id });
    expect(outsider.isError).toBe(true);
    expect(((await call(writer, 'search', { query: 'Quarry Hidden' })).structuredContent!.results as unknown[]).length).toBe(0);

    // A user of the account limited to their teams' projects, with a token of their own; on no team.
    await t.api.post('/projects', { project: { name: 'Quarry Team Hidden' } });
    expect(((await call(writer, 'search', { query: 'Quarry Team' })).structuredContent!.results as unknown[]).length).toBe(1);
    const userId = await insertUser(getDb(), {
      accountId: t.accountId,
      email: `tess.${Date.now()}@example.com`,
      firstName: 'Tess',
      lastName: 'Team',
      projectAccess: 'team',
    });
    const memberToken = await createApiToken(getDb(), { accountId: t.accountId, userId });
    const teamOnly = await connect(memberToken);
    try {
      const results = (await call(teamOnly, 'search', { query: 'Quarry Team' })).structuredContent!.results as unknown[];
      expect(results).toEqual([]);
    } finally {
      await teamOnly.close();
    }
  });
});

/** An MCP client's OAuth side as the SDK asks for it, kept in memory; the "browser" is the test. */
class AssistantAuth implements OAuthClientProvider {
  readonly redirectUrl = 'http://127.0.0.1:33418/callback';
  readonly clientMetadata = {
    client_name: 'Test assistant',
    redirect_uris: [this.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe('MCP server behind OAuth', () => {
  it('an SDK client discovers, registers, is authorized with PKCE by a signed-in user, and calls tools; its token is the MCP server’s only', async () => {
    const t = await createTestAccount('MCP OAuth GC');
    const auth = new AssistantAuth();
    const first = new StreamableHTTPClientTransport(MCP_URL, { authProvider: auth, fetch: rawAppFetch });
    await expect(new McpClient({ name: 'assistant', version: '1.0.0' }).connect(first)).rejects.toThrow(UnauthorizedError);

    // It registered itself (RFC 7591) and sent the user to the consent page with PKCE and the resource.
    expect(auth.info?.client_id).toMatch(/^gw_client_/);
    const params = Object.fromEntries(auth.authorizationUrl!.searchParams);
    expect(auth.authorizationUrl!.pathname).toBe('/oauth/authorize');
    expect(params).toMatchObject({ response_type: 'code', code_challenge_method: 'S256', resource: `${BASE}/api/mcp`, redirect_uri: auth.redirectUrl });
    // The account's member connects the assistant.
    const session = await sessionClient(t.otherUserId);
    const consent = await decide(session, params, 'allow');
    expect(consent.status).toBe(303);
    const back = new URL(consent.location!);
    expect(back.origin + back.pathname).toBe(auth.redirectUrl);
    await first.finishAuth(back.searchParams.get('code')!);
    expect(auth.saved?.access_token).toMatch(/^gw_oat_/);

    const assistant = new McpClient({ name: 'assistant', version: '1.0.0' });
    await assistant.connect(new StreamableHTTPClientTransport(MCP_URL, { authProvider: auth, fetch: rawAppFetch }));
    try {
      const created = (await assistant.callTool({ name: 'create_lead', arguments: { lead: { name: 'Lead from an assistant' } } })) as ToolResult;
      expect(created.isError).toBeFalsy();
      const lead = created.structuredContent!.lead as { id: string };
      expect((await t.api.get(`/leads/${lead.id}`)).body.lead.name).toBe('Lead from an assistant');
      // The write is audited as the user, through the assistant's authorization.
      const audit = await t.api.get(`/audit_log?resource=lead&resource_id=${lead.id}`);
      expect(audit.body.audit_log).toEqual([
        expect.objectContaining({
          action: 'create',
          actor: expect.objectContaining({ id: String(t.otherUserId) }),
          auth_method: 'oauth',
          oauth_application: expect.objectContaining({ name: 'Test assistant' }),
        }),
      ]);
    } finally {
      await assistant.close();
    }

    // Its token is for the MCP server: the HTTP API refuses it.
    const asApi = await client(auth.saved!.access_token).get('/leads');
    expect(asApi.status).toBe(401);
    expect(asApi.body.message).toMatch(/MCP server/);

    // A token minted for the API (resource = the API) is refused by the MCP server.
    const apiAuth = new AssistantAuth();
    apiAuth.info = auth.info;
    const verifier = 'v'.repeat(64);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const apiConsent = await decide(session, { ...params, code_challenge: challenge, resource: `${BASE}/api/2023-01`, state: 'api' }, 'allow');
    const code = new URL(apiConsent.location!).searchParams.get('code')!;
    const minted = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: auth.redirectUrl,
      client_id: auth.info!.client_id,
      code_verifier: verifier,
      resource: `${BASE}/api/2023-01`,
    });
    expect(minted.status).toBe(200);
    expect((await client(minted.body.access_token).get('/leads')).status).toBe(200);
    const refused = await rawAppFetch(MCP_URL, {
      method: 'POST',
      headers: { authorization: `Bearer ${minted.body.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
    // A code for one resource cannot be exchanged for another (RFC 8707 invalid_target).
    const mismatch = await decide(session, { ...params, code_challenge: challenge, state: 'mcp' }, 'allow');
    const wrong = await tokenRequest({
      grant_type: 'authorization_code',
      code: new URL(mismatch.location!).searchParams.get('code')!,
      redirect_uri: auth.redirectUrl,
      client_id: auth.info!.client_id,
      code_verifier: verifier,
      resource: `${BASE}/api/2023-01`,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_target');

    // Settings → AI assistants: the member sees their assistant, last used; the admin sees everyone's and disconnects it.
    const mine = await session.get('/api/2023-01/oauth_grants?registration=dynamic');
    expect(mine.status).toBe(200);
    expect(mine.body.oauth_grants).toHaveLength(1);
    expect(mine.body.oauth_grants[0]).toMatchObject({ application: { name: 'Test assistant', registration: 'dynamic' }, scope: 'read write' });
    expect(mine.body.oauth_grants[0].last_used_at).not.toBeNull();
    expect((await session.get('/api/2023-01/oauth_grants?all=true')).status).toBe(403);
    const admin = await sessionClient(t.userId);
    expect((await admin.get('/api/2023-01/oauth_grants?registration=dynamic')).body.oauth_grants).toEqual([]);
    const everyone = await admin.get('/api/2023-01/oauth_grants?all=true&registration=dynamic');
    expect(everyone.body.oauth_grants.map((g: { user: { id: string } }) => g.user.id)).toEqual([String(t.otherUserId)]);
    expect((await admin.get('/api/2023-01/oauth_grants?all=true&registration=account')).body.oauth_grants).toEqual([]);
    expect((await admin.delete(`/api/2023-01/oauth_grants/${everyone.body.oauth_grants[0].id}`)).status).toBe(204);
    const gone = await new McpClient({ name: 'assistant', version: '1.0.0' })
      .connect(
        new StreamableHTTPClientTransport(MCP_URL, { fetch: rawAppFetch, requestInit: { headers: { authorization: `Bearer ${auth.saved!.access_token}` } } }),
      )
      .then(
        () => 'connected',
        (err: Error) => err.message,
      );
    expect(gone).toMatch(/401|Unauthorized/i);
  });

  it('registers public clients only, with loopback or https redirect URIs', async () => {
    const register = (body: unknown) =>
      rawAppFetch(new URL('/oauth/register', BASE), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ok = await register({ redirect_uris: ['https://assistant.example.com/cb', 'http://localhost:7777/cb'], client_name: 'Cursor' });
    expect(ok.status).toBe(201);
    const registered = (await ok.json()) as { client_id: string };
    expect(registered).toMatchObject({ client_name: 'Cursor', token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] });
    for (const [body, error] of [
      [{ redirect_uris: ['http://assistant.example.com/cb'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://a.example.com/cb#frag'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: [] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://a.example.com/cb'], token_endpoint_auth_method: 'client_secret_basic' }, 'invalid_client_metadata'],
      [{ redirect_uris: ['https://a.example.com/cb'], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    ] as const) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toBe(error);
    }
    // Never authorized in 30 days: swept (the daily job); one with a grant stays, however old.
    const { client_id } = registered;
    const db = getDb();
    await db
      .update(oauthApplications)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(oauthApplications.clientId, client_id));
    // An assistant someone authorized, as old.
    const owner = await createTestAccount('MCP sweep GC');
    const kept = await insertRegisteredClient(db, {
      clientId: `gw_client_kept${Date.now()}`,
      name: 'Kept assistant',
      redirectUris: ['https://kept.example.com/cb'],
    });
    await upsertGrant(db, { accountId: owner.accountId, userId: owner.userId, applicationId: kept.id, scope: 'read' });
    await db
      .update(oauthApplications)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(oauthApplications.id, kept.id));
    expect(await deleteUnusedRegisteredClients(db, 30)).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(oauthApplications).where(eq(oauthApplications.clientId, client_id))).toEqual([]);
    expect(await db.select({ id: oauthApplications.id }).from(oauthApplications).where(eq(oauthApplications.id, kept.id))).toHaveLength(1);

    const notJson = await rawAppFetch(new URL('/oauth/register', BASE), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(notJson.status).toBe(400);
  });
});
