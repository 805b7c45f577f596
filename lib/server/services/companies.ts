import type { Db } from '@/db';
import type { CustomFieldFilter } from '@/lib/shared/validation/custom-fields';
import { customFieldConditions } from './custom-field-values';
import { existingIndustryIds, findCompany, listCompanies as queryCompanies, replaceCompanyIndustries, type CompanyRow } from '@/db/queries/companies';
import { bidResults, calls, companies, contacts, leads, projects } from '@/db/schema';
import { deleteReferencing } from '@/db/queries/references';
import { addressColumnsFrom } from '@/lib/server/serializers/common';
import { serializeCompany } from '@/lib/server/serializers/companies';
import type { CompanyCreate, CompanyListQuery, CompanyResponse, CompanyUpdate } from '@/lib/shared/validation/companies';
import { deleteEvents, toColumns } from './common';
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind, type Reference } from './records';
import { validationFailed } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

export const companyKind: RecordKind<CompanyRow, CompanyResponse> = {
  customFields: 'companies',
  resource: 'company',
  table: companies,
  read: findCompany,
  columns: (row) => row.company,
  serialize: serializeCompany,
};

export async function listCompanies(db: Db, ctx: CallerContext, query: CompanyListQuery, filters: CustomFieldFilter[] = []): Promise<Page<CompanyResponse>> {
  const custom = await customFieldConditions(db, ctx, 'companies', filters, companies.customFields);
  const result = await queryCompanies(db, ctx.accountId, { ...query, custom }, pageWindow(query));
  return toPage(query, result, serializeCompany);
}

export function getCompany(db: Db, ctx: CallerContext, id: number): Promise<CompanyResponse> {
  return getRecord(db, ctx, companyKind, id);
}

export function companyColumnsFrom(input: CompanyUpdate) {
  return {
    ...toColumns(input, ['address', 'industry_ids', 'custom_fields']),
    ...(input.address !== undefined ? addressColumnsFrom(input.address) : {}),
    ...(input.custom_fields !== undefined ? { customFields: input.custom_fields ?? {} } : {}),
  };
}

/** The requested industry set, deduplicated and sorted; 422 on `industry_ids` for ids not in the account. */
async function industrySet(db: Db, ctx: CallerContext, ids: number[] | null | undefined): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids ?? [])].sort((a, b) => a - b);
  const found = await existingIndustryIds(db, ctx.accountId, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw validationFailed({ industry_ids: missing.map((id) => `industry ${id} does not exist`) });
  }
  return unique;
}

export function createCompany(db: Db, ctx: CallerContext, input: CompanyCreate): Promise<CompanyResponse> {
  let industryIds: number[] | undefined;
  return createRecord(
    db,
    ctx,
    companyKind,
    input,
    async (tx) => {
      industryIds = await industrySet(tx, ctx, input.industry_ids);
      return { ...companyColumnsFrom(input), createdById: ctx.userId };
    },
    async (tx, id) => {
      if (industryIds?.length) await replaceCompanyIndustries(tx, id, industryIds);
    },
  );
}

export function updateCompany(db: Db, ctx: CallerContext, id: number, input: CompanyUpdate): Promise<CompanyResponse> {
  return updateRecord(db, ctx, companyKind, id, input, {
    columns: () => companyColumnsFrom(input),
    // The industry set is the company's too: replaced when it differs, `industry_ids` its changed field.
    related: async (current, tx) => {
      const industryIds = await industrySet(tx, ctx, input.industry_ids);
      const held = current.industries.map((i) => i.id).sort((x, y) => x - y);
      if (industryIds === undefined || held.join(',') === industryIds.join(',')) return null;
      await replaceCompanyIndustries(tx, id, industryIds);
      return { industryIds };
    },
  });
}

const referencing: Reference[] = [
  { resource: 'contact', table: contacts, column: contacts.companyId },
  { resource: 'lead', table: leads, column: leads.companyId },
  { resource: 'project', table: projects, column: projects.companyId },
  { resource: 'call', table: calls, column: calls.companyId },
];

/**
 * Contacts, leads, projects and calls of the company keep existing with no company, each with a
 * `<resource>.update`; its bids on projects are deleted with it, each with a `bid_result.delete`.
 */
export function deleteCompany(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, companyKind, id, {
    references: referencing,
    dependents: async (tx) => deleteEvents('bid_result', await deleteReferencing(tx, bidResults, bidResults.companyId, ctx.accountId, id)),
  });
}
