import type { Db } from '@/db';
import {
  deleteContactRow,
  findContact,
  insertContact,
  listContacts as queryContacts,
  lockContact,
  updateContactColumns,
} from '@/db/queries/contacts';
import { companies, users } from '@/db/schema';
import { notFound, validationFailed } from '@/lib/api/errors';
import { assertIfMatch } from '@/lib/api/preconditions';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { serializeContact } from '@/lib/serializers/contacts';
import type { ContactCreate, ContactListQuery, ContactResponse, ContactUpdate } from '@/lib/validation/contacts';
import { assertDeleteIfMatch, assertReferences, changedColumns, recordEvent, toColumns } from './common';

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

/** Leads, projects, tasks and calls that name the contact keep existing without it (FKs set null). */
export async function deleteContact(db: Db, ctx: ApiContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await assertDeleteIfMatch(ctx, 'contact', () => lockContact(tx, ctx.accountId, id), () => getContact(tx, ctx, id));
    if (!(await deleteContactRow(tx, ctx.accountId, id))) throw notFound('Contact');
    await recordEvent(tx, ctx, { resource: 'contact', action: 'delete', id, path: `contacts/${id}` });
  });
}
