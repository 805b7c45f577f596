import { z } from 'zod';
import { COMPANY_CATEGORIES, MEMBERSHIP_ROLE_KEYS, STAGE_CATEGORIES } from '@/db/schema/enums';
import {
  name,
  namedReference,
  nonNegativeInt,
  paginationQuery,
  projectStageResponse,
  queryBoolean,
  recordBase,
  recordResponse,
  relationId,
  responseTimestamp,
  shortText,
  workforceRoleResponse,
} from './common';

/** POST body of every named lookup (contract types, divisions, …). */
export const namedLookupCreate = z.object({ name }).meta({ id: 'NamedLookupCreate' });
export type NamedLookupCreate = z.output<typeof namedLookupCreate>;

/** A stage's colour on the board and in charts. */
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb')
  .transform((v) => v.toLowerCase())
  .nullable()
  .meta({ description: "The stage's colour on the board and in charts, `#rrggbb`; null: its category's.", example: '#2563eb' });

/** Set true to archive the value (kept on the records that hold it, offered for no new one), false to restore it. */
const archived = z
  .boolean()
  .meta({ description: 'true archives the value: the records that hold it keep it, no form offers it for a new one; false restores it.' });

/** PATCH body of a named lookup: a new name, or archived / restored. */
export const namedLookupUpdate = z.object({ name, archived }).partial().meta({ id: 'NamedLookupUpdate' });
export type NamedLookupUpdate = z.output<typeof namedLookupUpdate>;

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
    color: color.optional(),
  })
  .meta({ id: 'ProjectStageCreate' });
export type ProjectStageCreate = z.output<typeof projectStageCreate>;

/** PATCH body under `project_stage`: its name, board order, default probability and colour (its category stays). */
export const projectStageUpdate = z
  .object({ name, position: nonNegativeInt, default_probability: defaultProbability, color })
  .partial()
  .meta({ id: 'ProjectStageUpdate' });
export type ProjectStageUpdate = z.output<typeof projectStageUpdate>;

export const workforceRoleCreate = z.object({ name, abbreviation: shortText.trim().nullable().optional() }).meta({ id: 'WorkforceRoleCreate' });
export type WorkforceRoleCreate = z.output<typeof workforceRoleCreate>;

export const workforceRoleUpdate = z.object({ name, abbreviation: shortText.trim().nullable(), archived }).partial().meta({ id: 'WorkforceRoleUpdate' });
export type WorkforceRoleUpdate = z.output<typeof workforceRoleUpdate>;

/** POST …/{id}/merge under `merge`: the value the records move to; the merged one is deleted. */
export const lookupMerge = z
  .object({ into_id: relationId.meta({ description: 'The value of the same list that takes over the records (a stage: of the same category).' }) })
  .meta({ id: 'LookupMerge' });

/** PUT /project_stages/order under `project_stage_order`: every stage of the account, in its new board order. */
export const projectStageOrder = z
  .object({ ids: z.array(relationId).min(1).max(500).meta({ description: "Every stage's id, once each, first to last." }) })
  .meta({ id: 'ProjectStageOrder' });
export type ProjectStageOrder = z.output<typeof projectStageOrder>;

/** Lookup lists page like every list; named ones sort by name, stages by position. */
export const lookupListQuery = paginationQuery.extend({
  archived: queryBoolean.optional().meta({ description: 'true: only archived values; false: only those forms offer; default: both.' }),
});
export type LookupListQuery = z.output<typeof lookupListQuery>;

/** How many records hold a value (leads, projects, companies, calls, employees, assignments: as the list is used). */
const usageCount = z.number().int().min(0).meta({ description: 'How many records hold this value now.' });
const archivedAt = responseTimestamp.nullable().meta({ description: 'When it was archived; null: offered in forms.' });

/** A named lookup's value as its list and its own routes answer it: the Named reference, whether it is archived, and its use. */
export const lookupEntryResponse = namedReference.extend({ archived_at: archivedAt, usage_count: usageCount }).meta({ id: 'LookupEntry' });
/** A stage as the stages' routes answer it: the embedded Project stage shape plus its colour and its projects. */
export const projectStageEntryResponse = projectStageResponse
  .extend({ color: z.string().nullable(), usage_count: usageCount })
  .meta({ id: 'ProjectStageEntry' });
/** A workforce role as the roles' routes answer it: the Workforce role plus whether it is archived and its use. */
export const workforceRoleEntryResponse = workforceRoleResponse.extend({ archived_at: archivedAt, usage_count: usageCount }).meta({ id: 'WorkforceRoleEntry' });

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

export type NamedLookupResponse = z.output<typeof lookupEntryResponse>;
export type ProjectStageResponse = z.output<typeof projectStageResponse>;
export type ProjectStageEntryResponse = z.output<typeof projectStageEntryResponse>;
export type WorkforceRoleResponse = z.output<typeof workforceRoleResponse>;
export type WorkforceRoleEntryResponse = z.output<typeof workforceRoleEntryResponse>;
export type ProjectTeamRoleResponse = z.output<typeof projectTeamRoleResponse>;
export type CompanyCategoryResponse = z.output<typeof companyCategoryResponse>;

const named = (path: string, singular: string, label: string) =>
  ({ kind: 'named', path, singular, plural: path, label, response: lookupEntryResponse, create: namedLookupCreate, update: namedLookupUpdate }) as const;

/**
 * Every lookup the API serves: its URL path, wrapper keys, and request and response schemas. The
 * route factory, the service and the OpenAPI document all read this one table.
 */
export const LOOKUPS = {
  contract_types: named('contract_types', 'contract_type', 'Contract types'),
  delivery_methods: named('delivery_methods', 'delivery_method', 'Delivery methods'),
  divisions: named('divisions', 'division', 'Divisions'),
  lead_sources: named('lead_sources', 'lead_source', 'Lead sources'),
  market_sectors: named('market_sectors', 'market_sector', 'Market sectors'),
  tender_types: named('tender_types', 'tender_type', 'Tender types'),
  loss_reasons: named('loss_reasons', 'loss_reason', 'Loss reasons'),
  call_outcomes: named('call_outcomes', 'call_outcome', 'Call outcomes'),
  industries: named('industries', 'industry', 'Industries'),
  project_stages: {
    kind: 'project_stage',
    path: 'project_stages',
    singular: 'project_stage',
    plural: 'project_stages',
    label: 'Pipeline stages',
    response: projectStageEntryResponse,
    create: projectStageCreate,
    update: projectStageUpdate,
  },
  workforce_roles: {
    kind: 'workforce_role',
    path: 'workforce/roles',
    singular: 'workforce_role',
    plural: 'workforce_roles',
    label: 'Workforce roles',
    response: workforceRoleEntryResponse,
    create: workforceRoleCreate,
    update: workforceRoleUpdate,
  },
  // Fixed sets (db/schema/enums.ts), read-only: listed as Buildr's sidebar lists them.
  project_team_roles: {
    kind: 'fixed',
    path: 'project_team_roles',
    singular: 'project_team_role',
    plural: 'project_team_roles',
    label: 'Project team roles',
    response: projectTeamRoleResponse,
    create: null,
    update: null,
  },
  company_categories: {
    kind: 'fixed',
    path: 'company_categories',
    singular: 'company_category',
    plural: 'company_categories',
    label: 'Company categories',
    response: companyCategoryResponse,
    create: null,
    update: null,
  },
} as const;

export type LookupKey = keyof typeof LOOKUPS;

/** One value of a lookup as people say it, and its 404 ("Market sector not found."). */
export function lookupLabel(key: LookupKey): string {
  const word = LOOKUPS[key].singular.replace(/_/g, ' ');
  return word[0]!.toUpperCase() + word.slice(1);
}
export type WritableLookupKey = { [K in LookupKey]: (typeof LOOKUPS)[K]['create'] extends null ? never : K }[LookupKey];
export type LookupCreateInput<K extends WritableLookupKey> = z.output<NonNullable<(typeof LOOKUPS)[K]['create']>>;
export type LookupResponse = NamedLookupResponse | ProjectStageEntryResponse | WorkforceRoleEntryResponse | ProjectTeamRoleResponse | CompanyCategoryResponse;
export type LookupUpdateInput<K extends WritableLookupKey> = z.output<NonNullable<(typeof LOOKUPS)[K]['update']>>;
