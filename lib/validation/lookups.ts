import { z } from 'zod';
import { STAGE_CATEGORIES } from '@/db/schema/enums';
import {
  name,
  namedReference,
  nonNegativeInt,
  paginationQuery,
  projectStageResponse,
  shortText,
  workforceRoleResponse,
} from './common';

/** POST body of every named lookup (contract types, divisions, …). */
export const namedLookupCreate = z.object({ name }).meta({ id: 'NamedLookupCreate' });
export type NamedLookupCreate = z.output<typeof namedLookupCreate>;

export const projectStageCreate = z
  .object({
    name,
    category: z.enum(STAGE_CATEGORIES),
    position: nonNegativeInt.optional().meta({ description: 'Board order; defaults to after the last stage.' }),
  })
  .meta({ id: 'ProjectStageCreate' });
export type ProjectStageCreate = z.output<typeof projectStageCreate>;

export const workforceRoleCreate = z
  .object({ name, abbreviation: shortText.trim().nullable().optional() })
  .meta({ id: 'WorkforceRoleCreate' });
export type WorkforceRoleCreate = z.output<typeof workforceRoleCreate>;

/** Lookup lists page like every list; named ones sort by name, stages by position. */
export const lookupListQuery = paginationQuery;
export type LookupListQuery = z.output<typeof lookupListQuery>;

export type NamedLookupResponse = z.output<typeof namedReference>;
export type ProjectStageResponse = z.output<typeof projectStageResponse>;
export type WorkforceRoleResponse = z.output<typeof workforceRoleResponse>;

const named = (path: string, singular: string) =>
  ({ kind: 'named', path, singular, plural: path, response: namedReference, create: namedLookupCreate }) as const;

/**
 * Every lookup the API serves: its URL path, wrapper keys, and request and response schemas. The
 * route factory, the service and the OpenAPI document all read this one table.
 */
export const LOOKUPS = {
  contract_types: named('contract_types', 'contract_type'),
  delivery_methods: named('delivery_methods', 'delivery_method'),
  divisions: named('divisions', 'division'),
  lead_sources: named('lead_sources', 'lead_source'),
  market_sectors: named('market_sectors', 'market_sector'),
  tender_types: named('tender_types', 'tender_type'),
  loss_reasons: named('loss_reasons', 'loss_reason'),
  call_outcomes: named('call_outcomes', 'call_outcome'),
  industries: named('industries', 'industry'),
  // Imports are created by the spreadsheet importer, never through the API.
  imports: { ...named('imports', 'import'), create: null },
  project_stages: {
    kind: 'project_stage',
    path: 'project_stages',
    singular: 'project_stage',
    plural: 'project_stages',
    response: projectStageResponse,
    create: projectStageCreate,
  },
  workforce_roles: {
    kind: 'workforce_role',
    path: 'workforce/roles',
    singular: 'workforce_role',
    plural: 'workforce_roles',
    response: workforceRoleResponse,
    create: workforceRoleCreate,
  },
} as const;

export type LookupKey = keyof typeof LOOKUPS;
export type WritableLookupKey = { [K in LookupKey]: (typeof LOOKUPS)[K]['create'] extends null ? never : K }[LookupKey];
export type LookupCreateInput<K extends WritableLookupKey> = z.output<NonNullable<(typeof LOOKUPS)[K]['create']>>;
export type LookupResponse = NamedLookupResponse | ProjectStageResponse | WorkforceRoleResponse;
