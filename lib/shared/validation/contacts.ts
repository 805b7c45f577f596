import { z } from 'zod';
import {
  importIdQuery,
  LIMITS,
  companyReference,
  customFields,
  namedReference,
  paginationQuery,
  queryId,
  querySearch,
  recordResponse,
  relationId,
  shortText,
  userReference,
} from './common';

const fields = {
  email: z.email('must be an email address').max(LIMITS.shortText).nullable(),
  first_name: shortText.nullable(),
  last_name: shortText.nullable(),
  job_title: shortText.nullable(),
  mobile_phone: shortText.nullable(),
  office_phone: shortText.nullable(),
  linked_in_profile_url: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .max(LIMITS.url)
    .nullable(),
  company_id: relationId.nullable(),
  assigned_to_id: relationId.nullable(),
  custom_fields: customFields.nullable().meta({ description: 'Free-form object; replaced as a whole; null resets it to {}.' }),
};

/** One of the fields a contact is known by, given and not blank: the document's form of the service's check. */
const IDENTITY = ['first_name', 'last_name', 'email'].map((field) => ({ required: [field], properties: { [field]: { type: 'string', pattern: '\\S' } } }));

/** POST body under `contact`: at least one of first_name, last_name and email (checked by the service). */
export const contactCreate = z
  .object(fields)
  .partial()
  .meta({
    id: 'ContactCreate',
    description: 'At least one of first_name, last_name and email is required (a 422 on `base` otherwise).',
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      jsonSchema.anyOf = IDENTITY;
    },
  });
/** PATCH body under `contact`: any subset; null clears a nullable field; the contact keeps one of first_name, last_name and email. */
export const contactUpdate = z
  .object(fields)
  .partial()
  .meta({ id: 'ContactUpdate', description: 'The contact must keep at least one of first_name, last_name and email (a 422 on `base` otherwise).' });
export type ContactCreate = z.output<typeof contactCreate>;
export type ContactUpdate = z.output<typeof contactUpdate>;

export const contactListQuery = paginationQuery.extend({
  company_id: queryId.optional(),
  import_id: importIdQuery('Contacts an import created.'),
  q: querySearch.optional().meta({ description: 'Case-insensitive search in first name, last name and email.' }),
});
export type ContactListQuery = z.output<typeof contactListQuery>;

export const contactResponse = recordResponse('Contact', {
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string().nullable().meta({ description: 'first_name and last_name joined; derived, not writable.' }),
  job_title: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  office_phone: z.string().nullable(),
  linked_in_profile_url: z.string().nullable(),
  company: companyReference.nullable(),
  assigned_to: userReference.nullable(),
  created_by: userReference.nullable(),
  import: namedReference.nullable(),
  custom_fields: z.record(z.string(), z.unknown()),
  aliases: z
    .array(z.string())
    .meta({ description: 'Other names, emails and web domains it is known by: those of the records merged into it (docs/merge.md); imports match them.' }),
});
export type ContactResponse = z.output<typeof contactResponse>;
