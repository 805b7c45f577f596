import type { FiledOn, EmailRow } from '@/db/queries/emails';
import type { EmailResponse } from '@/lib/shared/validation/emails';
import { base, iso, isoOrNull, namedRef, personRef } from './common';

/** The one Email shape (`Email` in the OpenAPI document), with the records it is filed on that the caller sees. */
export function serializeEmail(row: EmailRow, filed: FiledOn[], attachments: { id: number; name: string; createdAt: Date; updatedAt: Date }[]): EmailResponse {
  const { email } = row;
  const of = (type: FiledOn['type']) => filed.filter((f) => f.type === type);
  return {
    ...base(email),
    message_id: email.messageId,
    subject: email.subject,
    from: email.fromEmail ? { name: email.fromName, email: email.fromEmail } : null,
    to: email.to,
    cc: email.cc,
    sent_at: isoOrNull(email.sentAt),
    text_body: email.textBody,
    html_body: email.htmlBody,
    logged_by: row.loggedBy ? personRef(row.loggedBy) : null,
    contacts: of('contact').map((c) => personRef(c)!),
    companies: of('company').map((c) => namedRef(c)!),
    projects: of('project').map((p) => namedRef(p)!),
    leads: of('lead').map((l) => namedRef(l)!),
    documents: attachments.map((d) => ({ id: String(d.id), created_at: iso(d.createdAt), updated_at: iso(d.updatedAt), name: d.name })),
    filed_because: filed.map((f) => f.reason),
    skipped_attachments: email.skippedAttachments,
  };
}
