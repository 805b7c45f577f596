import type { Db } from '@/db';
import {
  deleteWorkforceEmployeeRow,
  findWorkforceEmployee,
  insertWorkforceEmployee,
  isInManagerChain,
  listWorkforceEmployees as queryEmployees,
  lockManagerTree,
  lockWorkforceEmployee,
  updateWorkforceEmployeeColumns,
} from '@/db/queries/workforce-employees';
import { workforceEmployees, workforceRoles } from '@/db/schema';
import { invalidField, notFound } from '@/lib/api/errors';
import { assertIfMatch } from '@/lib/api/preconditions';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { addressColumnsFrom } from '@/lib/serializers/common';
import { serializeWorkforceEmployee } from '@/lib/serializers/workforce-employees';
import type {
  WorkforceEmployeeCreate,
  WorkforceEmployeeListQuery,
  WorkforceEmployeeResponse,
  WorkforceEmployeeUpdate,
} from '@/lib/validation/workforce-employees';
import { assertReferences, changedColumns, deleteRecord, recordEvent, toColumns } from './common';

const references = { role_id: workforceRoles, manager_id: workforceEmployees };
const path = (id: number) => `workforce/employees/${id}`;

export async function listWorkforceEmployees(
  db: Db,
  ctx: ApiContext,
  query: WorkforceEmployeeListQuery,
): Promise<Page<WorkforceEmployeeResponse>> {
  const result = await queryEmployees(
    db,
    ctx.accountId,
    { managerId: query.manager_id, roleId: query.role_id, q: query.q, updatedSince: query.updated_since },
    pageWindow(query),
  );
  return toPage(query, result, serializeWorkforceEmployee);
}

export async function getWorkforceEmployee(db: Db, ctx: ApiContext, id: number): Promise<WorkforceEmployeeResponse> {
  const row = await findWorkforceEmployee(db, ctx.accountId, id);
  if (!row) throw notFound('Workforce employee');
  return serializeWorkforceEmployee(row);
}

function columnsFrom(input: WorkforceEmployeeUpdate) {
  return {
    ...toColumns(input, ['address']),
    ...(input.address !== undefined ? addressColumnsFrom(input.address) : {}),
  };
}

/** The manager tree stays a tree: nobody manages themselves, directly or through their reports. */
async function assertManagerKeepsTree(db: Db, ctx: ApiContext, employeeId: number, managerId: number) {
  if (managerId === employeeId) throw invalidField('manager_id', 'can\'t be the employee themselves');
  if (await isInManagerChain(db, ctx.accountId, managerId, employeeId)) {
    throw invalidField('manager_id', 'would create a cycle: that employee reports to this one, directly or indirectly');
  }
}

export async function createWorkforceEmployee(
  db: Db,
  ctx: ApiContext,
  input: WorkforceEmployeeCreate,
): Promise<WorkforceEmployeeResponse> {
  return db.transaction(async (tx) => {
    // A new employee has no reports yet, so any existing manager keeps the tree acyclic.
    await assertReferences(tx, ctx, input, references);
    const id = await insertWorkforceEmployee(tx, {
      ...(columnsFrom(input) as { legalFirstName: string; lastName: string }),
      accountId: ctx.accountId,
    });
    await recordEvent(tx, ctx, { resource: 'workforce_employee', action: 'create', id, path: path(id) });
    return getWorkforceEmployee(tx, ctx, id);
  });
}

export async function updateWorkforceEmployee(
  db: Db,
  ctx: ApiContext,
  id: number,
  input: WorkforceEmployeeUpdate,
): Promise<WorkforceEmployeeResponse> {
  return db.transaction(async (tx) => {
    // Tree lock before row lock, always in this order: taken after it, two crossing changes
    // (A under B, B under A) would each hold one row and wait for the other.
    if (input.manager_id != null) await lockManagerTree(tx, ctx.accountId);
    const current = await lockWorkforceEmployee(tx, ctx.accountId, id);
    if (!current) throw notFound('Workforce employee');
    await assertIfMatch(ctx.ifMatch, 'workforce_employee', () => getWorkforceEmployee(tx, ctx, id));
    await assertReferences(tx, ctx, input, references);
    const changes = changedColumns(current, columnsFrom(input));
    if (changes.managerId != null) await assertManagerKeepsTree(tx, ctx, id, changes.managerId);
    if (Object.keys(changes).length > 0) {
      await updateWorkforceEmployeeColumns(tx, ctx.accountId, id, changes);
      await recordEvent(tx, ctx, { resource: 'workforce_employee', action: 'update', id, path: path(id), changed: changes });
    }
    return getWorkforceEmployee(tx, ctx, id);
  });
}

/** The employee's reports keep existing without a manager, each with a `workforce_employee.update`. */
export async function deleteWorkforceEmployee(db: Db, ctx: ApiContext, id: number): Promise<void> {
  await deleteRecord(db, ctx, {
    resource: 'workforce_employee',
    label: 'Workforce employee',
    id,
    lock: (tx) => lockWorkforceEmployee(tx, ctx.accountId, id),
    load: (tx) => getWorkforceEmployee(tx, ctx, id),
    references: [{ resource: 'workforce_employee', table: workforceEmployees, column: workforceEmployees.managerId }],
    remove: (tx) => deleteWorkforceEmployeeRow(tx, ctx.accountId, id),
  });
}
