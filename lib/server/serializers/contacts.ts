import type { ContactRow } from '@/db/queries/contacts';
import type { ContactResponse } from '@/lib/shared/validation/contacts';
import { base, companyRef, fullName, namedRef, personRef } from './common';

/** The one Contact shape (`Contact` in the OpenAPI document), for every endpoint that returns contacts. */
export function serializeContact(row: ContactRow): ContactResponse {
  const { contact } = row;
  return {
    ...base(contact),
    email: contact.email,
    first_name: contact.firstName,
    last_name: contact.lastName,
    name: fullName(contact.firstName, contact.lastName),
    job_title: contact.jobTitle,
    mobile_phone: contact.mobilePhone,
    office_phone: contact.officePhone,
    linked_in_profile_url: contact.linkedInProfileUrl,
    company: companyRef(row.company),
    assigned_to: personRef(row.assignedTo),
    created_by: personRef(row.createdBy),
    import: namedRef(row.import),
    custom_fields: contact.customFields,
    aliases: row.aliases,
  };
}
