import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db';
import {
  attachmentsOf,
  filedOn,
  findEmail,
  findEmails,
  linksOf,
  listEmails as queryEmails,
  replaceLinks,
  type EmailRow,
  type EmailViewer,
} from '@/db/queries/emails';
import { emailCaptureSettings, emails } from '@/db/schema';
import type { EmailRecordType } from '@/db/schema/enums';
import { mailSettings } from '@/lib/server/config/mail';
import { serializeEmail } from '@/lib/server/serializers/emails';
import { allows } from '@/lib/shared/permissions';
import type { EmailCaptureResponse, EmailCaptureUpdate, EmailListQuery, EmailResponse, EmailUpdate } from '@/lib/shared/validation/emails';
import { teamOf, type CallerContext } from './context';
import { forbidden, invalidField, notFound, validationFailed } from './errors';
import { pageWindow, toPage, type Page } from './paging';
import { deleteRecord, updateRecord, type RecordKind } from './records';
import { lockForWrite } from './preconditions';
import { recordSecurityEvent } from './security-events';
import { assertSees, sees } from './visibility';

// Captured email (docs/email-capture.md). Mail arrives through the capture address
// (lib/server/email-capture); here it is read, searched, re-filed and deleted. An email is the
// caller's to see when one record it is filed on is, or when they captured it; it shows only the
// records they see.

/** The records whose emails the caller may see: by area, and for a team-only user their teams' projects. */
function viewerOf(ctx: CallerContext): EmailViewer {
  const p = ctx.access.permissions;
  const types: EmailRecordType[] = [
    ...(allows(p.directory, 'read') ? (['contact', 'company'] as const) : []),
    ...(allows(p.projects, 'read') ? (['project'] as const) : []),
    ...(allows(p.leads, 'read') ? (['lead'] as const) : []),
  ];
  return { types, teamOf: teamOf(ctx), userId: ctx.userId };
}

/** The emails' answers, with their records and attachments read for all of them at once. */
async function answers(db: Db, ctx: CallerContext, list: EmailRow[]): Promise<EmailResponse[]> {
  const viewer = viewerOf(ctx);
  const ids = list.map((r) => Number(r.email.id));
  const [filed, attached] = await Promise.all([filedOn(db, ctx.accountId, viewer, ids), attachmentsOf(db, ctx.accountId, viewer, ids)]);
  return list.map((row) => {
    const id = Number(row.email.id);
    return serializeEmail(
      row,
      filed.filter((f) => f.emailId === id),
      attached.filter((d) => Number(d.emailId) === id).map((d) => ({ ...d, id: Number(d.id) })),
    );
  });
}

/** Emails by id as the caller sees them (a timeline page's): those they do not see are left out. */
export async function emailsByIds(db: Db, ctx: CallerContext, ids: number[]): Promise<EmailResponse[]> {
  if (ids.length === 0) return [];
  return answers(db, ctx, await findEmails(db, ctx.accountId, viewerOf(ctx), ids));
}

const FILTERS = [
  ['contact_id', 'contact'],
  ['company_id', 'company'],
  ['project_id', 'project'],
  ['lead_id', 'lead'],
] as const;

export async function listEmails(db: Db, ctx: CallerContext, query: EmailListQuery): Promise<Page<EmailResponse>> {
  const given = FILTERS.filter(([key]) => query[key] !== undefined);
  if (given.length > 1) throw validationFailed({ base: ['give one of contact_id, company_id, project_id and lead_id'] });
  const record = given[0] ? { type: given[0][1], id: query[given[0][0]]! } : undefined;
  if (record) await assertSees(db, ctx, record.type, record.id);
  const page = await queryEmails(db, ctx.accountId, viewerOf(ctx), { record, q: query.q, updated_since: query.updated_since }, pageWindow(query));
  const items = await answers(db, ctx, page.items);
  return toPage(query, { items, total: page.total }, (item) => item);
}

async function visibleEmail(db: Db, ctx: CallerContext, id: number, lock = false) {
  return findEmail(db, ctx.accountId, viewerOf(ctx), id, lock);
}

export async function getEmail(db: Db, ctx: CallerContext, id: number): Promise<EmailResponse> {
  const row = await visibleEmail(db, ctx, id);
  if (!row) throw notFound('Email');
  return (await answers(db, ctx, [row]))[0]!;
}

/** An email with its answer (the records it is filed on that the caller sees, its attachments). */
interface EmailRecord {
  row: EmailRow;
  answer: EmailResponse;
}

/** Emails as the write skeleton re-files and deletes them: only those the caller sees (a 404 otherwise). */
function emailKind(ctx: CallerContext): RecordKind<EmailRecord, EmailResponse> {
  return {
    resource: 'email',
    table: emails,
    read: async (db, _accountId, id, lock) => {
      const row = await visibleEmail(db, ctx, id, lock);
      return row && { row, answer: (await answers(db, ctx, [row]))[0]! };
    },
    columns: ({ row }) => row.email,
    serialize: ({ answer }) => answer,
    narrowed: true,
  };
}

const LISTS = [
  ['contact_ids', 'contact'],
  ['company_ids', 'company'],
  ['project_ids', 'project'],
  ['lead_ids', 'lead'],
] as const;

/** PATCH /emails/{id}: re-files it. Each list given replaces the records of its kind the caller sees (those hidden from them stay). */
export function refileEmail(db: Db, ctx: CallerContext, id: number, input: EmailUpdate): Promise<EmailResponse> {
  return updateRecord(db, ctx, emailKind(ctx), id, input, {
    columns: () => ({}),
    // Where it is filed is its links, apart from its row.
    related: async (_current, tx) => {
      const current = await linksOf(tx, id);
      let changed = false;
      for (const [field, type] of LISTS) {
        const wanted = input[field];
        if (wanted === undefined) continue;
        const ids = [...new Set(wanted)];
        for (const recordId of ids) if (!(await sees(tx, ctx, type, recordId))) throw invalidField(field, `${recordId} is no ${type} you can see`);
        const hidden: number[] = [];
        for (const link of current.filter((l) => l.recordType === type))
          if (!(await sees(tx, ctx, type, Number(link.recordId)))) hidden.push(Number(link.recordId));
        const before = current.filter((l) => l.recordType === type).map((l) => Number(l.recordId));
        const after = [...ids, ...hidden];
        if (before.length === after.length && before.every((b) => after.includes(b))) continue;
        await replaceLinks(tx, ctx.accountId, id, type, after, `Filed here by hand`);
        changed = true;
      }
      return changed ? { filedOn: true } : null;
    },
  });
}

/** DELETE /emails/{id}: the email and where it is filed; its attachments stay, as documents of their records. */
export function deleteEmail(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, emailKind(ctx), id);
}

const newToken = () => randomBytes(16).toString('hex');

/** The account's capture settings, made on first ask. */
async function captureRow(db: Db, accountId: number) {
  await db.insert(emailCaptureSettings).values({ accountId, token: newToken() }).onConflictDoNothing();
  const [row] = await db.select().from(emailCaptureSettings).where(eq(emailCaptureSettings.accountId, accountId));
  return row!;
}

const captureAnswer = (row: Awaited<ReturnType<typeof captureRow>>): EmailCaptureResponse => ({
  address: `${row.token}@${mailSettings().INBOUND_EMAIL_DOMAIN}`,
  create_contacts: row.createContacts,
  updated_at: row.updatedAt.toISOString(),
});

export async function getEmailCapture(db: Db, ctx: CallerContext): Promise<EmailCaptureResponse> {
  return captureAnswer(await captureRow(db, ctx.accountId));
}

const adminOnly = (ctx: CallerContext) => {
  if (ctx.role !== 'admin') throw forbidden('Only an admin of the account can change email capture.');
};

/** POST /email_capture/rotate: a new address; mail to the old one is refused from now on. */
export function rotateEmailCapture(db: Db, ctx: CallerContext): Promise<EmailCaptureResponse> {
  adminOnly(ctx);
  return db.transaction(async (tx) => {
    await captureRow(tx, ctx.accountId);
    const [row] = await tx
      .update(emailCaptureSettings)
      .set({ token: newToken(), updatedAt: new Date() })
      .where(eq(emailCaptureSettings.accountId, ctx.accountId))
      .returning();
    await recordSecurityEvent(tx, ctx, { kind: 'email_capture.rotated', subjectType: 'email_capture', subjectId: null });
    return captureAnswer(row!);
  });
}

export function updateEmailCapture(db: Db, ctx: CallerContext, input: EmailCaptureUpdate): Promise<EmailCaptureResponse> {
  adminOnly(ctx);
  return db.transaction(async (tx) => {
    await captureRow(tx, ctx.accountId);
    await lockForWrite(ctx.ifMatch, {
      key: 'email_capture',
      label: 'Email capture',
      lock: async () => {
        const [row] = await tx.select().from(emailCaptureSettings).where(eq(emailCaptureSettings.accountId, ctx.accountId)).for('update');
        return row;
      },
      answer: captureAnswer,
    });
    const [row] = await tx
      .update(emailCaptureSettings)
      .set({ ...(input.create_contacts !== undefined && { createContacts: input.create_contacts }), updatedAt: new Date() })
      .where(eq(emailCaptureSettings.accountId, ctx.accountId))
      .returning();
    return captureAnswer(row!);
  });
}
