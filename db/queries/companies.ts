import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { companies, companyIndustries, imports, industries, users } from '@/db/schema';
import type { CompanyCategory } from '@/db/schema/enums';
import { namedRefColumns, personRefColumns } from './refs';
import { likePattern, type PageWindow, pageWithTotal } from './sql';
import { ofAccount, oneRow, updatedSince, idsOfAccount } from './tenant';
import { aliasesOf } from './merges';

const createdBy = alias(users, 'created_by');

const companySelection = {
  company: companies,
  createdBy: personRefColumns(createdBy),
  import: namedRefColumns(imports),
};

/** The list query's filters (lib/shared/validation/companies.ts), by their API names. */
export interface CompanyFilters {
  category?: CompanyCategory;
  q?: string;
  import_id?: number;
  updated_since?: Date;
  /** Custom-field filters, as SQL (lib/server/services/custom-field-values.ts). */
  custom?: SQL[];
}

function filterWhere(accountId: number, f: CompanyFilters): SQL | undefined {
  return and(
    eq(companies.accountId, accountId),
    f.category !== undefined ? eq(companies.category, f.category) : undefined,
    f.q !== undefined ? ilike(companies.name, likePattern(f.q)) : undefined,
    f.import_id !== undefined ? eq(companies.importId, f.import_id) : undefined,
    updatedSince(companies.updatedAt, f.updated_since),
    ...(f.custom ?? []),
  );
}

type IndustryJson = { id: number; createdAt: string; updatedAt: string; name: string };
export type IndustryRef = { id: number; createdAt: Date; updatedAt: Date; name: string };

/** A company's industries in its own row (json_agg, by name): one statement for a page or a record. */
const industriesColumn = sql<IndustryJson[]>`coalesce((
  select json_agg(json_build_object('id', i.id, 'createdAt', i.created_at, 'updatedAt', i.updated_at, 'name', i.name) order by i.name, i.id)
  from ${companyIndustries} ci join ${industries} i on i.id = ci.industry_id
  where ci.company_id = ${companies.id} and i.account_id = ${companies.accountId}), '[]'::json)`;

function industryFromJson(i: IndustryJson): IndustryRef {
  return { id: Number(i.id), name: i.name, createdAt: new Date(i.createdAt), updatedAt: new Date(i.updatedAt) };
}

/** Companies with their to-one relations by joins and their industries, in one statement. */
function selectCompanies(db: Db) {
  return db
    .select({ ...companySelection, industries: industriesColumn, aliases: aliasesOf('companies', companies.id) })
    .from(companies)
    .leftJoin(createdBy, eq(createdBy.id, companies.createdById))
    .leftJoin(imports, eq(imports.id, companies.importId));
}

type CompanyJoinRow = Awaited<ReturnType<ReturnType<typeof selectCompanies>['execute']>>[number];
export type CompanyRow = Omit<CompanyJoinRow, 'industries'> & { industries: IndustryRef[] };

const withIndustries = (row: CompanyJoinRow): CompanyRow => ({ ...row, industries: row.industries.map(industryFromJson) });

export async function listCompanies(db: Db, accountId: number, filters: CompanyFilters, page: PageWindow) {
  const where = filterWhere(accountId, filters);
  const { items: rows, total } = await pageWithTotal(
    db,
    selectCompanies(db).$dynamic(),
    companies,
    where,
    [desc(companies.createdAt), desc(companies.id)],
    page,
  );
  return { items: rows.map(withIndustries), total };
}

/** One company with its embeds and industries; `lock`: its row locked for the rest of the transaction. */
export async function findCompany(db: Db, accountId: number, id: number, lock = false): Promise<CompanyRow | undefined> {
  const row = await oneRow(selectCompanies(db).where(ofAccount(companies, accountId, id)), companies, lock);
  return row && withIndustries(row);
}

/** Which of `ids` are industries of the account, in one statement. */
export async function existingIndustryIds(db: Db, accountId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: industries.id })
    .from(industries)
    .where(idsOfAccount(industries, accountId, ids));
  return new Set(rows.map((r) => r.id));
}

/** Replaces the company's industry set. */
export async function replaceCompanyIndustries(db: Db, companyId: number, industryIds: number[]) {
  await db.delete(companyIndustries).where(eq(companyIndustries.companyId, companyId));
  if (industryIds.length > 0) {
    await db.insert(companyIndustries).values(industryIds.map((industryId) => ({ companyId, industryId })));
  }
}
