import { boolean, date, index, pgTable, text, type AnyPgColumn, type PgColumn, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountId } from './accounts';
import { addressColumns, columnIndexes, id, ref, timestamps } from './columns';
import { divisions, imports, workforceRoles } from './lookups';

export const workforceEmployees = pgTable(
  'workforce_employees',
  {
    id: id(),
    accountId: accountId(),
    legalFirstName: text('legal_first_name').notNull(),
    preferredFirstName: text('preferred_first_name'),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes'),
    birthday: date('birthday', { mode: 'string' }),
    startDate: date('start_date', { mode: 'string' }),
    industryStartDate: date('industry_start_date', { mode: 'string' }),
    ...addressColumns(),
    roleId: ref('role_id', () => workforceRoles.id),
    managerId: ref('manager_id', (): AnyPgColumn => workforceEmployees.id),
    divisionId: ref('division_id', () => divisions.id),
    importId: ref('import_id', () => imports.id),
    /** Not counted in the headcount a role's demand is compared with (a contractor, an executive). */
    excludedFromHeadcount: boolean('excluded_from_headcount').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('workforce_employees_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('workforce_employees_account_updated_idx').on(t.accountId, t.updatedAt),
    ...columnIndexes('workforce_employees', t.roleId, t.managerId, t.divisionId, t.importId),
    uniqueIndex('workforce_employees_account_email_key').on(t.accountId, sql`lower(${t.email})`),
    index('workforce_employees_search_trgm_idx').using('gin', sql`(${employeeSearchText(t)}) gin_trgm_ops`),
  ],
);

/** The text `q` searches: every name and the email. The index above is built on this expression. */
export function employeeSearchText(t: { legalFirstName: PgColumn; preferredFirstName: PgColumn; lastName: PgColumn; email: PgColumn }) {
  return sql`(${t.legalFirstName} || ' ' || coalesce(${t.preferredFirstName}, '') || ' ' || ${t.lastName} || ' ' || coalesce(${t.email}, ''))`;
}
