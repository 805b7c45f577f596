import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, accounts, users } from './accounts';
import { id, oneOf, parentRef, ref, timestamps, ts } from './columns';
import { EMAIL_RECORD_TYPES, type EmailRecordType } from './enums';

// Email captured by BCC or forward (docs/email-capture.md): the message once per account, and the
// records it is filed on, each with the sentence that says why.

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** An address: `{name, email}`. */
export interface EmailAddress {
  name: string | null;
  email: string;
}

/** Each account's capture address (`<token>@INBOUND_EMAIL_DOMAIN`) and its setting. */
export const emailCaptureSettings = pgTable('email_capture_settings', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** The address's local part: random, unguessable, rotatable by an admin. */
  token: text('token').notNull().unique(),
  /** Make a contact for an unknown address in From, To or Cc. */
  createContacts: boolean('create_contacts').notNull().default(false),
  ...timestamps,
});

export const emails = pgTable(
  'emails',
  {
    id: id(),
    accountId: accountId(),
    /** The message's Message-ID (without <>): a mail is filed once per account. */
    messageId: text('message_id').notNull(),
    subject: text('subject'),
    fromName: text('from_name'),
    fromEmail: text('from_email'),
    to: jsonb('to').$type<EmailAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<EmailAddress[]>().notNull().default([]),
    sentAt: ts('sent_at'),
    textBody: text('text_body'),
    /** Sanitized at capture: no script, no style sheet, remote images held back. */
    htmlBody: text('html_body'),
    /** The user who BCC'd or forwarded it. */
    loggedById: ref('logged_by_id', () => users.id),
    /** Attachments not kept (over DOCUMENT_MAX_BYTES): their names. */
    skippedAttachments: jsonb('skipped_attachments').$type<string[]>().notNull().default([]),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce("subject", '') || ' ' || coalesce("from_email", '') || ' ' || left(coalesce("text_body", ''), 200000))`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('emails_account_message_id_key').on(t.accountId, t.messageId),
    index('emails_account_sent_idx').on(t.accountId, t.sentAt),
    index('emails_account_updated_idx').on(t.accountId, t.updatedAt),
    index('emails_logged_by_id_idx').on(t.loggedById),
    index('emails_search_idx').using('gin', t.search),
  ],
);

/** Where an email is filed: a contact, company, project or lead, and why. */
export const emailLinks = pgTable(
  'email_links',
  {
    emailId: parentRef('email_id', () => emails.id),
    accountId: accountId(),
    recordType: text('record_type').$type<EmailRecordType>().notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** "To: sam@owner.com is the project's contact". */
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.emailId, t.recordType, t.recordId] }),
    index('email_links_record_idx').on(t.accountId, t.recordType, t.recordId, t.emailId),
    check('email_links_record_type_check', oneOf(t.recordType, EMAIL_RECORD_TYPES)),
  ],
);
