import type { Db } from '@/db';
import {
  companyIndustryIds,
  deleteCompanyRow,
  existingIndustryIds,
  findCompany,
  insertCompany,
  listCompanies as queryCompanies,
  lockCompany,
  replaceCompanyIndustries,
  updateCompanyColumns,
} from '@/db/queries/companies';
import { calls, contacts, leads, projects } from '@/db/schema';
import { notFound, validationFailed } from '@/lib/api/errors';
import { assertIfMatch } from '@/lib/api/preconditions';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { addressColumnsFrom } from '@/lib/serializers/common';
import { serializeCompany } from '@/lib/serializers/companies';
import type { CompanyCreate, CompanyListQuery, CompanyResponse, CompanyUpdate } from '@/lib/validation/companies';
import { changedColumns, deleteRecord, recordEvent, toColumns, type Reference } from './common';

export async function listCompanies(db: Db, ctx: ApiContext, query: CompanyListQuery): Promise<Page<CompanyResponse>> {
  const result = await queryCompanies(
    db,
    ctx.accountId,
    { category: query.category, q: query.q, updatedSince: query.updated_since },
    pageWindow(query),
  );
  return toPage(query, result, serializeCompany);
}

export async function getCompany(db: Db, ctx: ApiContext, id: number): Promise<CompanyResponse> {
  const row = await findCompany(db, ctx.accountId, id);
  if (!row) throw notFound('Company');
  return serializeCompany(row);
}

function columnsFrom(input: CompanyUpdate) {
  return {
    ...toColumns(input, ['address', 'industry_ids', 'custom_fields']),
    ...(input.address !== undefined ? addressColumnsFrom(input.address) : {}),
    ...(input.custom_fields !== undefined ? { customFields: input.custom_fields ?? {} } : {}),
  };
}

/** The requested industry set, deduplicated and sorted; 422 on `industry_ids` for ids not in the account. */
async function industrySet(db: Db, ctx: ApiContext, ids: number[] | null | undefined): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids ?? [])].sort((a, b) => a - b);
  const found = await existingIndustryIds(db, ctx.accountId, unique);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw validationFailed({ industry_ids: missing.map((id) => `industry ${id} does not exist`) });
  }
  return unique;
}

export async function createCompany(db: Db, ctx: ApiContext, input: CompanyCreate): Promise<CompanyResponse> {
  return db.transaction(async (tx) => {
    const industryIds = await industrySet(tx, ctx, input.industry_ids);
    const id = await insertCompany(tx, {
      ...(columnsFrom(input) as { name: string }),
      accountId: ctx.accountId,
      createdById: ctx.userId,
    });
    if (industryIds?.length) await replaceCompanyIndustries(tx, id, industryIds);
    await recordEvent(tx, ctx, { resource: 'company', action: 'create', id, path: `companies/${id}` });
    return getCompany(tx, ctx, id);
  });
}

export async function updateCompany(
  db: Db,
  ctx: ApiContext,
  id: number,
  input: CompanyUpdate,
): Promise<CompanyResponse> {
  return db.transaction(async (tx) => {
    const current = await lockCompany(tx, ctx.accountId, id);
    if (!current) throw notFound('Company');
    await assertIfMatch(ctx.ifMatch, 'company', () => getCompany(tx, ctx, id));
    const industryIds = await industrySet(tx, ctx, input.industry_ids);
    const changes = changedColumns(current, columnsFrom(input));
    const industriesChanged =
      industryIds !== undefined &&
      (await companyIndustryIds(tx, id)).sort((a, b) => a - b).join(',') !== industryIds.join(',');
    if (Object.keys(changes).length === 0 && !industriesChanged) return getCompany(tx, ctx, id);

    if (industriesChanged) await replaceCompanyIndustries(tx, id, industryIds);
    // Set explicitly: an industries-only change touches no column of the company row itself.
    await updateCompanyColumns(tx, ctx.accountId, id, { ...changes, updatedAt: new Date() });
    await recordEvent(tx, ctx, { resource: 'company', action: 'update', id, path: `companies/${id}`, changed: { ...changes, ...(industriesChanged && { industryIds }) } });
    return getCompany(tx, ctx, id);
  });
}

const referencing: Reference[] = [
  { resource: 'contact', table: contacts, column: contacts.companyId },
  { resource: 'lead', table: leads, column: leads.companyId },
  { resource: 'project', table: projects, column: projects.companyId },
  { resource: 'call', table: calls, column: calls.companyId },
];

/** Contacts, leads, projects and calls of the company keep existing with no company, each with a `<resource>.update`. */
export async function deleteCompany(db: Db, ctx: ApiContext, id: number): Promise<void> {
  await deleteRecord(db, ctx, {
    resource: 'company',
    label: 'Company',
    id,
    lock: (tx) => lockCompany(tx, ctx.accountId, id),
    load: (tx) => getCompany(tx, ctx, id),
    references: referencing,
    remove: (tx) => deleteCompanyRow(tx, ctx.accountId, id),
  });
}
