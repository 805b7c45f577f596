import { z } from 'zod';
import {
  addressInput,
  addressResponse,
  date,
  importIdQuery,
  LIMITS,
  longText,
  managerSummary,
  name,
  namedReference,
  paginationQuery,
  queryId,
  querySearch,
  recordResponse,
  relationId,
  responseDate,
  shortText,
  workforceRoleResponse,
  writeBodies,
} from './common';

const fields = {
  legal_first_name: name,
  preferred_first_name: shortText.nullable(),
  last_name: name,
  email: z.email('must be an email address').max(LIMITS.shortText).nullable(),
  phone: shortText.nullable(),
  notes: longText.nullable(),
  birthday: date.nullable(),
  start_date: date.nullable(),
  industry_start_date: date.nullable(),
  address: addressInput.nullable(),
  role_id: relationId.nullable().meta({ description: 'Id of a workforce role.' }),
  manager_id: relationId.nullable().meta({ description: 'Id of another employee; may not be the employee or one of their reports.' }),
  division_id: relationId.nullable().meta({ description: 'Id of a division.' }),
  excluded_from_headcount: z
    .boolean()
    .meta({ description: 'Left out of the headcount workforce demand compares with (a subcontractor, an executive); default false.' }),
};

/**
 * The POST body under `workforce_employee` (`legal_first_name` and `last_name` are required) and the
 * PATCH body (any subset; null clears a nullable field).
 */
export const { create: workforceEmployeeCreate, update: workforceEmployeeUpdate } = writeBodies('WorkforceEmployee', fields, {
  legal_first_name: true,
  last_name: true,
});
export type WorkforceEmployeeCreate = z.output<typeof workforceEmployeeCreate>;
export type WorkforceEmployeeUpdate = z.output<typeof workforceEmployeeUpdate>;

export const workforceEmployeeListQuery = paginationQuery.extend({
  manager_id: queryId.optional().meta({ description: 'Direct reports of this employee.' }),
  import_id: importIdQuery(),
  role_id: queryId.optional(),
  division_id: queryId.optional(),
  q: querySearch.optional().meta({ description: 'Case-insensitive search in the names and the email.' }),
  certification: querySearch.optional().meta({ description: 'Employees holding a certification of this name (case-insensitive).' }),
  certification_expiring_before: date
    .optional()
    .meta({ description: 'Employees with a certification (of that name, with `certification`) that lapses before this day.' }),
});

export const workforceEmployeeResponse = recordResponse('WorkforceEmployee', {
  birthday: responseDate.nullable(),
  last_name: z.string(),
  legal_first_name: z.string(),
  preferred_first_name: z.string().nullable(),
  notes: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  start_date: responseDate.nullable(),
  industry_start_date: responseDate.nullable(),
  address: addressResponse,
  role: workforceRoleResponse.nullable(),
  manager: managerSummary.nullable(),
  division: namedReference.nullable(),
  import: namedReference.nullable().meta({ description: 'The import that created the employee, if one did.' }),
  excluded_from_headcount: z.boolean(),
});
export type WorkforceEmployeeResponse = z.output<typeof workforceEmployeeResponse>;
export type ManagerSummary = z.output<typeof managerSummary>;
