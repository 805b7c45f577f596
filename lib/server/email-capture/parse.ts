import 'server-only';
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import type { EmailAddress } from '@/db/schema/emails';

// A captured message, read with mailparser (docs/email-capture.md): who wrote to whom and when, its
// bodies (the HTML sanitized: no script, no style sheet, no form, remote images held back until the
// reader asks), its attachments. A forward ("Fwd:" from a user) is read for the mail inside it —
// an attached message, or the header block Gmail and Outlook quote — so that it is filed by the
// original's people and recognised as the same mail as a BCC of it.

export interface CapturedAttachment {
  name: string;
  content: Buffer;
  size: number;
}

export interface CapturedMail {
  /** The Message-ID without <>, or for an inline forward one made from its sender, subject and date. */
  messageId: string;
  subject: string | null;
  from: EmailAddress | null;
  to: EmailAddress[];
  cc: EmailAddress[];
  sentAt: Date | null;
  text: string | null;
  html: string | null;
  attachments: CapturedAttachment[];
  /** The message's own sender: the user who BCC'd or forwarded it. */
  sender: EmailAddress | null;
  /** Every address the message was sent to (To, Cc, Bcc, Delivered-To, X-Original-To): where the capture address is. */
  recipients: string[];
  forwarded: boolean;
}

const addresses = (field: AddressObject | AddressObject[] | undefined): EmailAddress[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((a) => a.value)
    .flatMap((v) => (v.group ? v.group : [v]))
    .filter((v) => v.address)
    .map((v) => ({ name: v.name?.trim() || null, email: v.address!.trim().toLowerCase() }));

/** "Re: Fwd: Bid date " → "bid date": the subject two copies of one mail share. */
export const subjectKey = (subject: string | null) =>
  (subject ?? '')
    .replace(/^\s*((re|fwd?|fw|aw|wg)\s*:\s*)+/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** An address in an "Sam Owen <sam@owner.com>" or bare form. */
function parseAddressList(value: string): EmailAddress[] {
  const found: EmailAddress[] = [];
  for (const part of value.split(/[,;](?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const m = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(part) ?? /^\s*()([^\s<>]+@[^\s<>]+)\s*$/.exec(part);
    if (m) found.push({ name: m[1]?.trim() || null, email: m[2]!.toLowerCase().replace(/^mailto:/, '') });
  }
  return found;
}

/** The header block a mail client quotes in an inline forward: From, Date/Sent, Subject, To, Cc. */
function quotedHeaders(text: string) {
  const start = text.search(/-{2,}\s*(Forwarded message|Original Message)\s*-{2,}|^\s*Begin forwarded message:/im);
  if (start === -1) return null;
  const block = text
    .slice(start, start + 4000)
    .split(/\r?\n/)
    .slice(1, 20);
  const fields: Record<string, string> = {};
  for (const line of block) {
    const m = /^\s*\*?(From|Date|Sent|Subject|To|Cc)\*?:\s*(.+)$/i.exec(line);
    if (m) fields[m[1]!.toLowerCase()] ??= m[2]!.trim();
    else if (Object.keys(fields).length >= 2 && line.trim() === '') break;
  }
  const from = fields.from ? parseAddressList(fields.from)[0] : undefined;
  if (!from) return null;
  const when = fields.date ?? fields.sent;
  const date = when ? new Date(when.replace(/ at /, ' ')) : null;
  return {
    from,
    to: fields.to ? parseAddressList(fields.to) : [],
    cc: fields.cc ? parseAddressList(fields.cc) : [],
    subject: fields.subject ?? null,
    sentAt: date && !Number.isNaN(date.getTime()) ? date : null,
  };
}

const ALLOWED = {
  allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'span', 'font', 'center']),
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['alt', 'width', 'height', 'data-remote-src'],
    // No style attribute: a background image in it would load from the sender too.
    '*': ['align', 'colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Remote images would tell the sender when it is read: held back in data-remote-src until asked.
  transformTags: {
    img: (tagName: string, attribs: Record<string, string>) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src && /^https?:/i.test(src) ? { ...rest, 'data-remote-src': src } : rest };
    },
    a: (tagName: string, attribs: Record<string, string>) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } }),
  },
} satisfies sanitizeHtml.IOptions;

/** HTML safe to show: no script, style sheet, form or frame; links open apart; remote images held back. */
export const sanitizeEmailHtml = (html: string) => sanitizeHtml(html, ALLOWED);

/** Inline pictures of the body (a signature's logo) are not attachments worth keeping. */
const isInline = (a: Attachment) => a.contentDisposition === 'inline' && Boolean(a.cid) && a.contentType.startsWith('image/');

/**
 * The message a forward carries as an attachment (a `message/rfc822` part): mailparser folds it into
 * the outer message's text and attachments, so its own headers (its Message-ID above all) are read
 * here from the raw bytes, as a message of its own.
 */
function attachedMessage(raw: Buffer): Buffer | null {
  const text = raw.toString('latin1');
  const part = /^content-type:[ \t]*message\/rfc822\b/im.exec(text);
  if (!part) return null;
  const blank = /\r?\n\r?\n/g;
  blank.lastIndex = part.index;
  const end = blank.exec(text);
  return end ? raw.subarray(end.index + end[0].length) : null;
}

export async function parseMail(raw: Buffer): Promise<CapturedMail> {
  const mail: ParsedMail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return typeof value === 'string' ? [value] : Array.isArray(value) ? value.map(String) : [];
  };
  const recipients = [
    ...addresses(mail.to),
    ...addresses(mail.cc),
    ...addresses(mail.bcc),
    ...[...header('delivered-to'), ...header('x-original-to'), ...header('envelope-to')].flatMap(parseAddressList),
  ].map((a) => a.email);
  const sender = addresses(mail.from)[0] ?? null;
  const attachments = mail.attachments
    .filter((a) => !isInline(a) && a.contentType !== 'message/rfc822')
    .map((a) => ({ name: a.filename ?? 'attachment', content: a.content, size: a.size ?? a.content.length }));
  const base = {
    subject: mail.subject ?? null,
    text: mail.text ?? null,
    html: mail.html ? sanitizeEmailHtml(mail.html) : null,
    sender,
    recipients,
    attachments,
  };
  const isForward = /^\s*(fwd?|fw|wg)\s*:/i.test(mail.subject ?? '');
  const attached = isForward ? attachedMessage(raw) : null;
  if (attached) {
    const inner = await simpleParser(attached, { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true });
    const from = addresses(inner.from)[0];
    if (from) {
      const id = inner.messageId?.replace(/^<|>$/g, '').trim();
      return {
        ...base,
        messageId: id ? id.slice(0, 998) : syntheticId(from.email, inner.subject ?? null, inner.date ?? null),
        subject: inner.subject ?? base.subject,
        from,
        to: addresses(inner.to),
        cc: addresses(inner.cc),
        sentAt: inner.date ?? null,
        forwarded: true,
      };
    }
  }
  const quoted = isForward && mail.text ? quotedHeaders(mail.text) : null;
  if (quoted) {
    return {
      ...base,
      messageId: syntheticId(quoted.from.email, quoted.subject, quoted.sentAt),
      subject: quoted.subject ?? base.subject,
      from: quoted.from,
      to: quoted.to,
      cc: quoted.cc,
      sentAt: quoted.sentAt,
      forwarded: true,
    };
  }
  const messageId = mail.messageId?.replace(/^<|>$/g, '').trim() || `no-id-${createHash('sha256').update(raw).digest('hex').slice(0, 32)}@groundwork`;
  return {
    ...base,
    messageId: messageId.slice(0, 998),
    from: sender,
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    sentAt: mail.date ?? null,
    forwarded: false,
  };
}

/** A forward that kept no Message-ID: one made from its sender, subject and minute (the fuzzy match finds its twins). */
const syntheticId = (from: string, subject: string | null, sentAt: Date | null) =>
  `forward-${createHash('sha256')
    .update(`${from}\n${subjectKey(subject)}\n${sentAt?.toISOString().slice(0, 16) ?? ''}`)
    .digest('hex')
    .slice(0, 32)}@groundwork`;
