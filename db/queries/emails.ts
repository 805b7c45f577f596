import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { companies, contacts, documents, emailLinks, emails, leads, projects, users } from '@/db/schema';
import type { EmailRecordType } from '@/db/schema/enums';
import { inTeam, type TeamOf } from './project-access';
import { personRefColumns } from './refs';
import { ofAccount, oneRow, updatedSince } from './tenant';
import { type PageWindow, pageWithTotal, prefixMatch, rows } from './sql';

// Captured email (docs/email-capture.md): a page of emails with their sender user, then the records
// each is filed on and its attachments for the whole page — three statements whatever its size. An
// email is the caller's to see when one record it is filed on is: its area readable, and for a
// team-only user a project of their teams.

/** The kinds of record the caller may read (by area), and their team bound. */
export interface EmailViewer {
  types: EmailRecordType[];
  teamOf: TeamOf;
  /** The caller: the mail they captured is theirs to see, wherever it is filed (or if on nothing). */
  userId: number;
}

const link = alias(emailLinks, 'visible_link');

/** A link of the email (`emailId`) the viewer sees. */
function visibleLinkOf(emailId: SQL | typeof emails.id, viewer: EmailViewer, extra?: SQL): SQL {
  if (viewer.types.length === 0) return sql`false`;
  const team = inTeam(link.recordId, viewer.teamOf);
  return sql`exists (select 1 from ${emailLinks} ${sql.identifier('visible_link')} where ${link.emailId} = ${emailId}
    and ${link.recordType} in ${viewer.types}
    ${team ? sql`and (${link.recordType} <> 'project' or ${team})` : sql``}
    ${extra ? sql`and ${extra}` : sql``})`;
}

function selectEmails(db: Db) {
  return db
    .select({ email: emails, loggedBy: personRefColumns(users) })
    .from(emails)
    .leftJoin(users, eq(users.id, emails.loggedById));
}
export type EmailRow = Awaited<ReturnType<ReturnType<typeof selectEmails>['execute']>>[number];

export interface EmailFilters {
  record?: { type: EmailRecordType; id: number };
  q?: string;
  updated_since?: Date;
}

/** Seen by the viewer: filed on a record they see, or captured by them. */
const seenBy = (viewer: EmailViewer) => or(visibleLinkOf(emails.id, viewer), eq(emails.loggedById, viewer.userId));

export function listEmails(db: Db, accountId: number, viewer: EmailViewer, f: EmailFilters, page: PageWindow) {
  const where = and(
    eq(emails.accountId, accountId),
    f.record
      ? visibleLinkOf(emails.id, { ...viewer, types: [f.record.type] }, sql`${link.recordType} = ${f.record.type} and ${link.recordId} = ${f.record.id}`)
      : seenBy(viewer),
    // Addresses stay whole: 'simple' keeps sam@owner.com as one word.
    f.q !== undefined ? prefixMatch(emails.search, f.q, /[^\p{L}\p{N}@.]+/u) : undefined,
    updatedSince(emails.updatedAt, f.updated_since),
  );
  return pageWithTotal(db, selectEmails(db).$dynamic(), emails, where, [sql`${emails.sentAt} desc nulls last`, desc(emails.id)], page);
}

/** One email the viewer sees (locked with `lock`). */
export function findEmail(db: Db, accountId: number, viewer: EmailViewer, id: number, lock = false): Promise<EmailRow | undefined> {
  return oneRow(selectEmails(db).where(and(ofAccount(emails, accountId, id), seenBy(viewer))), emails, lock);
}

/** The emails of `ids` the viewer sees, in one statement. */
export function findEmails(db: Db, accountId: number, viewer: EmailViewer, ids: number[]): Promise<EmailRow[]> {
  return selectEmails(db).where(and(eq(emails.accountId, accountId), inArray(emails.id, ids), seenBy(viewer)));
}

export interface FiledOn {
  emailId: number;
  type: EmailRecordType;
  id: number;
  reason: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** The records the emails are filed on that the viewer sees, with their names, in one statement. */
export async function filedOn(db: Db, accountId: number, viewer: EmailViewer, emailIds: number[]): Promise<FiledOn[]> {
  if (emailIds.length === 0 || viewer.types.length === 0) return [];
  const team = inTeam(sql`l.record_id`, viewer.teamOf);
  const found = await rows<{
    email_id: string;
    record_type: EmailRecordType;
    record_id: string;
    reason: string;
    name: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    created_at: string;
    updated_at: string;
  }>(
    db,
    sql`select l.email_id, l.record_type, l.record_id, l.reason,
          coalesce(p.name, le.name, co.name, nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.email) as name,
          c.first_name, c.last_name, c.email,
          coalesce(p.created_at, le.created_at, co.created_at, c.created_at) as created_at,
          coalesce(p.updated_at, le.updated_at, co.updated_at, c.updated_at) as updated_at
        from ${emailLinks} l
        left join ${projects} p on l.record_type = 'project' and p.id = l.record_id
        left join ${leads} le on l.record_type = 'lead' and le.id = l.record_id
        left join ${companies} co on l.record_type = 'company' and co.id = l.record_id
        left join ${contacts} c on l.record_type = 'contact' and c.id = l.record_id
        where l.account_id = ${accountId} and l.email_id in ${emailIds} and l.record_type in ${viewer.types}
          and coalesce(p.id, le.id, co.id, c.id) is not null
          ${team ? sql`and (l.record_type <> 'project' or ${team})` : sql``}
        order by l.email_id, l.created_at, array_position(array['contact', 'company', 'project', 'lead'], l.record_type), l.record_id`,
  );
  return found.map((r) => ({
    emailId: Number(r.email_id),
    type: r.record_type,
    id: Number(r.record_id),
    reason: r.reason,
    name: r.name ?? '',
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
  }));
}

/** The documents the emails brought (on records the viewer sees), in one statement. */
export async function attachmentsOf(db: Db, accountId: number, viewer: EmailViewer, emailIds: number[]) {
  if (emailIds.length === 0) return [];
  const types = viewer.types;
  if (types.length === 0) return [];
  const team = inTeam(documents.attachableId, viewer.teamOf);
  return db
    .select({ emailId: documents.emailId, id: documents.id, name: documents.name, createdAt: documents.createdAt, updatedAt: documents.updatedAt })
    .from(documents)
    .where(
      and(
        eq(documents.accountId, accountId),
        inArray(documents.emailId, emailIds),
        inArray(documents.attachableType, types),
        team ? sql`(${documents.attachableType} <> 'project' or ${team})` : undefined,
      ),
    )
    .orderBy(documents.id);
}

/** Replaces the email's links of `type` with `ids` (a hand re-filing: `reason` says so). */
export async function replaceLinks(db: Db, accountId: number, emailId: number, type: EmailRecordType, ids: number[], reason: string): Promise<void> {
  await db
    .delete(emailLinks)
    .where(and(eq(emailLinks.emailId, emailId), eq(emailLinks.recordType, type), ids.length ? sql`${emailLinks.recordId} not in ${ids}` : undefined));
  if (ids.length)
    await db
      .insert(emailLinks)
      .values(ids.map((id) => ({ emailId, accountId, recordType: type, recordId: id, reason })))
      .onConflictDoNothing();
}

/** The email's links, all of them (what a re-filing starts from). */
export function linksOf(db: Db, emailId: number) {
  return db.select().from(emailLinks).where(eq(emailLinks.emailId, emailId));
}

/** Deletes the links to a record being deleted (the emails stay: filed elsewhere, or their sender's). */
export async function unlinkRecord(db: Db, accountId: number, type: EmailRecordType, id: number): Promise<void> {
  await db.delete(emailLinks).where(and(eq(emailLinks.accountId, accountId), eq(emailLinks.recordType, type), eq(emailLinks.recordId, id)));
}
