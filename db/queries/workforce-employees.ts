import { and, desc, eq, exists, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db';
import { divisions, employeeSearchText, imports, workforceCertifications, workforceEmployees, workforceRoles } from '@/db/schema';
import { workforceRoleColumns } from './lookups';
import { baseColumns, namedRefColumns } from './refs';
import { likePattern, type PageWindow, pageWithTotal, rows } from './sql';
import { readsById, updatedSince } from './tenant';

const role = alias(workforceRoles, 'role');
const manager = alias(workforceEmployees, 'manager');
const managerRole = alias(workforceRoles, 'manager_role');
const division = alias(divisions, 'division');
const employeeImport = alias(imports, 'employee_import');

const employeeSelection = {
  employee: workforceEmployees,
  role: workforceRoleColumns(role),
  manager: {
    ...baseColumns(manager),
    legalFirstName: manager.legalFirstName,
    preferredFirstName: manager.preferredFirstName,
    lastName: manager.lastName,
    email: manager.email,
  },
  managerRole: workforceRoleColumns(managerRole),
  division: namedRefColumns(division),
  import: namedRefColumns(employeeImport),
};

/** Employees with their role, manager and the manager's role, by joins: one statement per page. */
function selectEmployees(db: Db) {
  return db
    .select(employeeSelection)
    .from(workforceEmployees)
    .leftJoin(role, eq(role.id, workforceEmployees.roleId))
    .leftJoin(manager, eq(manager.id, workforceEmployees.managerId))
    .leftJoin(managerRole, eq(managerRole.id, manager.roleId))
    .leftJoin(division, eq(division.id, workforceEmployees.divisionId))
    .leftJoin(employeeImport, eq(employeeImport.id, workforceEmployees.importId));
}

export type WorkforceEmployeeRow = Awaited<ReturnType<ReturnType<typeof selectEmployees>['execute']>>[number];

/** The list query's filters (lib/shared/validation/workforce-employees.ts), by their API names. */
export interface WorkforceEmployeeFilters {
  manager_id?: number;
  import_id?: number;
  role_id?: number;
  division_id?: number;
  q?: string;
  certification?: string;
  certification_expiring_before?: string;
  updated_since?: Date;
}

/** A certification of the employee, of the name asked (case-insensitive), lapsing before the day asked. */
function certificationFilter(f: WorkforceEmployeeFilters): SQL | undefined {
  if (f.certification === undefined && f.certification_expiring_before === undefined) return undefined;
  const c = workforceCertifications;
  return exists(
    sql`(select 1 from ${c} where ${and(
      eq(c.employeeId, workforceEmployees.id),
      eq(c.accountId, workforceEmployees.accountId),
      f.certification !== undefined ? eq(sql`lower(${c.name})`, f.certification.toLowerCase()) : undefined,
      f.certification_expiring_before !== undefined ? lt(c.expiresOn, f.certification_expiring_before) : undefined,
    )})`,
  );
}

function filterWhere(accountId: number, f: WorkforceEmployeeFilters): SQL | undefined {
  return and(
    eq(workforceEmployees.accountId, accountId),
    f.manager_id !== undefined ? eq(workforceEmployees.managerId, f.manager_id) : undefined,
    f.import_id !== undefined ? eq(workforceEmployees.importId, f.import_id) : undefined,
    f.role_id !== undefined ? eq(workforceEmployees.roleId, f.role_id) : undefined,
    f.division_id !== undefined ? eq(workforceEmployees.divisionId, f.division_id) : undefined,
    certificationFilter(f),
    // The same expression as the trigram index, so the planner can use it.
    f.q !== undefined ? ilike(employeeSearchText(workforceEmployees), likePattern(f.q)) : undefined,
    updatedSince(workforceEmployees.updatedAt, f.updated_since),
  );
}

export async function listWorkforceEmployees(db: Db, accountId: number, filters: WorkforceEmployeeFilters, page: PageWindow) {
  const where = filterWhere(accountId, filters);
  return pageWithTotal(db, selectEmployees(db).$dynamic(), workforceEmployees, where, [desc(workforceEmployees.createdAt), desc(workforceEmployees.id)], page);
}

/** One employee with their embeds; `lock`: their row locked for the rest of the transaction. */
export const { find: findWorkforceEmployee } = readsById(selectEmployees, workforceEmployees);

/**
 * Serialises changes to one account's manager tree until the transaction ends. Without it, two
 * concurrent updates (A reports to B, B reports to A) could each pass the cycle check.
 */
export async function lockManagerTree(db: Db, accountId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`workforce_manager_tree:${accountId}`}, 0))`);
}

/**
 * Whether `employeeId` is `managerId` or one of its managers, up the chain: then making
 * `managerId` the employee's manager would close a loop. One recursive statement; UNION (not
 * UNION ALL) stops the walk even on a tree that is somehow already cyclic.
 */
export async function isInManagerChain(db: Db, accountId: number, managerId: number, employeeId: number) {
  const t = workforceEmployees;
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`with recursive chain(id, manager_id) as (
          select ${t.id}, ${t.managerId} from ${t} where ${t.id} = ${managerId} and ${t.accountId} = ${accountId}
          union
          select e.id, e.manager_id from ${t} e join chain c on e.id = c.manager_id where e.account_id = ${accountId}
        )
        select exists(select 1 from chain where id = ${employeeId}) as found`,
  );
  return row?.found === true;
}
