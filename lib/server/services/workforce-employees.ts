import type { Db } from '@/db';
import {
  findWorkforceEmployee,
  isInManagerChain,
  listWorkforceEmployees as queryEmployees,
  lockManagerTree,
  type WorkforceEmployeeRow,
} from '@/db/queries/workforce-employees';
import { deleteReferencing } from '@/db/queries/references';
import { divisions, workforceAssignments, workforceCertifications, workforceEmployees, workforceRoles, workforceTimeOff } from '@/db/schema';
import { addressColumnsFrom } from '@/lib/server/serializers/common';
import { serializeWorkforceEmployee } from '@/lib/server/serializers/workforce-employees';
import type { WorkforceEmployeeCreate, WorkforceEmployeeResponse, WorkforceEmployeeUpdate } from '@/lib/shared/validation/workforce-employees';
import { deleteEvents, toColumns } from './common';
import { createRecord, deleteRecord, recordReads, updateRecord, type RecordKind } from './records';
import { invalidField } from '@/lib/server/services/errors';
import type { CallerContext } from '@/lib/server/services/context';

export const workforceEmployeeKind: RecordKind<WorkforceEmployeeRow, WorkforceEmployeeResponse> = {
  resource: 'workforce_employee',
  table: workforceEmployees,
  references: { role_id: workforceRoles, manager_id: workforceEmployees, division_id: divisions },
  read: findWorkforceEmployee,
  columns: (row) => row.employee,
  serialize: serializeWorkforceEmployee,
};

export const { list: listWorkforceEmployees, get: getWorkforceEmployee } = recordReads(workforceEmployeeKind, queryEmployees);

export function employeeColumnsFrom(input: WorkforceEmployeeUpdate) {
  return {
    ...toColumns(input, ['address']),
    ...(input.address !== undefined ? addressColumnsFrom(input.address) : {}),
  };
}

/** The manager tree stays a tree: nobody manages themselves, directly or through their reports. */
async function assertManagerKeepsTree(db: Db, ctx: CallerContext, employeeId: number, managerId: number) {
  if (managerId === employeeId) throw invalidField('manager_id', "can't be the employee themselves");
  if (await isInManagerChain(db, ctx.accountId, managerId, employeeId)) {
    throw invalidField('manager_id', 'would create a cycle: that employee reports to this one, directly or indirectly');
  }
}

/** A new employee has no reports yet, so any existing manager keeps the tree acyclic. */
export function createWorkforceEmployee(db: Db, ctx: CallerContext, input: WorkforceEmployeeCreate): Promise<WorkforceEmployeeResponse> {
  return createRecord(db, ctx, workforceEmployeeKind, input, () => employeeColumnsFrom(input));
}

export function updateWorkforceEmployee(db: Db, ctx: CallerContext, id: number, input: WorkforceEmployeeUpdate): Promise<WorkforceEmployeeResponse> {
  return updateRecord(db, ctx, workforceEmployeeKind, id, input, {
    // Tree lock before row lock, always in this order: taken after it, two crossing changes
    // (A under B, B under A) would each hold one row and wait for the other.
    before: async (tx) => {
      if (input.manager_id != null) await lockManagerTree(tx, ctx.accountId);
    },
    columns: () => employeeColumnsFrom(input),
    changed: async (changes, _current, tx) => {
      if (changes.managerId != null) await assertManagerKeepsTree(tx, ctx, id, changes.managerId as number);
    },
  });
}

/**
 * The employee's reports keep existing without a manager, and their assignments as unfilled roles,
 * each with its `update`; their time off and certifications are deleted with them, each with its
 * `delete`.
 */
export function deleteWorkforceEmployee(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, workforceEmployeeKind, id, {
    references: [
      { resource: 'workforce_employee', table: workforceEmployees, column: workforceEmployees.managerId },
      { resource: 'workforce_assignment', table: workforceAssignments, column: workforceAssignments.employeeId },
    ],
    dependents: async (tx) => [
      ...deleteEvents('workforce_time_off', await deleteReferencing(tx, workforceTimeOff, workforceTimeOff.employeeId, ctx.accountId, id)),
      ...deleteEvents('workforce_certification', await deleteReferencing(tx, workforceCertifications, workforceCertifications.employeeId, ctx.accountId, id)),
    ],
  });
}
