import 'server-only';
import type { z } from 'zod';
import type { Db } from '@/db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccountTable } from '@/db/queries/tenant';
import { companies, contacts } from '@/db/schema';
import { COMPANY_CATEGORIES, type ImportResource } from '@/db/schema/enums';
import type { PathResource } from '@/lib/server/services/common';
import { companyColumnsFrom, updateCompany } from '@/lib/server/services/companies';
import { CONTACT_IDENTITY_MESSAGE, contactColumnsFrom, updateContact } from '@/lib/server/services/contacts';
import type { CallerContext } from '@/lib/server/services/context';
import { companyCreate } from '@/lib/shared/validation/companies';
import { contactCreate } from '@/lib/shared/validation/contacts';
import { ADDRESS_FIELDS, type ImportField } from './fields';

// What each importable resource takes from a spreadsheet (docs/imports.md): its fields and their
// labels, how a row finds the record it updates (its key), and how a row's body becomes columns —
// the same functions the API's create uses, so an imported record is what the API would make.

export interface ImportSpec {
  resource: ImportResource;
  /** The event resource of its records. */
  event: PathResource;
  table: AccountTable;
  fields: ImportField[];
  /** The API's create body schema: a row's body must pass it. */
  create: z.ZodType;
  /** The row columns of a create body (the account, creator and import added by the importer). */
  columns(input: Record<string, unknown>): Record<string, unknown>;
  /** A rule beyond the schema, on the columns: the reason a row cannot be a record, or null. */
  problem?(columns: Record<string, unknown>): string | null;
  /** The record a row updates instead of creating: by this field (lower-cased), in this column. */
  key: { field: string; column: AnyPgColumn };
  /** The API's update of one record (events, rules), for a row whose key names an existing record. */
  update(db: Db, ctx: CallerContext, id: number, input: Record<string, unknown>): Promise<unknown>;
}

const text = (field: string, labels: string[]): ImportField => ({ field, labels, type: 'text' });

const companySpec: ImportSpec = {
  resource: 'companies',
  event: 'company',
  table: companies,
  fields: [
    text('name', ['Company', 'Company Name', 'Name', 'Organization']),
    text('description', ['Description', 'Notes', 'About']),
    text('phone', ['Phone', 'Phone Number', 'Main Phone']),
    { field: 'website', labels: ['Website', 'Web Site', 'URL', 'Web'], type: 'url' },
    { field: 'category', labels: ['Category', 'Type', 'Company Type'], type: 'enum', values: COMPANY_CATEGORIES },
    ...ADDRESS_FIELDS,
  ],
  create: companyCreate,
  columns: (input) => companyColumnsFrom(input),
  key: { field: 'name', column: companies.name },
  update: (db, ctx, id, input) => updateCompany(db, ctx, id, input),
};

const contactSpec: ImportSpec = {
  resource: 'contacts',
  event: 'contact',
  table: contacts,
  fields: [
    { field: 'email', labels: ['Email', 'E-mail', 'Email Address'], type: 'email' },
    text('first_name', ['First Name', 'First', 'Given Name']),
    text('last_name', ['Last Name', 'Last', 'Surname', 'Family Name']),
    text('job_title', ['Job Title', 'Title', 'Position']),
    text('mobile_phone', ['Mobile Phone', 'Mobile', 'Cell', 'Cell Phone']),
    text('office_phone', ['Office Phone', 'Phone', 'Work Phone', 'Business Phone']),
    { field: 'linked_in_profile_url', labels: ['LinkedIn', 'LinkedIn Profile', 'LinkedIn URL'], type: 'url' },
    { field: 'company_name', labels: ['Company', 'Company Name', 'Organization'], type: 'text', relation: 'company', target: 'company_id' },
    { field: 'company_id', labels: [], type: 'integer', target: 'company_id' },
    { field: 'assigned_to_email', labels: ['Assigned To', 'Owner', 'Assigned To Email', 'Owner Email'], type: 'email', relation: 'user', target: 'assigned_to_id' },
    { field: 'assigned_to_id', labels: [], type: 'integer', target: 'assigned_to_id' },
  ],
  create: contactCreate,
  columns: (input) => contactColumnsFrom(input),
  problem: (c) => ([c.firstName, c.lastName, c.email].some((v) => typeof v === 'string' && v.trim() !== '') ? null : CONTACT_IDENTITY_MESSAGE),
  key: { field: 'email', column: contacts.email },
  update: (db, ctx, id, input) => updateContact(db, ctx, id, input),
};

export const IMPORT_SPECS: Partial<Record<ImportResource, ImportSpec>> = { companies: companySpec, contacts: contactSpec };
