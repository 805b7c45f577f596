import { z } from 'zod';
import { CONSTRUCTION_DURATION_UNITS, WORK_SCOPES } from '@/db/schema/enums';
import {
  addressInput,
  addressResponse,
  bothWays,
  cents,
  companyReference,
  customFields,
  date,
  importIdQuery,
  longText,
  name,
  namedReference,
  nameSearch,
  nonNegativeInt,
  nullableIds,
  paginationQuery,
  queryBoolean,
  queryId,
  recordResponse,
  shortText,
  responseDate,
  responseTimestamp,
  sortQuery,
  timestamp,
  userReference,
  writeBodies,
} from './common';

export const LEAD_SORTS = ['-created_at', 'created_at', ...bothWays('name', 'value_in_cents', 'estimated_start_date'), '-updated_at', 'updated_at'] as const;

const fields = {
  name,
  description: longText.nullable(),
  external_id: shortText.nullable().meta({ description: "The lead's id in the system it came from: an import updates the lead with the same one." }),
  priority: z.boolean(),
  value_in_cents: cents.nullable(),
  estimated_start_date: date.nullable(),
  construction_duration: nonNegativeInt.nullable(),
  construction_duration_unit: z.enum(CONSTRUCTION_DURATION_UNITS).nullable(),
  square_feet: nonNegativeInt.nullable(),
  units: nonNegativeInt.nullable(),
  work_scope: z.enum(WORK_SCOPES).nullable(),
  archived_at: timestamp.nullable(),
  snooze_until: timestamp.nullable(),
  address: addressInput.nullable(),
  // People and records, then lookups.
  ...nullableIds('archived_by', 'assigned_to', 'company', 'contact'),
  ...nullableIds('contract_type', 'delivery_method', 'division', 'lead_source', 'market_sector', 'tender_type'),
  custom_fields: customFields,
};

/** The POST body under `lead` (`name` is required) and the PATCH body (any subset; null clears a nullable field). */
export const { create: leadCreate, update: leadUpdate } = writeBodies('Lead', fields, { name: true });
export type LeadCreate = z.output<typeof leadCreate>;
export type LeadUpdate = z.output<typeof leadUpdate>;

export const leadListQuery = paginationQuery.extend({
  assigned_to_id: queryId.optional(),
  unassigned: queryBoolean.optional().meta({ description: 'true: leads assigned to nobody; false: leads assigned to someone.' }),
  company_id: queryId.optional(),
  import_id: importIdQuery(),
  mentioned_user_id: queryId.optional().meta({ description: 'Leads whose comments mention this user (the inbox’s “Mentioned” view).' }),
  archived: queryBoolean.default(false).meta({ description: 'true lists only archived leads; default false.' }),
  snoozed: queryBoolean.optional().meta({ description: 'true: snooze_until is in the future; false: it is not.' }),
  priority: queryBoolean.optional(),
  q: nameSearch,
  sort: sortQuery(LEAD_SORTS, 'Order: a field, descending with a leading "-"; ties by id. Default -created_at (newest first).'),
});
export type LeadListQuery = z.output<typeof leadListQuery>;

export const leadResponse = recordResponse('Lead', {
  name: z.string(),
  description: z.string().nullable(),
  external_id: z.string().nullable(),
  priority: z.boolean(),
  value_in_cents: z.number().int().nullable(),
  estimated_start_date: responseDate.nullable(),
  construction_duration: z.number().int().nullable(),
  construction_duration_unit: z.enum(CONSTRUCTION_DURATION_UNITS).nullable(),
  square_feet: z.number().int().nullable(),
  units: z.number().int().nullable(),
  archived_at: responseTimestamp.nullable(),
  snooze_until: responseTimestamp.nullable(),
  work_scope: z.enum(WORK_SCOPES).nullable(),
  address: addressResponse,
  assigned_to: userReference.nullable(),
  archived_by: userReference.nullable(),
  created_by: userReference.nullable(),
  company: companyReference.nullable(),
  contact: userReference.nullable(),
  contract_type: namedReference.nullable(),
  delivery_method: namedReference.nullable(),
  division: namedReference.nullable(),
  import: namedReference.nullable().meta({ description: 'The import that created the lead, if one did.' }),
  lead_source: namedReference.nullable(),
  market_sector: namedReference.nullable(),
  tender_type: namedReference.nullable(),
  custom_fields: z.record(z.string(), z.unknown()).meta({ description: 'The account’s own fields (docs/custom-fields.md), by key.' }),
});
export type LeadResponse = z.output<typeof leadResponse>;
