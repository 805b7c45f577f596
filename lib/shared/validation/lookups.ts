import { z } from 'zod';
import { COMPANY_CATEGORIES, MEMBERSHIP_ROLE_KEYS, STAGE_CATEGORIES } from '@/db/schema/enums';
import {
  name,
  namedReference,
  nonNegativeInt,
  paginationQuery,
  projectStageResponse,
  recordBase,
  recordResponse,
  shortText,
  workforceRoleResponse,
} from './common';

/** POST body of every named lookup (contract types, divisions, …). */
export const namedLookupCreate = z.object({ name }).meta({ id: 'NamedLookupCreate' });
export type NamedLookupCreate = z.output<typeof namedLookupCreate>;

const defaultProbability = z
  .number()
  .min(0)
  .max(1)
  .nullable()
  .meta({ description: 'The chance (0 to 1) the forecast gives a project in this stage without a probability of its own; null: none (0).' });

export const projectStageCreate = z
  .object({
    name,
    category: z.enum(STAGE_CATEGORIES),
    position: nonNegativeInt.optional().meta({ description: 'Board order; defaults to after the last stage.' }),
    default_probability: defaultProbability.optional(),
  })
  .meta({ id: 'ProjectStageCreate' });
export type ProjectStageCreate = z.output<typeof projectStageCreate>;

/** PATCH body under `project_stage`: its name, board order and default probability (its category stays). */
export const projectStageUpdate = z
  .object({ name, position: nonNegativeInt, default_probability: defaultProbability })
  .partial()
  .meta({ id: 'ProjectStageUpdate' });
export type ProjectStageUpdate = z.output<typeof projectStageUpdate>;

export const workforceRoleCreate = z.object({ name, abbreviation: shortText.trim().nullable().optional() }).meta({ id: 'WorkforceRoleCreate' });
export type WorkforceRoleCreate = z.output<typeof workforceRoleCreate>;

/** Lookup lists page like every list; named ones sort by name, stages by position. */
export const lookupListQuery = paginationQuery;
export type LookupListQuery = z.output<typeof lookupListQuery>;

/**
 * A role a team member can hold. The set is the API's (the same in every account): `id` and the
 * timestamps never change. A membership's `roles[].id` is that member's holding of the role, not
 * this id; `role` is the key both share and the one memberships take.
 */
export const projectTeamRoleResponse = recordResponse('ProjectTeamRole', {
  role: z.enum(MEMBERSHIP_ROLE_KEYS),
  name: z.string().meta({ example: 'Project Manager' }),
});

/** A company category: a Named reference plus `category`, the value a company's `category` takes. */
export const companyCategoryResponse = z
  .object({ ...recordBase, name: z.string().meta({ example: 'Client' }), category: z.enum(COMPANY_CATEGORIES) })
  .meta({ id: 'CompanyCategory' });

export type NamedLookupResponse = z.output<typeof namedReference>;
export type ProjectStageResponse = z.output<typeof projectStageResponse>;
export type WorkforceRoleResponse = z.output<typeof workforceRoleResponse>;
export type ProjectTeamRoleResponse = z.output<typeof projectTeamRoleResponse>;
export type CompanyCategoryResponse = z.output<typeof companyCategoryResponse>;

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
  // Fixed sets (db/schema/enums.ts), read-only: listed as Buildr's sidebar lists them.
  project_team_roles: {
    kind: 'fixed',
    path: 'project_team_roles',
    singular: 'project_team_role',
    plural: 'project_team_roles',
    response: projectTeamRoleResponse,
    create: null,
  },
  company_categories: {
    kind: 'fixed',
    path: 'company_categories',
    singular: 'company_category',
    plural: 'company_categories',
    response: companyCategoryResponse,
    create: null,
  },
} as const;

export type LookupKey = keyof typeof LOOKUPS;
export type WritableLookupKey = { [K in LookupKey]: (typeof LOOKUPS)[K]['create'] extends null ? never : K }[LookupKey];
export type LookupCreateInput<K extends WritableLookupKey> = z.output<NonNullable<(typeof LOOKUPS)[K]['create']>>;
export type LookupResponse = NamedLookupResponse | ProjectStageResponse | WorkforceRoleResponse | ProjectTeamRoleResponse | CompanyCategoryResponse;
