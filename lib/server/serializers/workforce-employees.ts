import type { WorkforceEmployeeRow } from '@/db/queries/workforce-employees';
import type { WorkforceEmployeeResponse } from '@/lib/shared/validation/workforce-employees';
import { address, base } from './common';
import { workforceRole } from './lookups';

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
    manager: manager && {
      ...base(manager),
      legal_first_name: manager.legalFirstName,
      preferred_first_name: manager.preferredFirstName,
      last_name: manager.lastName,
      email: manager.email,
      role: workforceRole(row.managerRole),
    },
  };
}
