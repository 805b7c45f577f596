import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { documentUploads, documentVersions, documents, storageTrash, webhookMessages } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { blobStore } from '@/lib/server/storage';
import { sweepStorage } from '@/lib/server/storage/sweep';
import { spoolPrefix } from '@/lib/server/storage/spool';
import { processDocuments } from '@/lib/server/documents/process';
import type { CallerContext } from '@/lib/server/services/context';
import { deleteLead } from '@/lib/server/services/leads';
import { FULL_ACCESS } from '@/lib/shared/permissions';
import { BASE, client, dispatch, type Client } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { startS3Server, type S3Server } from '../s3-server';
import { workbook, xlsxBomb, xlsxRow } from '../hostile-files';
import { makeDocx, makePdf } from '../sample-files';

// Issue 29, documents: uploaded to a project, lead, company or contact in one multipart request,
// typed from their bytes, versioned, downloaded (a signed URL of one version on S3, the bytes on
// the local driver), renamed and deleted (the bytes after the commit); a record the caller does not
// see is a 404 for its documents and their bytes. Every rule on both drivers: the S3 one against a
// real S3-compatible server process (tests/s3-server.ts).

const DOCUMENT_KEYS = [
  'attachable_id',
  'attachable_type',
  'byte_size',
  'category',
  'checksum_sha256',
  'content_type',
  'created_at',
  'download_url',
  'folder',
  'id',
  'name',
  'text_extracted',
  'thumbnail_url',
  'updated_at',
  'uploaded_by',
  'version',
];

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** POST a multipart form (`file` and the fields) with the token, through the real route. */
async function upload(token: string, path: string, file: { bytes: Buffer; name: string; type?: string } | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await dispatch(new Request(new URL(`/api/2023-01${path}`, BASE), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** GET a download without following its redirect: the answer itself. */
const download = (token: string, path: string) =>
  dispatch(new Request(new URL(`/api/2023-01${path}`, BASE), { headers: { authorization: `Bearer ${token}` }, redirect: 'manual' }));

/** The bytes a download gives: from the app (local) or from the signed URL it redirects to (S3). */
async function bytesOf(token: string, path: string): Promise<Buffer> {
  const res = await download(token, path);
  if (res.status === 302) {
    const signed = await fetch(res.headers.get('location')!);
    expect(signed.status).toBe(200);
    return Buffer.from(await signed.arrayBuffer());
  }
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Step two of an upload: the bytes to its URL (the app's own with the local driver, the S3 server's otherwise), as a client would. */
function putBytes(up: { upload_url: string; headers: Record<string, string> }, bytes: Buffer): Promise<Response> {
  const init = { method: 'PUT', headers: up.headers, body: new Uint8Array(bytes) };
  return up.upload_url.startsWith(BASE) ? dispatch(new Request(up.upload_url, init)) : fetch(up.upload_url, init);
}

const storageKeys = async (documentId: string) =>
  (
    await getDb()
      .select({ key: documentVersions.storageKey })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, Number(documentId)))
  ).map((r) => r.key);

let s3: S3Server;
const saved: Record<string, string | undefined> = {};

function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (!(k in saved)) saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  setEnv(saved);
  await s3?.stop();
});

describe.each(['local', 's3'] as const)('documents on the %s driver', (driver) => {
  let a: TestAccount;
  let b: TestAccount;
  let teamOnly: { userId: number; token: string; api: Client };
  let mine: { id: string };
  let hidden: { id: string };

  beforeAll(async () => {
    setEnv(driver === 's3' ? s3.env : { STORAGE_DRIVER: 'local', S3_BUCKET: undefined, S3_ENDPOINT: undefined });
    a = await createTestAccount('Documents GC');
    b = await createTestAccount('Other documents GC');
    const userId = await insertUser(getDb(), {
      accountId: a.accountId,
      email: `d.${Math.random().toString(36).slice(2, 10)}@example.com`,
      firstName: 'Tess',
      lastName: 'Teamonly',
      projectAccess: 'team',
    });
    const token = await createApiToken(getDb(), { accountId: a.accountId, userId });
    teamOnly = { userId, token, api: client(token) };
    mine = (await a.api.post('/projects', { project: { name: 'Team project' } })).body.project;
    hidden = (await a.api.post('/projects', { project: { name: 'Hidden project' } })).body.project;
    const joined = await a.api.post('/project_team_memberships', {
      project_team_membership: { project_id: mine.id, user_id: String(userId), roles: ['project_manager'] },
    });
    expect(joined.status).toBe(201);
  });

  it('uploads a file in one request: typed from its bytes, hashed, stored, and answered in the shape every document has', async () => {
    // The client calls it HTML; its bytes say PDF.
    const res = await upload(
      a.token,
      '/documents',
      { bytes: PDF, name: 'Bid form.pdf', type: 'text/html' },
      {
        attachable_type: 'project',
        attachable_id: mine.id,
        category: 'bid_form',
      },
    );
    expect(res.status).toBe(201);
    const doc = res.body.document;
    expect(Object.keys(doc).sort()).toEqual(DOCUMENT_KEYS);
    expect(doc).toMatchObject({
      name: 'Bid form.pdf',
      content_type: 'application/pdf',
      byte_size: PDF.length,
      checksum_sha256: sha256(PDF),
      category: 'bid_form',
      attachable_type: 'project',
      attachable_id: mine.id,
      folder: null,
      version: 1,
      uploaded_by: { id: String(a.userId) },
      download_url: `${BASE}/api/2023-01/documents/${doc.id}/download`,
      thumbnail_url: null,
      text_extracted: false,
    });
    expect(res.headers.get('etag')).toBeTruthy();
    // Row and bytes: one version, whose key the store holds with the same size.
    const [key] = await storageKeys(doc.id);
    expect(await blobStore().size(key!)).toBe(PDF.length);
    expect(await bytesOf(a.token, `/documents/${doc.id}/download`)).toEqual(PDF);
    // Its event.
    const events = await getDb()
      .select({ type: webhookMessages.eventType })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, a.accountId), eq(webhookMessages.eventType, 'document.create')));
    expect(events).toHaveLength(1);
    // The project's timeline tells of it, with the document as it is.
    const timeline = await a.api.get(`/projects/${mine.id}/timeline?kind=document`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.timeline[0]).toMatchObject({
      id: `document-${doc.id}`,
      kind: 'document',
      actor: { id: String(a.userId) },
      summary: 'Avery Admin uploaded “Bid form.pdf”',
      document: { id: doc.id, name: 'Bid form.pdf' },
      comment: null,
    });
  });

  it('downloads with the headers that keep a browser from running the file', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload(
      a.token,
      '/documents',
      { bytes: html, name: 'page.html', type: 'text/html' },
      { attachable_type: 'project', attachable_id: mine.id },
    );
    expect(res.status).toBe(201);
    // Text, never HTML: a browser will not run it.
    expect(res.body.document.content_type).toBe('text/plain');
    const got = await download(a.token, `/documents/${res.body.document.id}/download`);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    if (driver === 'local') {
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('text/plain');
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
      expect(got.headers.get('content-security-policy')).toContain('sandbox');
      expect(Buffer.from(await got.arrayBuffer())).toEqual(html);
    } else {
      expect(got.status).toBe(302);
      const signed = new URL(got.headers.get('location')!);
      // One object, five minutes, and the store answers with the same disposition and type.
      expect(signed.searchParams.get('X-Amz-Expires')).toBe('300');
      const fetched = await fetch(signed);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-disposition')).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
      expect(fetched.headers.get('content-type')).toBe('text/plain');
    }
  });

  it('keeps versions: a new file is the next version, each downloadable', async () => {
    const first = (await upload(a.token, '/documents', { bytes: PDF, name: 'Drawings.pdf' }, { attachable_type: 'project', attachable_id: mine.id })).body
      .document;
    const addendum = Buffer.concat([PDF, Buffer.from('% addendum 1\n')]);
    const res = await upload(a.token, `/documents/${first.id}/versions`, { bytes: addendum, name: 'Drawings rev B.pdf' });
    expect(res.status).toBe(201);
    expect(res.body.document).toMatchObject({ id: first.id, name: 'Drawings.pdf', version: 2, byte_size: addendum.length, checksum_sha256: sha256(addendum) });
    const versions = await a.api.get(`/documents/${first.id}/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body.document_versions.map((v: { version: number; name: string }) => [v.version, v.name])).toEqual([
      [2, 'Drawings rev B.pdf'],
      [1, 'Drawings.pdf'],
    ]);
    expect(versions.body.document_versions[1].download_url).toBe(`${BASE}/api/2023-01/documents/${first.id}/download?version=1`);
    expect(await bytesOf(a.token, `/documents/${first.id}/download?version=1`)).toEqual(PDF);
    expect(await bytesOf(a.token, `/documents/${first.id}/download`)).toEqual(addendum);
    expect((await download(a.token, `/documents/${first.id}/download?version=3`)).status).toBe(404);
    expect((await download(a.token, `/documents/${first.id}/download?version=zero`)).status).toBe(422);
  });

  it('renames, re-categorises and moves with If-Match; names lose their paths and control characters', async () => {
    const doc = (await upload(a.token, '/documents', { bytes: PDF, name: 'spec.pdf' }, { attachable_type: 'project', attachable_id: mine.id })).body.document;
    const got = await a.api.get(`/documents/${doc.id}`);
    const etag = got.headers.get('etag')!;
    const res = await a.api.patch(
      `/documents/${doc.id}`,
      { document: { name: '../../etc/Specs\u0007 Div 03\u202e.pdf', category: 'specifications' } },
      { headers: { 'If-Match': etag } },
    );
    expect(res.status).toBe(200);
    expect(res.body.document).toMatchObject({ name: 'Specs Div 03.pdf', category: 'specifications' });
    // The ETag it was read with is stale now.
    const stale = await a.api.patch(`/documents/${doc.id}`, { document: { name: 'Other.pdf' } }, { headers: { 'If-Match': etag } });
    expect(stale.status).toBe(412);
    // A folder must be one of the same record.
    const bad = await a.api.patch(`/documents/${doc.id}`, { document: { folder_id: '999999999' } });
    expect(bad.status).toBe(422);
    expect(bad.body.details.folder_id).toBeTruthy();
    const category = await a.api.patch(`/documents/${doc.id}`, { document: { category: 'blueprints' } });
    expect(category.status).toBe(422);
  });

  it('lists a record’s documents, newest first, by category and by words of their names', async () => {
    const company = (await a.api.post('/companies', { company: { name: 'Owner Rep LLC' } })).body.company;
    const one = await upload(
      a.token,
      '/documents',
      { bytes: PDF, name: 'Invitation to bid.pdf' },
      { attachable_type: 'company', attachable_id: company.id, category: 'bid_invitation' },
    );
    const two = await upload(
      a.token,
      '/documents',
      { bytes: PDF, name: 'Addendum 2 electrical.pdf' },
      { attachable_type: 'company', attachable_id: company.id, category: 'addendum' },
    );
    const all = await a.api.get(`/documents?attachable_type=company&attachable_id=${company.id}`);
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('2');
    expect(all.body.documents.map((d: { id: string }) => d.id)).toEqual([two.body.document.id, one.body.document.id]);
    const addenda = await a.api.get(`/documents?attachable_type=company&attachable_id=${company.id}&category=addendum`);
    expect(addenda.body.documents.map((d: { id: string }) => d.id)).toEqual([two.body.document.id]);
    const found = await a.api.get(`/documents?attachable_type=company&attachable_id=${company.id}&q=${encodeURIComponent('addend elec')}`);
    expect(found.body.documents.map((d: { id: string }) => d.id)).toEqual([two.body.document.id]);
    const none = await a.api.get(`/documents?attachable_type=company&attachable_id=${company.id}&q=roofing`);
    expect(none.body.documents).toEqual([]);
    // Both filters or none.
    expect((await a.api.get('/documents')).status).toBe(422);
  });

  it('deletes a document with every version; its bytes go once the delete has committed', async () => {
    const doc = (await upload(a.token, '/documents', { bytes: PDF, name: 'old.pdf' }, { attachable_type: 'project', attachable_id: mine.id })).body.document;
    await upload(a.token, `/documents/${doc.id}/versions`, { bytes: Buffer.concat([PDF, PDF]), name: 'old2.pdf' });
    const keys = await storageKeys(doc.id);
    expect(keys).toHaveLength(2);
    const res = await a.api.delete(`/documents/${doc.id}`);
    expect(res.status).toBe(204);
    expect(
      await getDb()
        .select()
        .from(documents)
        .where(eq(documents.id, Number(doc.id))),
    ).toEqual([]);
    for (const key of keys) expect(await blobStore().size(key)).toBeNull();
    expect(await getDb().select().from(storageTrash).where(eq(storageTrash.storageKey, keys[0]!))).toEqual([]);
    expect((await a.api.get(`/documents/${doc.id}`)).status).toBe(404);
  });

  it('deleting the record deletes its documents and their bytes', async () => {
    const lead = (await a.api.post('/leads', { lead: { name: 'Lead with a file' } })).body.lead;
    const doc = (await upload(a.token, '/documents', { bytes: PDF, name: 'rfp.pdf' }, { attachable_type: 'lead', attachable_id: lead.id })).body.document;
    const [key] = await storageKeys(doc.id);
    expect((await a.api.delete(`/leads/${lead.id}`)).status).toBe(204);
    expect(
      await getDb()
        .select()
        .from(documents)
        .where(eq(documents.id, Number(doc.id))),
    ).toEqual([]);
    expect(await blobStore().size(key!)).toBeNull();
    const events = await getDb()
      .select({ payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, a.accountId), eq(webhookMessages.eventType, 'document.delete')));
    expect(events.map((e) => (e.payload as { id: string }).id)).toContain(doc.id);
  });

  it('a team-only user cannot list, read, version or download a hidden project’s documents; another account finds none', async () => {
    const doc = (await upload(a.token, '/documents', { bytes: PDF, name: 'secret.pdf' }, { attachable_type: 'project', attachable_id: hidden.id })).body
      .document;
    const visible = (await upload(a.token, '/documents', { bytes: PDF, name: 'shared.pdf' }, { attachable_type: 'project', attachable_id: mine.id })).body
      .document;
    expect((await teamOnly.api.get(`/documents?attachable_type=project&attachable_id=${hidden.id}`)).status).toBe(404);
    expect((await teamOnly.api.get(`/documents/${doc.id}`)).status).toBe(404);
    expect((await teamOnly.api.get(`/documents/${doc.id}/versions`)).status).toBe(404);
    expect((await download(teamOnly.token, `/documents/${doc.id}/download`)).status).toBe(404);
    expect((await teamOnly.api.patch(`/documents/${doc.id}`, { document: { name: 'mine.pdf' } })).status).toBe(404);
    expect((await teamOnly.api.delete(`/documents/${doc.id}`)).status).toBe(404);
    expect((await upload(teamOnly.token, '/documents', { bytes: PDF, name: 'x.pdf' }, { attachable_type: 'project', attachable_id: hidden.id })).status).toBe(
      404,
    );
    // Their own team's project: all of it.
    expect((await teamOnly.api.get(`/documents/${visible.id}`)).status).toBe(200);
    expect(await bytesOf(teamOnly.token, `/documents/${visible.id}/download`)).toEqual(PDF);
    // Another account: nothing, whatever the id.
    expect((await b.api.get(`/documents/${doc.id}`)).status).toBe(404);
    expect((await download(b.token, `/documents/${doc.id}/download`)).status).toBe(404);
    expect((await upload(b.token, '/documents', { bytes: PDF, name: 'x.pdf' }, { attachable_type: 'project', attachable_id: mine.id })).status).toBe(404);
  });

  it('refuses what it cannot keep: over the limit (413, naming it), over the quota (422), no file, not a form', async () => {
    const before = await getDb().select({ id: documents.id }).from(documents).where(eq(documents.accountId, a.accountId));
    setEnv({ DOCUMENT_MAX_BYTES: '1000' });
    try {
      const big = await upload(
        a.token,
        '/documents',
        { bytes: Buffer.alloc(5000, 7), name: 'big.bin' },
        { attachable_type: 'project', attachable_id: mine.id },
      );
      expect(big.status).toBe(413);
      expect(big.body.message).toContain('1000 bytes');
    } finally {
      setEnv({ DOCUMENT_MAX_BYTES: undefined });
    }
    setEnv({ DOCUMENT_QUOTA_BYTES: '10' });
    try {
      const full = await upload(a.token, '/documents', { bytes: PDF, name: 'full.pdf' }, { attachable_type: 'project', attachable_id: mine.id });
      expect(full.status).toBe(422);
      expect(full.body.message).toMatch(/documents are full/);
    } finally {
      setEnv({ DOCUMENT_QUOTA_BYTES: undefined });
    }
    const noFile = await upload(a.token, '/documents', null, { attachable_type: 'project', attachable_id: mine.id });
    expect(noFile.status).toBe(422);
    expect(noFile.body.details.file).toBeTruthy();
    const twice = await upload(a.token, '/documents', { bytes: PDF, name: 'x.pdf' }, { attachable_type: 'project', attachable_id: mine.id, category: 'photo' });
    expect(twice.status).toBe(201);
    const badType = await upload(a.token, '/documents', { bytes: PDF, name: 'x.pdf' }, { attachable_type: 'task', attachable_id: mine.id });
    expect(badType.status).toBe(422);
    // JSON is the last step of an upload in three steps: without an upload, a 422 naming it.
    const json = await a.api.post('/documents', { document: { name: 'x', attachable_type: 'project', attachable_id: mine.id } });
    expect(json.status).toBe(422);
    expect(json.body.details).toHaveProperty('upload_id');
    const text = await dispatch(
      new Request(new URL('/api/2023-01/documents', BASE), {
        method: 'POST',
        headers: { authorization: `Bearer ${a.token}`, 'content-type': 'text/plain' },
        body: 'x',
      }),
    );
    expect(text.status).toBe(415);
    // Nothing half-written: only the one accepted upload added a row.
    const after = await getDb().select({ id: documents.id }).from(documents).where(eq(documents.accountId, a.accountId));
    expect(after.length).toBe(before.length + 1);
    // No spooled upload of this process is left behind in the temporary folder (other test files,
    // in processes of their own, upload at the same time).
    const { tmpdir } = await import('node:os');
    expect((await readdir(tmpdir())).filter((f) => f.startsWith(spoolPrefix()))).toEqual([]);
  });

  it('uploads a file of any size in three steps: where to send it, the bytes, then the document (checked and hashed)', async () => {
    const bytes = Buffer.concat([makePdf(['Plan set', 'Sheet A-101']), Buffer.alloc(300_000, 0x20)]);
    const asked = await a.api.post('/document_uploads', {
      document_upload: { name: 'Plan set.pdf', byte_size: bytes.length, content_type: 'application/pdf' },
    });
    expect(asked.status).toBe(201);
    const up = asked.body.document_upload;
    expect(Object.keys(up).sort()).toEqual(['expires_at', 'headers', 'id', 'method', 'upload_url']);
    expect(up).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'application/pdf' } });
    expect(new Date(up.expires_at).getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    if (driver === 'local') expect(up.upload_url).toMatch(new RegExp(`^${BASE}/api/uploads/${up.id}\\?token=[\\w-]{43}$`));
    else expect(up.upload_url).toContain('X-Amz-Signature=');

    // Finishing before the bytes arrive says so.
    const early = await a.api.post('/documents', { document: { upload_id: up.id, attachable_type: 'project', attachable_id: mine.id } });
    expect(early.status).toBe(422);
    expect(early.body.details.upload_id[0]).toMatch(/have not arrived/);

    const sent = await putBytes(up, bytes);
    expect(sent.status).toBe(200);
    const done = await a.api.post('/documents', { document: { upload_id: up.id, attachable_type: 'project', attachable_id: mine.id, category: 'drawings' } });
    expect(done.status).toBe(201);
    expect(done.body.document).toMatchObject({
      name: 'Plan set.pdf',
      content_type: 'application/pdf',
      byte_size: bytes.length,
      checksum_sha256: sha256(bytes),
      category: 'drawings',
      version: 1,
      uploaded_by: { id: String(a.userId) },
    });
    expect(await bytesOf(a.token, `/documents/${done.body.document.id}/download`)).toEqual(bytes);
    // An upload is used once.
    const again = await a.api.post('/documents', { document: { upload_id: up.id, attachable_type: 'project', attachable_id: mine.id } });
    expect(again.status).toBe(422);

    // A new version the same way.
    const next = Buffer.from('Sheet A-101 revision 2');
    const asked2 = (
      await a.api.post('/document_uploads', { document_upload: { name: 'Plan set rev 2.txt', byte_size: next.length, content_type: 'text/plain' } })
    ).body.document_upload;
    expect((await putBytes(asked2, next)).status).toBe(200);
    // Another user of the account cannot finish it.
    expect((await teamOnly.api.post(`/documents/${done.body.document.id}/versions`, { document: { upload_id: asked2.id } })).status).toBe(422);
    const versioned = await a.api.post(`/documents/${done.body.document.id}/versions`, { document: { upload_id: asked2.id } });
    expect(versioned.status).toBe(201);
    expect(versioned.body.document).toMatchObject({ version: 2, byte_size: next.length, content_type: 'text/plain', checksum_sha256: sha256(next) });

    // Past DOCUMENT_MAX_BYTES (500 MB by default), refused before anything is sent, naming the limit.
    const big = await a.api.post('/document_uploads', { document_upload: { name: 'Huge.zip', byte_size: 600 * 1024 * 1024, content_type: 'application/zip' } });
    expect(big.status).toBe(413);
    expect(big.body.message).toContain('500 MB');
    // Another account cannot use it.
    const theirs = (await b.api.post('/document_uploads', { document_upload: { name: 'x.txt', byte_size: 3, content_type: 'text/plain' } })).body
      .document_upload;
    expect((await a.api.post('/documents', { document: { upload_id: theirs.id, attachable_type: 'project', attachable_id: mine.id } })).status).toBe(422);
  });

  it('reads a PDF’s words and draws its first page in the background: then `q` finds a word inside it', async () => {
    const pdf = makePdf(['Invitation to bid', 'Concrete formwork and rebar schedule']);
    const doc = (await upload(a.token, '/documents', { bytes: pdf, name: 'ITB.pdf' }, { attachable_type: 'project', attachable_id: mine.id })).body.document;
    // The request stores it; reading waits for the job.
    expect(doc).toMatchObject({ text_extracted: false, thumbnail_url: null });
    const find = (q: string) => a.api.get(`/documents?attachable_type=project&attachable_id=${mine.id}&q=${encodeURIComponent(q)}`);
    expect((await find('formwork')).body.documents).toEqual([]);

    expect(await processDocuments(getDb())).toBeGreaterThanOrEqual(1);
    const read = (await a.api.get(`/documents/${doc.id}`)).body.document;
    expect(read).toMatchObject({ text_extracted: true, thumbnail_url: `${BASE}/api/2023-01/documents/${doc.id}/thumbnail?version=1` });
    expect(read.updated_at >= doc.updated_at).toBe(true);
    expect((await find('formwork rebar')).body.documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect((await find('plumbing')).body.documents).toEqual([]);

    // The thumbnail is a small WebP of the page.
    const picture = await bytesOf(a.token, `/documents/${doc.id}/thumbnail?version=1`);
    expect(picture.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(picture.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const [stored] = await getDb()
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.documentId, Number(doc.id)));
    expect(stored!.thumbnailKey).toMatch(new RegExp(`^documents/${a.accountId}/thumbnails/`));
    // Read once: the job finds nothing more to do.
    expect(await processDocuments(getDb(), Number(doc.id))).toBe(0);

    // Hidden from whoever does not see the record, like the bytes.
    expect((await download(teamOnly.token, `/documents/${doc.id}/thumbnail`)).status).toBe(driver === 's3' ? 302 : 200);
    const secret = (await upload(a.token, '/documents', { bytes: pdf, name: 'Secret.pdf' }, { attachable_type: 'project', attachable_id: hidden.id })).body
      .document;
    await processDocuments(getDb());
    expect((await download(teamOnly.token, `/documents/${secret.id}/thumbnail`)).status).toBe(404);
    expect((await download(b.token, `/documents/${doc.id}/thumbnail`)).status).toBe(404);

    // A new version is read anew: its words replace the old, its picture the old one (whose bytes go).
    const next = await upload(a.token, `/documents/${doc.id}/versions`, { bytes: makePdf(['Addendum 1', 'Waterproofing membrane']), name: 'ITB rev 1.pdf' });
    expect(next.body.document).toMatchObject({ version: 2, text_extracted: false, thumbnail_url: null });
    await processDocuments(getDb());
    expect((await find('waterproofing')).body.documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect((await find('formwork')).body.documents).toEqual([]);
    expect((await a.api.get(`/documents/${doc.id}`)).body.document.thumbnail_url).toBe(`${BASE}/api/2023-01/documents/${doc.id}/thumbnail?version=2`);
    expect(await blobStore().size(stored!.thumbnailKey!)).not.toBeNull();

    // Deleting it removes every version's bytes and pictures.
    const keys = (
      await getDb()
        .select()
        .from(documentVersions)
        .where(eq(documentVersions.documentId, Number(doc.id)))
    ).flatMap((v) => [v.storageKey, ...(v.thumbnailKey ? [v.thumbnailKey] : [])]);
    expect(keys).toHaveLength(4);
    expect((await a.api.delete(`/documents/${doc.id}`)).status).toBe(204);
    for (const key of keys) expect(await blobStore().size(key)).toBeNull();
  });

  it('reads Word, Excel and plain text; a file it cannot parse is kept, marked unread and not tried again', async () => {
    const files = [
      { bytes: await makeDocx(['Scope of work', 'Structural steel erection']), name: 'Scope.docx', word: 'erection' },
      { bytes: await workbook([xlsxRow(1, ['Item', 'Quantity']), xlsxRow(2, ['Anchor bolts', '240'])]), name: 'Takeoff.xlsx', word: 'anchor' },
      { bytes: Buffer.from('Site visit notes: crane pad north of gridline C'), name: 'notes.txt', word: 'gridline' },
    ];
    const company = (await a.api.post('/companies', { company: { name: 'Reading Steel Co' } })).body.company;
    const ids: string[] = [];
    for (const file of files) {
      const res = await upload(a.token, '/documents', file, { attachable_type: 'company', attachable_id: company.id });
      expect(res.status).toBe(201);
      ids.push(res.body.document.id);
    }
    const broken = (await upload(a.token, '/documents', { bytes: PDF, name: 'Broken.pdf' }, { attachable_type: 'company', attachable_id: company.id })).body
      .document;
    const bomb = (
      await upload(a.token, '/documents', { bytes: await xlsxBomb(), name: 'Bomb.xlsx' }, { attachable_type: 'company', attachable_id: company.id })
    ).body.document;
    await processDocuments(getDb());
    for (const [i, file] of files.entries()) {
      const found = await a.api.get(`/documents?attachable_type=company&attachable_id=${company.id}&q=${file.word}`);
      expect(found.body.documents.map((d: { id: string }) => d.id)).toEqual([ids[i]]);
      expect(found.body.documents[0]).toMatchObject({ text_extracted: true, thumbnail_url: null });
    }
    for (const doc of [broken, bomb]) {
      expect((await a.api.get(`/documents/${doc.id}`)).body.document).toMatchObject({ text_extracted: false, thumbnail_url: null });
      const [row] = await getDb()
        .select()
        .from(documents)
        .where(eq(documents.id, Number(doc.id)));
      expect(row).toMatchObject({ processedVersion: 1, processingUntil: null });
    }
    expect(await bytesOf(a.token, `/documents/${broken.id}/download`)).toEqual(PDF);
    expect(await processDocuments(getDb())).toBe(0);
  });

  it('the sweep removes bytes no row names once they are a day old, and never a document’s', async () => {
    const doc = (await upload(a.token, '/documents', { bytes: PDF, name: 'kept.pdf' }, { attachable_type: 'project', attachable_id: mine.id })).body.document;
    const [kept] = await storageKeys(doc.id);
    // An upload whose rows never came: bytes under a key no version names.
    const { writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const spooled = `${tmpdir()}/groundwork-orphan-${Date.now()}`;
    await writeFile(spooled, 'orphan');
    const orphan = `documents/${a.accountId}/orphan-${Date.now()}`;
    await blobStore().put(orphan, spooled, 6, 'text/plain');
    // Not yet a day old: kept.
    await sweepStorage(getDb());
    expect(await blobStore().size(orphan)).toBe(6);
    // A day later: gone; the document's bytes stay.
    await sweepStorage(getDb(), new Date(Date.now() + 25 * 3_600_000));
    expect(await blobStore().size(orphan)).toBeNull();
    expect(await blobStore().size(kept!)).toBe(PDF.length);
  });

  if (driver === 's3') {
    it('a signed URL expires: the store refuses it afterwards', async () => {
      const doc = (await upload(a.token, '/documents', { bytes: PDF, name: 'brief.pdf' }, { attachable_type: 'project', attachable_id: mine.id })).body
        .document;
      const [key] = await storageKeys(doc.id);
      const url = await blobStore().signedReadUrl(key!, 1, { contentType: 'application/pdf', disposition: 'inline' });
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await fetch(url!)).status).toBe(403);
    });
  }
});

describe('document folders', () => {
  let a: TestAccount;
  let project: { id: string };
  let other: { id: string };

  beforeAll(async () => {
    setEnv({ STORAGE_DRIVER: 'local', S3_BUCKET: undefined, S3_ENDPOINT: undefined });
    a = await createTestAccount('Folders GC');
    project = (await a.api.post('/projects', { project: { name: 'Foldered project' } })).body.project;
    other = (await a.api.post('/projects', { project: { name: 'Other project' } })).body.project;
  });

  const folder = (name: string, on: string, parent_id?: string) =>
    a.api.post('/document_folders', { document_folder: { attachable_type: 'project', attachable_id: on, name, ...(parent_id && { parent_id }) } });

  it('nest on a record, hold its documents, move without cycles, and go with their subfolders (their documents stay)', async () => {
    const drawings = await folder('Drawings', project.id);
    expect(drawings.status).toBe(201);
    expect(Object.keys(drawings.body.document_folder).sort()).toEqual([
      'attachable_id',
      'attachable_type',
      'created_at',
      'document_count',
      'id',
      'name',
      'parent_id',
      'updated_at',
    ]);
    const arch = (await folder('Architectural', project.id, drawings.body.document_folder.id)).body.document_folder;
    expect(arch).toMatchObject({ name: 'Architectural', parent_id: drawings.body.document_folder.id, document_count: 0 });
    // A parent of another record, or a move into itself or below itself, is refused.
    const elsewhere = (await folder('Elsewhere', other.id)).body.document_folder;
    expect((await folder('Stray', project.id, elsewhere.id)).status).toBe(422);
    const cycle = await a.api.patch(`/document_folders/${drawings.body.document_folder.id}`, { document_folder: { parent_id: arch.id } });
    expect(cycle.status).toBe(422);
    expect(cycle.body.details.parent_id).toBeTruthy();
    expect((await a.api.patch(`/document_folders/${arch.id}`, { document_folder: { parent_id: arch.id } })).status).toBe(422);

    // A document in the subfolder; the folder counts it, the list filters by it.
    const doc = await upload(
      a.token,
      '/documents',
      { bytes: PDF, name: 'A-101.pdf' },
      { attachable_type: 'project', attachable_id: project.id, folder_id: arch.id },
    );
    expect(doc.status).toBe(201);
    expect(doc.body.document.folder).toMatchObject({ id: arch.id, name: 'Architectural' });
    expect(
      (await upload(a.token, '/documents', { bytes: PDF, name: 'x.pdf' }, { attachable_type: 'project', attachable_id: project.id, folder_id: elsewhere.id }))
        .status,
    ).toBe(422);
    const inArch = await a.api.get(`/documents?attachable_type=project&attachable_id=${project.id}&folder_id=${arch.id}`);
    expect(inArch.body.documents.map((d: { id: string }) => d.id)).toEqual([doc.body.document.id]);
    const folders = await a.api.get(`/document_folders?attachable_type=project&attachable_id=${project.id}`);
    expect(folders.status).toBe(200);
    expect(folders.body.document_folders.map((f: { name: string; document_count: number }) => [f.name, f.document_count])).toEqual([
      ['Architectural', 1],
      ['Drawings', 0],
    ]);

    // Deleting the top folder deletes the one in it; the document stays, at the top level.
    expect((await a.api.delete(`/document_folders/${drawings.body.document_folder.id}`)).status).toBe(204);
    expect((await a.api.get(`/document_folders/${arch.id}`)).status).toBe(404);
    const after = await a.api.get(`/documents/${doc.body.document.id}`);
    expect(after.body.document.folder).toBeNull();
  });

  it('are the record’s: another account, or a user who does not see the record, finds none', async () => {
    const b = await createTestAccount('Other folders GC');
    const mine = (await folder('Bids', project.id)).body.document_folder;
    expect((await b.api.get(`/document_folders/${mine.id}`)).status).toBe(404);
    expect((await b.api.get(`/document_folders?attachable_type=project&attachable_id=${project.id}`)).status).toBe(404);
    expect((await b.api.patch(`/document_folders/${mine.id}`, { document_folder: { name: 'Mine' } })).status).toBe(404);
    expect((await b.api.delete(`/document_folders/${mine.id}`)).status).toBe(404);
  });
});

describe('a record deleted inside a larger transaction', () => {
  it('keeps its documents’ bytes while that transaction may still roll back (the sweep removes them once it commits)', async () => {
    setEnv({ STORAGE_DRIVER: 'local', S3_BUCKET: undefined, S3_ENDPOINT: undefined });
    const a = await createTestAccount('Rollback GC');
    const lead = (await a.api.post('/leads', { lead: { name: 'Lead in an undo' } })).body.lead;
    const doc = (await upload(a.token, '/documents', { bytes: PDF, name: 'rfp.pdf' }, { attachable_type: 'lead', attachable_id: lead.id })).body.document;
    const [key] = await storageKeys(doc.id);
    const ctx: CallerContext = {
      requestId: 'test',
      accountId: a.accountId,
      userId: a.userId,
      role: 'admin',
      access: FULL_ACCESS,
      scopes: ['read', 'write'],
      authMethod: 'token',
      credential: 'test',
      baseUrl: BASE,
      ifMatch: null,
    };
    // As an import's undo does: the delete in its transaction, which then fails.
    await expect(
      getDb().transaction(async (tx) => {
        await deleteLead(tx, ctx, Number(lead.id));
        throw new Error('the undo failed');
      }),
    ).rejects.toThrow('the undo failed');
    expect((await a.api.get(`/documents/${doc.id}`)).status).toBe(200);
    expect(await bytesOf(a.token, `/documents/${doc.id}/download`)).toEqual(PDF);
    // Committed this time: the rows go at once, the bytes with the next sweep.
    await getDb().transaction((tx) => deleteLead(tx, ctx, Number(lead.id)));
    expect((await a.api.get(`/documents/${doc.id}`)).status).toBe(404);
    await sweepStorage(getDb());
    expect(await blobStore().size(key!)).toBeNull();
  });
});

describe('the local upload URL', () => {
  let account: TestAccount;
  beforeAll(async () => {
    setEnv({ STORAGE_DRIVER: 'local', S3_BUCKET: undefined, S3_ENDPOINT: undefined });
    account = await createTestAccount('Local uploads GC');
  });

  it('the local upload URL takes exactly the bytes announced, with its token, before it expires', async () => {
    const ask = async (size: number) =>
      (await account.api.post('/document_uploads', { document_upload: { name: 'f.bin', byte_size: size, content_type: 'application/octet-stream' } })).body
        .document_upload;
    const more = await ask(10);
    const over = await putBytes(more, Buffer.alloc(11, 1));
    expect(over.status).toBe(413);
    expect((await over.json()).error).toBe('payload_too_large');
    const fewer = await putBytes(more, Buffer.alloc(9, 1));
    expect(fewer.status).toBe(422);
    const wrong = await dispatch(new Request(more.upload_url.replace(/token=.*/, 'token=guess'), { method: 'PUT', body: Buffer.alloc(10, 1) }));
    expect(wrong.status).toBe(404);
    await getDb()
      .update(documentUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(documentUploads.id, Number(more.id)));
    expect((await putBytes(more, Buffer.alloc(10, 1))).status).toBe(403);
    const ok = await ask(10);
    expect((await putBytes(ok, Buffer.alloc(10, 1))).status).toBe(200);
    expect((await putBytes(ok, Buffer.alloc(10, 1))).status).toBe(409);
  });
});
