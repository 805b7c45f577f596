import type { WorkforceEmployeeRow } from '@/db/queries/workforce-employees';
import type { ManagerSummary, WorkforceEmployeeResponse } from '@/lib/shared/validation/workforce-employees';
import { address, base, namedRef, type BaseRow } from './common';
import { workforceRole, type RoleRow } from './lookups';

/** The one Workforce employee shape (`WorkforceEmployee` in the OpenAPI document), for every endpoint that returns employees. */
export function serializeWorkforceEmployee(row: WorkforceEmployeeRow): WorkforceEmployeeResponse {
  const { employee, manager } = row;
  return {
    ...base(employee),
    birthday: employee.birthday,
    last_name: employee.lastName,
    legal_first_name: employee.legalFirstName,
    preferred_first_name: employee.preferredFirstName,
    notes: employee.notes,
    phone: employee.phone,
    email: employee.email,
    start_date: employee.startDate,
    industry_start_date: employee.industryStartDate,
    address: address(employee),
    role: workforceRole(row.role),
    manager: managerSummary(manager, row.managerRole),
    division: namedRef(row.division),
    import: namedRef(row.import),
    excluded_from_headcount: employee.excludedFromHeadcount,
  };
}

/** The Manager summary of an employee (the shape the spec embeds for a manager, and for the employee of an assignment). */
export function managerSummary(
  employee: (BaseRow & { legalFirstName: string; preferredFirstName: string | null; lastName: string; email: string | null }) | null,
  role: RoleRow | null,
): ManagerSummary | null {
  return (
    employee && {
      ...base(employee),
      legal_first_name: employee.legalFirstName,
      preferred_first_name: employee.preferredFirstName,
      last_name: employee.lastName,
      email: employee.email,
      role: workforceRole(role),
    }
  );
}
