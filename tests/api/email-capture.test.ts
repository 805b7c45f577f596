import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { insertUser } from '@/db/queries/accounts';
import { documents, emails, securityEvents, webhookMessages } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { BASE, client, dispatch, type Client } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { makePdf } from '../sample-files';
import { startSmtpReceiver } from '@/lib/server/email-capture/smtp';
import { startS3Server } from '../s3-server';

// Issue 29, email capture: a mail BCC'd or forwarded to the account's address by one of its users
// is filed once, on the contacts in it, their companies, their five most recently updated open
// projects and leads, and the record a `+` address names, each with a sentence saying why; its
// attachments become documents on each of those records. A stranger's mail is refused and logged.

const SECRET = 'inbound-secret-for-the-tests-0123456789';
const saved: Record<string, string | undefined> = {};

/** A raw RFC 822 message, as a mail client would send it (nodemailer's composer; Bcc left out of the headers). */
async function compose(mail: Parameters<ReturnType<typeof nodemailer.createTransport>['sendMail']>[0]): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(mail);
  return info.message as Buffer;
}

/** POST the raw message to the inbound hook, as a provider would. */
async function deliver(raw: Buffer, to: string[] = [], secret = SECRET, type = 'message/rfc822') {
  const url = new URL('/api/inbound/email', BASE);
  for (const t of to) url.searchParams.append('to', t);
  const res = await dispatch(
    new Request(url, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': type }, body: new Uint8Array(raw) }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const emailsOf = async (accountId: number) => getDb().select().from(emails).where(eq(emails.accountId, accountId));

describe('email capture', () => {
  let a: TestAccount;
  let b: TestAccount;
  let address: string;
  let userEmail: string;
  let sam: { id: string };
  let owner: { id: string };
  let teamOnly: { api: Client };
  const projects: { id: string }[] = [];
  let closed: { id: string };
  let lead: { id: string };

  beforeAll(async () => {
    for (const [k, v] of Object.entries({ INBOUND_EMAIL_SECRET: SECRET, INBOUND_EMAIL_DOMAIN: 'in.groundwork.test', DOCUMENT_MAX_BYTES: '100000' })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    a = await createTestAccount('Capture GC');
    b = await createTestAccount('Other capture GC');
    userEmail = (await a.api.get(`/users/${a.userId}`)).body.user.email;
    owner = (await a.api.post('/companies', { company: { name: 'Owner Co' } })).body.company;
    sam = (await a.api.post('/contacts', { contact: { first_name: 'Sam', last_name: 'Owen', email: 'sam@owner.com', company_id: owner.id } })).body.contact;
    // Seven pursuits with Sam as contact: six open projects and one closed; and one open lead, updated last.
    for (let i = 1; i <= 6; i++) projects.push((await a.api.post('/projects', { project: { name: `Tower ${i}`, contact_id: sam.id } })).body.project);
    // The seeded account's sixth stage is its won stage (as tests/api/oauth-integration.test.ts uses it).
    closed = (await a.api.post('/projects', { project: { name: 'Old job', contact_id: sam.id, project_stage_id: String(a.stageIds[5]) } })).body.project;
    expect((await a.api.get(`/projects/${closed.id}`)).body.project.closed_at).not.toBeNull();
    lead = (await a.api.post('/leads', { lead: { name: 'Clinic lead', contact_id: sam.id } })).body.lead;
    address = (await a.api.get('/email_capture')).body.email_capture.address;
    const userId = await insertUser(getDb(), {
      accountId: a.accountId,
      email: `t.${Math.random().toString(36).slice(2, 10)}@example.com`,
      firstName: 'Tess',
      lastName: 'Teamonly',
      projectAccess: 'team',
    });
    teamOnly = { api: client(await createApiToken(getDb(), { accountId: a.accountId, userId })) };
  });

  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('gives each account an address; an admin rotates it, and the old one stops working', async () => {
    expect(address).toMatch(/^[0-9a-f]{32}@in\.groundwork\.test$/);
    expect((await a.api.get('/email_capture')).body.email_capture.address).toBe(address);
    expect((await b.api.get('/email_capture')).body.email_capture.address).not.toBe(address);
    expect((await teamOnly.api.post('/email_capture/rotate')).status).toBe(403);
    const rotated = await a.api.post('/email_capture/rotate');
    expect(rotated.status).toBe(200);
    const next = rotated.body.email_capture.address as string;
    expect(next).not.toBe(address);
    const raw = await compose({ from: userEmail, to: 'sam@owner.com', subject: 'Old address', text: 'x', messageId: '<old-address@example.com>' });
    expect((await deliver(raw, [address])).status).toBe(202);
    const [event] = await getDb()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.accountId, a.accountId), eq(securityEvents.kind, 'email_capture.rotated')));
    expect(event).toBeDefined();
    address = next;
  });

  it('files a BCC on the contacts in it, their companies, the five latest open pursuits and a + address, saying why; attachments become documents', async () => {
    const plusProject = projects[0]!;
    const [local, domain] = address.split('@') as [string, string];
    const raw = await compose({
      from: `Avery Admin <${userEmail}>`,
      to: 'Sam Owen <sam@owner.com>',
      cc: 'New Person <new.person@elsewhere.com>',
      subject: 'Bid date for Tower',
      date: new Date('2026-11-20T15:04:00Z'),
      messageId: '<bid-date-1@gc.example>',
      text: 'Sam, the bid is due Thursday at 2 pm. Pre-bid walk on Monday.',
      html: '<p>Sam, the bid is due <b>Thursday</b>.</p><script>alert(1)</script><img src="https://tracker.example/pixel.gif"><img src="cid:logo@gc" alt="logo">',
      attachments: [
        { filename: 'Bid form.pdf', content: makePdf(['Bid form', 'Tower project']) },
        { filename: 'Huge scan.tif', content: Buffer.alloc(150_000, 7) },
        { filename: 'logo.png', content: Buffer.from('89504e470d0a1a0a', 'hex'), cid: 'logo@gc' },
      ],
    });
    const res = await deliver(raw, [`${local}+project-${plusProject.id}@${domain}`]);
    expect(res.status).toBe(201);
    const id = res.body.email_id as string;
    const email = (await a.api.get(`/emails/${id}`)).body.email;
    expect(Object.keys(email).sort()).toEqual(
      [
        'cc',
        'companies',
        'contacts',
        'created_at',
        'documents',
        'filed_because',
        'from',
        'html_body',
        'id',
        'leads',
        'logged_by',
        'message_id',
        'projects',
        'sent_at',
        'skipped_attachments',
        'subject',
        'text_body',
        'to',
        'updated_at',
      ].sort(),
    );
    expect(email).toMatchObject({
      message_id: 'bid-date-1@gc.example',
      subject: 'Bid date for Tower',
      from: { name: 'Avery Admin', email: userEmail },
      to: [{ name: 'Sam Owen', email: 'sam@owner.com' }],
      cc: [{ name: 'New Person', email: 'new.person@elsewhere.com' }],
      sent_at: '2026-11-20T15:04:00Z',
      logged_by: { id: String(a.userId) },
      contacts: [{ id: sam.id, name: 'Sam Owen' }],
      companies: [{ id: owner.id, name: 'Owner Co' }],
      skipped_attachments: ['Huge scan.tif'],
    });
    expect(email.text_body).toContain('bid is due Thursday');
    expect(email.html_body).not.toContain('<script');
    expect(email.html_body).toContain('data-remote-src="https://tracker.example/pixel.gif"');
    expect(email.html_body).not.toMatch(/ src="https:\/\/tracker/);
    // The lead (updated last) and the four latest open projects: five pursuits; the + project too; never the closed one.
    expect(email.leads.map((l: { id: string }) => l.id)).toEqual([lead.id]);
    const filedProjects = email.projects.map((p: { id: string }) => p.id).sort();
    expect(filedProjects).toEqual([projects[0]!.id, projects[2]!.id, projects[3]!.id, projects[4]!.id, projects[5]!.id].sort());
    expect(filedProjects).not.toContain(closed.id);
    expect(email.filed_because).toEqual(
      expect.arrayContaining([
        "To: sam@owner.com is this contact's email",
        'To: sam@owner.com is a contact of this company',
        "To: sam@owner.com is the project's contact",
        "To: sam@owner.com is the lead's contact",
        `Sent to ${local}+project-${plusProject.id}@${domain}, the project's own address`,
      ]),
    );
    expect(email.filed_because).toHaveLength(2 + 5 + 1);
    // The PDF on each record it is filed on (the inline logo is not an attachment); the 150 kB scan skipped.
    const docs = await getDb()
      .select()
      .from(documents)
      .where(eq(documents.emailId, Number(id)));
    expect(docs).toHaveLength(2 + 5 + 1);
    expect(new Set(docs.map((d) => d.name))).toEqual(new Set(['Bid form.pdf']));
    expect(email.documents).toHaveLength(8);
    // Listed on each record.
    for (const q of [`contact_id=${sam.id}`, `company_id=${owner.id}`, `lead_id=${lead.id}`, `project_id=${projects[5]!.id}`]) {
      const list = await a.api.get(`/emails?${q}`);
      expect(list.body.emails.map((e: { id: string }) => e.id)).toContain(id);
    }
    expect((await a.api.get(`/emails?project_id=${projects[1]!.id}`)).body.emails).toEqual([]);
    expect((await a.api.get('/emails?q=thursday')).body.emails.map((e: { id: string }) => e.id)).toEqual([id]);
    // On each record's timeline, at its sending time.
    const timeline = (await a.api.get(`/projects/${projects[5]!.id}/timeline?kind=email`)).body.timeline;
    expect(timeline).toMatchObject([
      {
        kind: 'email',
        occurred_at: '2026-11-20T15:04:00Z',
        summary: 'Email from Avery Admin: “Bid date for Tower”',
        email: { id, subject: 'Bid date for Tower' },
      },
    ]);
    const events = await getDb()
      .select({ type: webhookMessages.eventType })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, a.accountId), eq(webhookMessages.eventType, 'email.create')));
    expect(events.length).toBeGreaterThanOrEqual(1);
  });

  it('files a mail once: a BCC and a forward of it (attached, or quoted inline) add nothing', async () => {
    const original = await compose({
      from: 'Sam Owen <sam@owner.com>',
      to: `Avery Admin <${userEmail}>`,
      subject: 'Addendum 2 is out',
      date: new Date('2026-11-21T09:30:00Z'),
      messageId: '<addendum-2@owner.example>',
      text: 'Addendum 2 changes the roofing spec.',
    });
    // Forwarded as an attachment: the same Message-ID.
    const forward = await compose({
      from: userEmail,
      to: address,
      subject: 'Fwd: Addendum 2 is out',
      text: 'FYI',
      attachments: [{ filename: 'original.eml', content: original, contentType: 'message/rfc822' }],
    });
    const first = await deliver(forward);
    expect(first.status).toBe(201);
    const filed = (await a.api.get(`/emails/${first.body.email_id}`)).body.email;
    expect(filed).toMatchObject({ message_id: 'addendum-2@owner.example', from: { email: 'sam@owner.com' }, logged_by: { id: String(a.userId) } });
    expect(filed.contacts.map((c: { id: string }) => c.id)).toEqual([sam.id]);
    expect(filed.filed_because[0]).toBe("From: sam@owner.com is this contact's email");
    // Forwarded again inline, as Gmail quotes it: the same sender, subject and minute.
    const inline = await compose({
      from: userEmail,
      to: address,
      subject: 'Fwd: Addendum 2 is out',
      text: [
        'See below.',
        '',
        '---------- Forwarded message ---------',
        'From: Sam Owen <sam@owner.com>',
        'Date: Sat, 21 Nov 2026 09:30:00 +0000',
        'Subject: Addendum 2 is out',
        `To: Avery Admin <${userEmail}>`,
        '',
        'Addendum 2 changes the roofing spec.',
      ].join('\n'),
    });
    expect((await deliver(inline)).status).toBe(200);
    const count = (await emailsOf(a.accountId)).filter((e) => e.subject === 'Addendum 2 is out').length;
    expect(count).toBe(1);
  });

  it('refuses mail from someone who is no user of the account (202, in the security log), and mail to no account', async () => {
    const raw = await compose({ from: 'stranger@spam.example', to: address, subject: 'Buy now', text: 'x', messageId: '<spam-1@spam.example>' });
    const before = (await emailsOf(a.accountId)).length;
    const res = await deliver(raw);
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('refused');
    expect((await emailsOf(a.accountId)).length).toBe(before);
    const refused = await getDb()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.accountId, a.accountId), eq(securityEvents.kind, 'email_capture.refused')));
    expect(refused.some((e) => JSON.stringify(e.details).includes('stranger@spam.example'))).toBe(true);
    // A user of another account writing to this address is a stranger here.
    const otherUser = (await b.api.get(`/users/${b.userId}`)).body.user.email;
    expect((await deliver(await compose({ from: otherUser, to: address, subject: 'Hi', text: 'x' }))).status).toBe(202);
    expect((await deliver(await compose({ from: userEmail, to: 'nobody1234567890abcdef@in.groundwork.test', subject: 'Hi', text: 'x' }))).status).toBe(202);
  });

  it('guards the hook: its secret, the raw message type, 25 MB', async () => {
    const raw = await compose({ from: userEmail, to: address, subject: 'x', text: 'x' });
    expect((await deliver(raw, [], 'wrong-secret-wrong-secret-000000')).status).toBe(401);
    expect((await deliver(raw, [], SECRET, 'application/json')).status).toBe(415);
    expect((await deliver(Buffer.alloc(25 * 1024 * 1024 + 1, 0x41))).status).toBe(413);
  });

  it('makes contacts of unknown addresses only when the account says so', async () => {
    const send = (n: number) =>
      compose({
        from: userEmail,
        to: address,
        cc: `Pat Newman <pat${n}@newco.example>`,
        subject: `Intro ${n}`,
        text: 'x',
        messageId: `<intro-${n}@gc.example>`,
      });
    const off = await deliver(await send(1));
    // Filed on nothing: the user who captured it sees it; another who sees every record does not.
    expect((await a.api.get(`/emails/${off.body.email_id}`)).body.email.contacts).toEqual([]);
    expect((await teamOnly.api.get(`/emails/${off.body.email_id}`)).status).toBe(404);
    expect((await teamOnly.api.patch('/email_capture', { email_capture: { create_contacts: true } })).status).toBe(403);
    expect((await a.api.patch('/email_capture', { email_capture: { create_contacts: true } })).body.email_capture.create_contacts).toBe(true);
    const on = await deliver(await send(2));
    const email = (await a.api.get(`/emails/${on.body.email_id}`)).body.email;
    expect(email.contacts).toMatchObject([{ first_name: 'Pat', last_name: 'Newman', email: 'pat2@newco.example' }]);
    expect(email.filed_because).toEqual(['Cc: pat2@newco.example was new: a contact was made for it']);
  });

  it('re-files by hand and deletes, with If-Match; a team-only user sees only what is filed where they see', async () => {
    const raw = await compose({ from: userEmail, to: 'sam@owner.com', subject: 'Walkthrough', text: 'Monday 8 am', messageId: '<walk-1@gc.example>' });
    const id = (await deliver(raw, [address])).body.email_id as string;
    // Tess is on no project's team: she sees the contact's, company's and lead's side, not the projects.
    const seen = (await teamOnly.api.get(`/emails/${id}`)).body.email;
    expect(seen.projects).toEqual([]);
    expect(seen.contacts.map((c: { id: string }) => c.id)).toEqual([sam.id]);
    expect((await teamOnly.api.get(`/emails?project_id=${projects[5]!.id}`)).status).toBe(404);
    expect((await b.api.get(`/emails/${id}`)).status).toBe(404);

    // Only on a project now: hidden from her.
    const current = await a.api.get(`/emails/${id}`);
    const refiled = await a.api.patch(
      `/emails/${id}`,
      { email: { project_ids: [projects[1]!.id], contact_ids: [], company_ids: [], lead_ids: [] } },
      { headers: { 'If-Match': current.headers.get('etag')! } },
    );
    expect(refiled.status).toBe(200);
    expect(refiled.body.email.projects.map((p: { id: string }) => p.id)).toEqual([projects[1]!.id]);
    expect(refiled.body.email.filed_because).toEqual(['Filed here by hand']);
    expect((await teamOnly.api.get(`/emails/${id}`)).status).toBe(404);
    // Filed on nothing, it stays its sender's.
    const nowhere = await a.api.patch(`/emails/${id}`, { email: { project_ids: [] } });
    expect(nowhere.status).toBe(200);
    expect(nowhere.body.email.filed_because).toEqual([]);
    expect((await a.api.patch(`/emails/${id}`, { email: { project_ids: ['999999999'] } })).status).toBe(422);
    const stale = await a.api.delete(`/emails/${id}`, { headers: { 'If-Match': current.headers.get('etag')! } });
    expect(stale.status).toBe(412);
    expect((await a.api.delete(`/emails/${id}`)).status).toBe(204);
    expect((await a.api.get(`/emails/${id}`)).status).toBe(404);
  });

  it('takes mail over a real SMTP connection for the capture address only (npm run mail:receive)', async () => {
    const receiver = await startSmtpReceiver({ db: getDb(), port: 0, host: '127.0.0.1', baseUrl: BASE });
    try {
      const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });
      const sent = await smtp.sendMail({
        from: userEmail,
        to: 'Sam Owen <sam@owner.com>',
        bcc: address,
        subject: 'Site visit Friday',
        text: 'See you at the gate at 7.',
        messageId: '<smtp-1@gc.example>',
      });
      expect(sent.accepted).toEqual([address]);
      const [row] = await getDb()
        .select()
        .from(emails)
        .where(and(eq(emails.accountId, a.accountId), eq(emails.messageId, 'smtp-1@gc.example')));
      expect(row).toBeDefined();
      const email = (await a.api.get(`/emails/${row!.id}`)).body.email;
      expect(email.contacts.map((c: { id: string }) => c.id)).toEqual([sam.id]);
      // A stranger's mail: 550 once read. An address that is no account's: 550 at RCPT TO.
      await expect(smtp.sendMail({ from: 'stranger@spam.example', to: address, subject: 'Hi', text: 'x' })).rejects.toMatchObject({ responseCode: 550 });
      await expect(
        smtp.sendMail({ from: userEmail, to: 'ffffffffffffffffffffffffffffffff@in.groundwork.test', subject: 'Hi', text: 'x' }),
      ).rejects.toMatchObject({
        responseCode: 550,
      });
      smtp.close();
    } finally {
      await receiver.close();
    }
  });

  it('keeps attachments in the S3 store too: each a document whose download is a signed URL of its bytes', async () => {
    const s3 = await startS3Server();
    const before: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(s3.env)) {
      before[k] = process.env[k];
      process.env[k] = v;
    }
    try {
      const pdf = makePdf(['Bid bond', 'Five percent']);
      const raw = await compose({
        from: userEmail,
        to: 'sam@owner.com',
        subject: 'Bid bond',
        text: 'Attached.',
        messageId: '<s3-bond@gc.example>',
        attachments: [{ filename: 'Bid bond.pdf', content: pdf }],
      });
      const id = (await deliver(raw, [address])).body.email_id as string;
      const email = (await a.api.get(`/emails/${id}`)).body.email;
      expect(email.documents.length).toBeGreaterThan(0);
      const download = await dispatch(
        new Request(new URL(`/api/2023-01/documents/${email.documents[0].id}/download`, BASE), {
          headers: { authorization: `Bearer ${a.token}` },
          redirect: 'manual',
        }),
      );
      expect(download.status).toBe(302);
      const signed = await fetch(download.headers.get('location')!);
      expect(Buffer.from(await signed.arrayBuffer())).toEqual(pdf);
    } finally {
      for (const [k, v] of Object.entries(before)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await s3.stop();
    }
  });
});
