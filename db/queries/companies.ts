import { and, asc, count, desc, eq, gte, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { companies, companyIndustries, imports, industries, users } from '@/db/schema';
import type { CompanyCategory } from '@/db/schema/enums';
import { namedRefColumns, personRefColumns } from './refs';
import { likePattern } from './sql';

const createdBy = alias(users, 'created_by');

const companySelection = {
  company: companies,
  createdBy: personRefColumns(createdBy),
  import: namedRefColumns(imports),
};

/** Companies with their to-one relations, by joins; industries come from one batch per page. */
function selectCompanies(db: Db) {
  return db
    .select(companySelection)
    .from(companies)
    .leftJoin(createdBy, eq(createdBy.id, companies.createdById))
    .leftJoin(imports, eq(imports.id, companies.importId));
}

type CompanyJoinRow = Awaited<ReturnType<ReturnType<typeof selectCompanies>['execute']>>[number];
export type IndustryRef = { id: number; createdAt: Date; updatedAt: Date; name: string };
export type CompanyRow = CompanyJoinRow & { industries: IndustryRef[] };
export type CompanyRecord = typeof companies.$inferSelect;

export interface CompanyFilters {
  category?: CompanyCategory;
  q?: string;
  updatedSince?: Date;
}

function filterWhere(accountId: number, f: CompanyFilters): SQL | undefined {
  return and(
    eq(companies.accountId, accountId),
    f.category !== undefined ? eq(companies.category, f.category) : undefined,
    f.q !== undefined ? ilike(companies.name, likePattern(f.q)) : undefined,
    f.updatedSince !== undefined ? gte(companies.updatedAt, f.updatedSince) : undefined,
  );
}

type IndustryJson = { id: number; createdAt: string; updatedAt: string; name: string };

/** A list page's industries in the page's own statement (json_agg per company, by name). */
const industriesColumn = sql<IndustryJson[]>`coalesce((
  select json_agg(json_build_object('id', i.id, 'createdAt', i.created_at, 'updatedAt', i.updated_at, 'name', i.name) order by i.name, i.id)
  from ${companyIndustries} ci join ${industries} i on i.id = ci.industry_id
  where ci.company_id = ${companies.id} and i.account_id = ${companies.accountId}), '[]'::json)`;

function industryFromJson(i: IndustryJson): IndustryRef {
  return { id: Number(i.id), name: i.name, createdAt: new Date(i.createdAt), updatedAt: new Date(i.updatedAt) };
}

/** The industries of many companies in one statement, each company's list ordered by name. */
async function industriesOf(db: Db, accountId: number, companyIds: number[]): Promise<Map<number, IndustryRef[]>> {
  const byCompany = new Map<number, IndustryRef[]>();
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select({ companyId: companyIndustries.companyId, industry: namedRefColumns(industries) })
    .from(companyIndustries)
    .innerJoin(industries, eq(industries.id, companyIndustries.industryId))
    .where(and(inArray(companyIndustries.companyId, companyIds), eq(industries.accountId, accountId)))
    .orderBy(asc(industries.name), asc(industries.id));
  for (const row of rows) {
    const list = byCompany.get(row.companyId) ?? [];
    list.push(row.industry);
    byCompany.set(row.companyId, list);
  }
  return byCompany;
}

async function withIndustries(db: Db, accountId: number, rows: CompanyJoinRow[]): Promise<CompanyRow[]> {
  const byCompany = await industriesOf(db, accountId, rows.map((r) => r.company.id));
  return rows.map((r) => ({ ...r, industries: byCompany.get(r.company.id) ?? [] }));
}

export async function listCompanies(
  db: Db,
  accountId: number,
  filters: CompanyFilters,
  page: { limit: number; offset: number },
) {
  const where = filterWhere(accountId, filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...companySelection, industries: industriesColumn })
      .from(companies)
      .leftJoin(createdBy, eq(createdBy.id, companies.createdById))
      .leftJoin(imports, eq(imports.id, companies.importId))
      .where(where)
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  const items: CompanyRow[] = rows.map((r) => ({ ...r, industries: r.industries.map(industryFromJson) }));
  return { items, total: total?.n ?? 0 };
}

export async function findCompany(db: Db, accountId: number, id: number): Promise<CompanyRow | undefined> {
  const rows = await selectCompanies(db).where(and(eq(companies.accountId, accountId), eq(companies.id, id)));
  const [row] = await withIndustries(db, accountId, rows);
  return row;
}

/** The bare row, locked for the rest of the transaction. */
export async function lockCompany(db: Db, accountId: number, id: number): Promise<CompanyRecord | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.accountId, accountId), eq(companies.id, id)))
    .for('update');
  return row;
}

export async function insertCompany(db: Db, values: typeof companies.$inferInsert): Promise<number> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  return row!.id;
}

export async function updateCompanyColumns(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<typeof companies.$inferInsert>,
) {
  await db
    .update(companies)
    .set(values)
    .where(and(eq(companies.accountId, accountId), eq(companies.id, id)));
}

export async function deleteCompanyRow(db: Db, accountId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(companies)
    .where(and(eq(companies.accountId, accountId), eq(companies.id, id)))
    .returning({ id: companies.id });
  return deleted.length > 0;
}

/** Which of `ids` are industries of the account, in one statement. */
export async function existingIndustryIds(db: Db, accountId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: industries.id })
    .from(industries)
    .where(and(eq(industries.accountId, accountId), inArray(industries.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function companyIndustryIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: companyIndustries.industryId })
    .from(companyIndustries)
    .where(eq(companyIndustries.companyId, companyId));
  return rows.map((r) => r.id);
}

/** Replaces the company's industry set. */
export async function replaceCompanyIndustries(db: Db, companyId: number, industryIds: number[]) {
  await db.delete(companyIndustries).where(eq(companyIndustries.companyId, companyId));
  if (industryIds.length > 0) {
    await db.insert(companyIndustries).values(industryIds.map((industryId) => ({ companyId, industryId })));
  }
}
