import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { companies, contacts, imports, users } from '@/db/schema';
import { contactSearchText } from '@/db/schema/contacts';
import { companyRefColumns, namedRefColumns, personRefColumns } from './refs';
import { likePattern, type PageWindow, pageWithTotal } from './sql';
import { aliasesOf } from './merges';
import { readsById, updatedSince } from './tenant';

const assignedTo = alias(users, 'assigned_to');
const createdBy = alias(users, 'created_by');

const contactSelection = {
  contact: contacts,
  company: companyRefColumns(companies),
  assignedTo: personRefColumns(assignedTo),
  createdBy: personRefColumns(createdBy),
  import: namedRefColumns(imports),
  aliases: aliasesOf('contacts', contacts.id),
};

/** Contacts with every embedded relation, by joins: one statement whatever the page size. */
function selectContacts(db: Db) {
  return db
    .select(contactSelection)
    .from(contacts)
    .leftJoin(companies, eq(companies.id, contacts.companyId))
    .leftJoin(assignedTo, eq(assignedTo.id, contacts.assignedToId))
    .leftJoin(createdBy, eq(createdBy.id, contacts.createdById))
    .leftJoin(imports, eq(imports.id, contacts.importId));
}

export type ContactRow = Awaited<ReturnType<ReturnType<typeof selectContacts>['execute']>>[number];

/** The list query's filters (lib/shared/validation/contacts.ts), by their API names. */
export interface ContactFilters {
  company_id?: number;
  q?: string;
  import_id?: number;
  updated_since?: Date;
  /** Custom-field filters, as SQL (lib/server/services/custom-field-values.ts). */
  custom?: SQL[];
}

function filterWhere(accountId: number, f: ContactFilters): SQL | undefined {
  return and(
    eq(contacts.accountId, accountId),
    f.company_id !== undefined ? eq(contacts.companyId, f.company_id) : undefined,
    // The same expression as the trigram index, so the planner can use it.
    f.q !== undefined ? ilike(contactSearchText(contacts), likePattern(f.q)) : undefined,
    f.import_id !== undefined ? eq(contacts.importId, f.import_id) : undefined,
    updatedSince(contacts.updatedAt, f.updated_since),
    ...(f.custom ?? []),
  );
}

export async function listContacts(db: Db, accountId: number, filters: ContactFilters, page: PageWindow) {
  const where = filterWhere(accountId, filters);
  return pageWithTotal(db, selectContacts(db).$dynamic(), contacts, where, [desc(contacts.createdAt), desc(contacts.id)], page);
}

/** One record with its embeds; `lock`: its row locked for the rest of the transaction. */
export const { find: findContact } = readsById(selectContacts, contacts);
