import type { Db } from '@/db';
import {
  deleteContactRow,
  findContact,
  insertContact,
  listContacts as queryContacts,
  lockContact,
  updateContactColumns,
} from '@/db/queries/contacts';
import { calls, companies, leads, projects, tasks, users } from '@/db/schema';
import { notFound, validationFailed } from '@/lib/api/errors';
import { assertIfMatch } from '@/lib/api/preconditions';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { serializeContact } from '@/lib/serializers/contacts';
import type { ContactCreate, ContactListQuery, ContactResponse, ContactUpdate } from '@/lib/validation/contacts';
import { assertReferences, changedColumns, deleteRecord, recordEvent, toColumns, type Reference } from './common';

const references = { company_id: companies, assigned_to_id: users };

export async function listContacts(db: Db, ctx: ApiContext, query: ContactListQuery): Promise<Page<ContactResponse>> {
  const result = await queryContacts(
    db,
    ctx.accountId,
    { companyId: query.company_id, q: query.q, updatedSince: query.updated_since },
    pageWindow(query),
  );
  return toPage(query, result, serializeContact);
}

export async function getContact(db: Db, ctx: ApiContext, id: number): Promise<ContactResponse> {
  const row = await findContact(db, ctx.accountId, id);
  if (!row) throw notFound('Contact');
  return serializeContact(row);
}

function columnsFrom(input: ContactUpdate) {
  return {
    ...toColumns(input, ['custom_fields']),
    ...(input.custom_fields !== undefined ? { customFields: input.custom_fields ?? {} } : {}),
  };
}

const IDENTITY_MESSAGE = 'a contact needs at least one of first_name, last_name or email';

/** A contact nobody can name or reach is not a contact: checked on create and after every update. */
function assertIdentity(contact: Record<string, unknown>) {
  const present = [contact.firstName, contact.lastName, contact.email].some(
    (v) => typeof v === 'string' && v.trim() !== '',
  );
  if (!present) throw validationFailed({ base: [IDENTITY_MESSAGE] }, `The contact is invalid: ${IDENTITY_MESSAGE}.`);
}

export async function createContact(db: Db, ctx: ApiContext, input: ContactCreate): Promise<ContactResponse> {
  const columns = columnsFrom(input);
  assertIdentity(columns);
  return db.transaction(async (tx) => {
    await assertReferences(tx, ctx, input, references);
    const id = await insertContact(tx, { ...columns, accountId: ctx.accountId, createdById: ctx.userId });
    await recordEvent(tx, ctx, { resource: 'contact', action: 'create', id, path: `contacts/${id}` });
    return getContact(tx, ctx, id);
  });
}

export async function updateContact(
  db: Db,
  ctx: ApiContext,
  id: number,
  input: ContactUpdate,
): Promise<ContactResponse> {
  return db.transaction(async (tx) => {
    const current = await lockContact(tx, ctx.accountId, id);
    if (!current) throw notFound('Contact');
    await assertIfMatch(ctx.ifMatch, 'contact', () => getContact(tx, ctx, id));
    await assertReferences(tx, ctx, input, references);
    const next = columnsFrom(input);
    assertIdentity({ ...current, ...next });
    const changes = changedColumns(current, next);
    if (Object.keys(changes).length > 0) {
      await updateContactColumns(tx, ctx.accountId, id, changes);
      await recordEvent(tx, ctx, { resource: 'contact', action: 'update', id, path: `contacts/${id}`, changed: changes });
    }
    return getContact(tx, ctx, id);
  });
}

const referencing: Reference[] = [
  { resource: 'lead', table: leads, column: leads.contactId },
  { resource: 'project', table: projects, column: projects.contactId },
  { resource: 'task', table: tasks, column: tasks.contactId },
  { resource: 'call', table: calls, column: calls.contactId },
];

/** Leads, projects, tasks and calls of the contact keep existing without it, each with a `<resource>.update`. */
export async function deleteContact(db: Db, ctx: ApiContext, id: number): Promise<void> {
  await deleteRecord(db, ctx, {
    resource: 'contact',
    label: 'Contact',
    id,
    lock: (tx) => lockContact(tx, ctx.accountId, id),
    load: (tx) => getContact(tx, ctx, id),
    references: referencing,
    remove: (tx) => deleteContactRow(tx, ctx.accountId, id),
  });
}
