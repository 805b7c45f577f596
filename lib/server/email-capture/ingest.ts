import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, between, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rows } from '@/db/queries/sql';
import type { Db } from '@/db';
import { companies, contacts, documentVersions, documents, emailCaptureSettings, emailLinks, emails, leads, projects, users } from '@/db/schema';
import type { EmailRecordType } from '@/db/schema/enums';
import { insertSecurityEvent } from '@/db/queries/security-events';
import { mailSettings } from '@/lib/server/config/mail';
import { storageSettings } from '@/lib/server/config/storage';
import { enqueueDocumentReading } from '@/db/queries/job-queue';
import { recordEvent, recordEvents, resourcePath } from '@/lib/server/services/common';
import { contextOfUser, type CallerContext } from '@/lib/server/services/context';
import { versionRow } from '@/lib/server/services/documents';
import { blobStore, newDocumentKey } from '@/lib/server/storage';
import { discard, sniffContentType, spool } from '@/lib/server/storage/spool';
import { cleanFileName } from '@/lib/shared/validation/documents';
import { parseMail, subjectKey, type CapturedMail } from './parse';

// One pipeline for both ways in (docs/email-capture.md): the inbound hook (POST /api/inbound/email)
// and the SMTP receiver (npm run mail:receive) hand it the raw message and the addresses it was
// delivered to. It finds the account by its capture address, lets in only mail from one of the
// account's users (for a forward, the user who forwarded it), files the mail once per account on
// the people in it, their companies, their open projects and leads and the record a `+` address
// names, and keeps the attachments as documents on each of those records.

/** The largest message taken. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** Projects and leads a mail is filed on through its contacts: the most recently updated (HubSpot's rule). */
const MAX_PURSUITS = 5;

export type IngestResult =
  | { status: 'filed'; emailId: number; accountId: number }
  | { status: 'duplicate'; emailId: number; accountId: number }
  | { status: 'refused'; reason: string; code: 'too_large' | 'no_account' | 'stranger' };

/** `<token>@domain` or `<token>+project-42@domain`: the account's token and the record named. */
export function readCaptureAddress(address: string, domain = mailSettings().INBOUND_EMAIL_DOMAIN) {
  const m = /^([a-z0-9]{16,64})(?:\+(project|lead|company|contact)-([1-9][0-9]{0,15}))?@(.+)$/i.exec(address.trim().toLowerCase());
  if (!m || m[4] !== domain.toLowerCase()) return null;
  return { token: m[1]!, record: m[2] ? { type: m[2] as EmailRecordType, id: Number(m[3]) } : null, address: address.trim().toLowerCase() };
}

const isCaptureDomain = (email: string) => email.endsWith(`@${mailSettings().INBOUND_EMAIL_DOMAIN.toLowerCase()}`);

/** Files a raw message delivered to `recipients` (the envelope's, when known; the headers' otherwise). */
export async function ingestEmail(db: Db, raw: Buffer, options: { recipients?: string[]; baseUrl: string }): Promise<IngestResult> {
  if (raw.length > MAX_MESSAGE_BYTES) return { status: 'refused', code: 'too_large', reason: 'The message is over 25 MB.' };
  const mail = await parseMail(raw);
  const candidates = [...(options.recipients ?? []), ...mail.recipients].map((a) => readCaptureAddress(a)).filter((a) => a !== null);
  const tokens = [...new Set(candidates.map((c) => c.token))];
  const settings = tokens.length ? await db.select().from(emailCaptureSettings).where(inArray(emailCaptureSettings.token, tokens)) : [];
  // One account per message: the first capture address that is one (a mail is never filed in two).
  const setting = candidates.map((c) => settings.find((s) => s.token === c.token)).find(Boolean);
  if (!setting) return { status: 'refused', code: 'no_account', reason: 'No account has this address.' };
  const accountId = setting.accountId;
  const named = candidates.filter((c) => c.token === setting.token && c.record).map((c) => ({ ...c.record!, address: c.address }));

  const senderEmail = mail.sender?.email ?? '';
  const [user] = senderEmail
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.accountId, accountId), sql`lower(${users.email}) = ${senderEmail}`, isNull(users.deactivatedAt)))
    : [];
  if (!user) {
    await insertSecurityEvent(db, {
      accountId,
      kind: 'email_capture.refused',
      actorId: null,
      tokenId: null,
      subjectType: 'email',
      subjectId: null,
      details: { reason: `from ${senderEmail || 'no sender'}, who is no user of the account`, subject: (mail.subject ?? '').slice(0, 200) },
      ipAddress: null,
      userAgent: null,
    });
    return { status: 'refused', code: 'stranger', reason: `${senderEmail || 'The sender'} is not a user of the account.` };
  }
  const ctx = contextOfUser(user, { accountId, requestId: `email-${randomUUID()}`, credential: `email_capture:${user.id}`, baseUrl: options.baseUrl });
  const existing = await sameMail(db, accountId, mail);
  if (existing) return { status: 'duplicate', emailId: existing, accountId };
  const filing = await fileOn(db, ctx, mail, named, setting.createContacts);
  const emailId = await storeEmail(db, ctx, mail, filing);
  if (emailId === null) {
    const again = await sameMail(db, accountId, mail);
    return { status: 'duplicate', emailId: again ?? 0, accountId };
  }
  return { status: 'filed', emailId, accountId };
}

/**
 * The email already filed for this mail: the same Message-ID, or — when one copy is a forward quoted
 * inline, which keeps no Message-ID — the same sender and subject sent within ten minutes.
 */
async function sameMail(db: Db, accountId: number, mail: CapturedMail): Promise<number | null> {
  const [exact] = await db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.accountId, accountId), eq(emails.messageId, mail.messageId)));
  if (exact) return Number(exact.id);
  if (!mail.from || !mail.sentAt) return null;
  const [near] = await db
    .select({ id: emails.id, subject: emails.subject })
    .from(emails)
    .where(
      and(
        eq(emails.accountId, accountId),
        eq(emails.fromEmail, mail.from.email),
        between(emails.sentAt, new Date(mail.sentAt.getTime() - 600_000), new Date(mail.sentAt.getTime() + 600_000)),
      ),
    )
    .limit(20);
  return near && subjectKey(near.subject) === subjectKey(mail.subject) ? Number(near.id) : null;
}

interface Filing {
  /** Each record once, with the first reason found. */
  links: { type: EmailRecordType; id: number; reason: string }[];
  createdContacts: number[];
}

/** Where the mail goes, and why (a sentence per record). */
async function fileOn(
  db: Db,
  ctx: CallerContext,
  mail: CapturedMail,
  named: { type: EmailRecordType; id: number; address: string }[],
  create: boolean,
): Promise<Filing> {
  const links: Filing['links'] = [];
  const add = (type: EmailRecordType, id: number, reason: string) => {
    if (!links.some((l) => l.type === type && l.id === id)) links.push({ type, id, reason });
  };
  const people = [
    ...(mail.from ? [{ header: 'From', ...mail.from }] : []),
    ...mail.to.map((a) => ({ header: 'To', ...a })),
    ...mail.cc.map((a) => ({ header: 'Cc', ...a })),
  ].filter((p) => !isCaptureDomain(p.email));
  const emailsOf = [...new Set(people.map((p) => p.email))];
  const colleagues = emailsOf.length
    ? await db
        .select({ email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(and(eq(users.accountId, ctx.accountId), inArray(sql`lower(${users.email})`, emailsOf)))
    : [];
  const outside = people.filter((p) => !colleagues.some((c) => c.email === p.email));
  const outsideEmails = [...new Set(outside.map((p) => p.email))];
  const found = outsideEmails.length
    ? await db
        .select({ id: contacts.id, email: sql<string>`lower(${contacts.email})`, companyId: contacts.companyId, companyName: companies.name })
        .from(contacts)
        .leftJoin(companies, eq(companies.id, contacts.companyId))
        .where(and(eq(contacts.accountId, ctx.accountId), inArray(sql`lower(${contacts.email})`, outsideEmails)))
    : [];
  const createdContacts: number[] = [];
  if (create) {
    for (const email of outsideEmails.filter((e) => !found.some((f) => f.email === e))) {
      const person = outside.find((p) => p.email === email)!;
      const [first, ...rest] = (person.name ?? '').split(/\s+/).filter(Boolean);
      const [row] = await db
        .insert(contacts)
        .values({ accountId: ctx.accountId, email, firstName: first ?? null, lastName: rest.join(' ') || null, createdById: ctx.userId })
        .onConflictDoNothing()
        .returning({ id: contacts.id });
      if (row) {
        createdContacts.push(Number(row.id));
        found.push({ id: row.id, email, companyId: null, companyName: null });
      }
    }
  }
  const header = (email: string) => outside.find((p) => p.email === email)!.header;
  for (const c of found) {
    const made = createdContacts.includes(Number(c.id));
    add(
      'contact',
      Number(c.id),
      made ? `${header(c.email)}: ${c.email} was new: a contact was made for it` : `${header(c.email)}: ${c.email} is this contact's email`,
    );
  }
  for (const c of found) if (c.companyId !== null) add('company', Number(c.companyId), `${header(c.email)}: ${c.email} is a contact of this company`);
  const contactIds = found.map((c) => Number(c.id));
  if (contactIds.length) {
    const pursuits = await rows<{ type: 'project' | 'lead'; id: string; contact_id: string }>(
      db,
      sql`
      (select 'project' as type, p.id, p.contact_id, p.updated_at from ${projects} p
        where p.account_id = ${ctx.accountId} and p.contact_id in ${contactIds} and p.closed_at is null)
      union all
      (select 'lead', l.id, l.contact_id, l.updated_at from ${leads} l
        where l.account_id = ${ctx.accountId} and l.contact_id in ${contactIds} and l.archived_at is null)
      order by updated_at desc, id desc limit ${MAX_PURSUITS}`,
    );
    for (const row of pursuits) {
      const email = found.find((c) => Number(c.id) === Number(row.contact_id))!.email;
      add(row.type, Number(row.id), `${header(email)}: ${email} is the ${row.type}'s contact`);
    }
  }
  for (const record of named) {
    if (await recordExists(db, ctx.accountId, record.type, record.id))
      add(record.type, record.id, `Sent to ${record.address}, the ${record.type}'s own address`);
  }
  return { links, createdContacts };
}

const TABLES = { project: projects, lead: leads, company: companies, contact: contacts } as const;

async function recordExists(db: Db, accountId: number, type: EmailRecordType, id: number): Promise<boolean> {
  const table = TABLES[type];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, accountId), eq(table.id, id)));
  return Boolean(row);
}

/**
 * The email, its links and its attachments (a document on each record it is filed on), in one
 * transaction after the attachments' bytes are stored; null when another copy of the mail won the
 * race (the unique Message-ID), its bytes removed again.
 */
async function storeEmail(db: Db, ctx: CallerContext, mail: CapturedMail, filing: Filing): Promise<number | null> {
  const max = storageSettings().DOCUMENT_MAX_BYTES;
  const kept = mail.attachments.filter((a) => a.size <= max);
  const skipped = mail.attachments.filter((a) => a.size > max).map((a) => cleanFileName(a.name));
  const store = blobStore();
  const stored: { key: string; name: string; size: number; sha256: string; contentType: string; type: EmailRecordType; id: number }[] = [];
  try {
    for (const attachment of kept) {
      const name = cleanFileName(attachment.name);
      for (const link of filing.links) {
        const file = await spool(
          (async function* () {
            yield attachment.content;
          })(),
          max,
        );
        try {
          const key = newDocumentKey(ctx.accountId);
          const contentType = await sniffContentType(file.head, name);
          await store.put(key, file.path, file.size, contentType);
          stored.push({ key, name, size: file.size, sha256: file.sha256, contentType, type: link.type, id: link.id });
        } finally {
          await discard(file);
        }
      }
    }
    const emailId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(emails)
        .values({
          accountId: ctx.accountId,
          messageId: mail.messageId,
          subject: mail.subject?.slice(0, 998) ?? null,
          fromName: mail.from?.name ?? null,
          fromEmail: mail.from?.email ?? null,
          to: mail.to,
          cc: mail.cc,
          sentAt: mail.sentAt,
          textBody: mail.text,
          htmlBody: mail.html,
          loggedById: ctx.userId,
          skippedAttachments: skipped,
        })
        .onConflictDoNothing()
        .returning({ id: emails.id });
      if (!row) return null;
      const id = Number(row.id);
      if (filing.links.length)
        await tx
          .insert(emailLinks)
          .values(filing.links.map((l) => ({ emailId: id, accountId: ctx.accountId, recordType: l.type, recordId: l.id, reason: l.reason })));
      const events = [];
      for (const file of stored) {
        const [doc] = await tx
          .insert(documents)
          .values({ accountId: ctx.accountId, attachableType: file.type, attachableId: file.id, name: file.name, category: 'other', version: 1, emailId: id })
          .returning({ id: documents.id });
        const documentId = Number(doc!.id);
        await tx.insert(documentVersions).values(versionRow(ctx, documentId, 1, file));
        await enqueueDocumentReading(tx, documentId);
        events.push({ resource: 'document' as const, action: 'create' as const, id: documentId, path: resourcePath('document', documentId) });
      }
      for (const contactId of filing.createdContacts)
        events.push({ resource: 'contact' as const, action: 'create' as const, id: contactId, path: resourcePath('contact', contactId) });
      if (events.length) await recordEvents(tx, ctx, events);
      await recordEvent(tx, ctx, { resource: 'email', action: 'create', id, path: resourcePath('email', id) });
      return id;
    });
    if (emailId === null) await store.remove(stored.map((s) => s.key));
    return emailId;
  } catch (err) {
    await store.remove(stored.map((s) => s.key)).catch(() => {});
    throw err;
  }
}
