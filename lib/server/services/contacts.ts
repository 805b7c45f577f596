import type { Db } from '@/db';
import type { CustomFieldFilter } from '@/lib/shared/validation/custom-fields';
import { customFieldConditions } from './custom-field-values';
import { findContact, listContacts as queryContacts, type ContactRow } from '@/db/queries/contacts';
import { calls, companies, contacts, leads, projects, tasks, users } from '@/db/schema';
import { serializeContact } from '@/lib/server/serializers/contacts';
import type { ContactCreate, ContactListQuery, ContactResponse, ContactUpdate } from '@/lib/shared/validation/contacts';
import { toColumns } from './common';
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind, type Reference } from './records';
import { validationFailed } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

export const contactKind: RecordKind<ContactRow, ContactResponse> = {
  customFields: 'contacts',
  resource: 'contact',
  table: contacts,
  references: { company_id: companies, assigned_to_id: users },
  read: findContact,
  columns: (row) => row.contact,
  serialize: serializeContact,
};

export async function listContacts(db: Db, ctx: CallerContext, query: ContactListQuery, filters: CustomFieldFilter[] = []): Promise<Page<ContactResponse>> {
  const custom = await customFieldConditions(db, ctx, 'contacts', filters, contacts.customFields);
  const result = await queryContacts(db, ctx.accountId, { ...query, custom }, pageWindow(query));
  return toPage(query, result, serializeContact);
}

export function getContact(db: Db, ctx: CallerContext, id: number): Promise<ContactResponse> {
  return getRecord(db, ctx, contactKind, id);
}

export function contactColumnsFrom(input: ContactUpdate) {
  return {
    ...toColumns(input, ['custom_fields']),
    ...(input.custom_fields !== undefined ? { customFields: input.custom_fields ?? {} } : {}),
  };
}

export const CONTACT_IDENTITY_MESSAGE = 'a contact needs at least one of first_name, last_name or email';

/** A contact nobody can name or reach is not a contact: checked on create and after every update. */
function assertIdentity(contact: Record<string, unknown>) {
  const present = [contact.firstName, contact.lastName, contact.email].some((v) => typeof v === 'string' && v.trim() !== '');
  if (!present) throw validationFailed({ base: [CONTACT_IDENTITY_MESSAGE] }, `The contact is invalid: ${CONTACT_IDENTITY_MESSAGE}.`);
}

export function createContact(db: Db, ctx: CallerContext, input: ContactCreate): Promise<ContactResponse> {
  const columns = contactColumnsFrom(input);
  assertIdentity(columns);
  return createRecord(db, ctx, contactKind, input, () => ({ ...columns, createdById: ctx.userId }));
}

export function updateContact(db: Db, ctx: CallerContext, id: number, input: ContactUpdate): Promise<ContactResponse> {
  return updateRecord(db, ctx, contactKind, id, input, {
    columns: ({ contact }) => {
      const next = contactColumnsFrom(input);
      assertIdentity({ ...contact, ...next });
      return next;
    },
  });
}

const referencing: Reference[] = [
  { resource: 'lead', table: leads, column: leads.contactId },
  { resource: 'project', table: projects, column: projects.contactId },
  { resource: 'task', table: tasks, column: tasks.contactId },
  { resource: 'call', table: calls, column: calls.contactId },
];

/** Leads, projects, tasks and calls of the contact keep existing without it, each with a `<resource>.update`. */
export function deleteContact(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, contactKind, id, { references: referencing });
}
