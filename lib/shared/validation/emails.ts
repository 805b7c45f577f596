import { z } from 'zod';
export type { EmailRecordType } from '@/db/schema/enums';
import { namedReference, paginationQuery, queryId, querySearch, recordResponse, relationId, responseTimestamp, userReference } from './common';

// Email captured by BCC or forward (docs/email-capture.md): read, searched and re-filed here; it
// arrives only through the capture address.

const address = z.object({ name: z.string().nullable(), email: z.string() }).meta({ id: 'EmailAddress' });

export const emailListQuery = paginationQuery.extend({
  contact_id: queryId.optional().meta({ description: 'Emails filed on this contact.' }),
  company_id: queryId.optional().meta({ description: 'Emails filed on this company.' }),
  project_id: queryId.optional().meta({ description: 'Emails filed on this project.' }),
  lead_id: queryId.optional().meta({ description: 'Emails filed on this lead.' }),
  q: querySearch.optional().meta({ description: "Words of the subject, the sender's address or the text (each word's start)." }),
});
export type EmailListQuery = z.output<typeof emailListQuery>;

const ids = (what: string) =>
  z
    .array(relationId)
    .max(100)
    .meta({ description: `The ${what} it is filed on, all of them (replacing the list).` });

/** PATCH /emails/{id} under `email`: re-file. Each list given replaces that kind of record. */
export const emailUpdate = z
  .object({ project_ids: ids('projects'), lead_ids: ids('leads'), company_ids: ids('companies'), contact_ids: ids('contacts') })
  .partial()
  .meta({ id: 'EmailUpdate' });
export type EmailUpdate = z.output<typeof emailUpdate>;

export const emailResponse = recordResponse('Email', {
  message_id: z.string(),
  subject: z.string().nullable(),
  from: address.nullable(),
  to: z.array(address),
  cc: z.array(address),
  sent_at: responseTimestamp.nullable(),
  text_body: z.string().nullable(),
  html_body: z
    .string()
    .nullable()
    .meta({ description: 'Sanitized: no script, style sheet, form or frame; remote images held back in `data-remote-src` until the reader asks.' }),
  logged_by: userReference.nullable().meta({ description: 'The user who BCC’d or forwarded it.' }),
  contacts: z.array(userReference),
  companies: z.array(namedReference),
  projects: z.array(namedReference),
  leads: z.array(namedReference),
  documents: z.array(namedReference).meta({ description: 'Its attachments, kept as documents on each record it is filed on.' }),
  filed_because: z.array(z.string()).meta({ description: 'One sentence per record it is filed on: "To: sam@owner.com is the project’s contact".' }),
  skipped_attachments: z.array(z.string()).meta({ description: 'Attachments not kept (over DOCUMENT_MAX_BYTES), by name.' }),
});
export type EmailResponse = z.output<typeof emailResponse>;

export const emailCaptureResponse = z
  .object({
    address: z.string().meta({ description: 'BCC or forward mail here: `<token>@INBOUND_EMAIL_DOMAIN`; `<token>+project-42@…` also files it on that record.' }),
    create_contacts: z.boolean().meta({ description: 'Whether an unknown address in From, To or Cc becomes a contact.' }),
    updated_at: responseTimestamp,
  })
  .meta({ id: 'EmailCapture' });
export type EmailCaptureResponse = z.output<typeof emailCaptureResponse>;

export const emailCaptureUpdate = z.object({ create_contacts: z.boolean() }).partial().meta({ id: 'EmailCaptureUpdate' });
export type EmailCaptureUpdate = z.output<typeof emailCaptureUpdate>;
