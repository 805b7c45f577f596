import type { WorkforceAssignmentRow, WorkforceCertificationRow, WorkforceTimeOffRow } from '@/db/queries/workforce-planning';
import type { WorkforceAssignmentResponse, WorkforceCertificationResponse, WorkforceTimeOffResponse } from '@/lib/shared/validation/workforce-planning';
import { base, namedRef } from './common';
import { workforceRole } from './lookups';
import { managerSummary } from './workforce-employees';

/** The one Workforce assignment shape (`WorkforceAssignment` in the OpenAPI document). */
export function serializeWorkforceAssignment(row: WorkforceAssignmentRow): WorkforceAssignmentResponse {
  const { assignment } = row;
  return {
    ...base(assignment),
    project: namedRef(row.project)!,
    employee: managerSummary(row.employee, row.employeeRole),
    role: workforceRole(row.role)!,
    allocation_percent: assignment.allocationPercent,
    start_date: assignment.startDate,
    end_date: assignment.endDate,
    dates_follow_project: assignment.datesFollowProject,
  };
}

/** The one Workforce time off shape (`WorkforceTimeOff`). */
export function serializeWorkforceTimeOff(row: WorkforceTimeOffRow): WorkforceTimeOffResponse {
  const { timeOff } = row;
  return {
    ...base(timeOff),
    employee: managerSummary(row.employee, row.employeeRole)!,
    start_date: timeOff.startDate,
    end_date: timeOff.endDate,
    reason: timeOff.reason,
  };
}

/** The one Workforce certification shape (`WorkforceCertification`). */
export function serializeWorkforceCertification(row: WorkforceCertificationRow): WorkforceCertificationResponse {
  const { certification } = row;
  return {
    ...base(certification),
    employee: managerSummary(row.employee, row.employeeRole)!,
    name: certification.name,
    issued_on: certification.issuedOn,
    expires_on: certification.expiresOn,
  };
}
