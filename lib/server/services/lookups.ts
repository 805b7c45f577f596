import type { Db } from '@/db';
import { namedLookupTables } from '@/db/queries/accounts';
import {
  insertNamedLookup,
  insertProjectStage,
  insertWorkforceRole,
  listNamedLookups,
  listProjectStages,
  listWorkforceRoles,
  type NamedLookupTable,
} from '@/db/queries/lookups';
import { COMPANY_CATEGORIES, MEMBERSHIP_ROLE_KEYS, MEMBERSHIP_ROLES } from '@/db/schema/enums';
import { humanize } from '@/lib/shared/text';
import { conflict } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';
import {
  serializeCompanyCategory,
  serializeNamedLookup,
  serializeProjectStage,
  serializeProjectTeamRole,
  serializeWorkforceRole,
} from '@/lib/server/serializers/lookups';
import {
  LOOKUPS,
  type LookupCreateInput,
  type LookupKey,
  type LookupListQuery,
  type LookupResponse,
  type NamedLookupCreate,
  type ProjectStageCreate,
  type WorkforceRoleCreate,
  type WritableLookupKey,
} from '@/lib/shared/validation/lookups';

// Lookups are configuration rather than pipeline data: they record no webhook events.

const namedTables: Record<string, NamedLookupTable> = namedLookupTables;

/**
 * The fixed sets, as records: a value's id is its 1-based position in its (append-only) constant,
 * and every value carries the same timestamps, the day the 2023-01 API defined the sets, so an
 * `updated_since` sync fetches them once.
 */
const FIXED_SINCE = new Date('2023-01-01T00:00:00Z');
const fixed = (i: number) => ({ id: i + 1, createdAt: FIXED_SINCE, updatedAt: FIXED_SINCE });
const FIXED_LISTS = {
  project_team_roles: MEMBERSHIP_ROLE_KEYS.map((role, i) => serializeProjectTeamRole({ ...fixed(i), role, name: MEMBERSHIP_ROLES[role] })),
  company_categories: COMPANY_CATEGORIES.map((category, i) => serializeCompanyCategory({ ...fixed(i), name: humanize(category), category })),
};

/** A page of a fixed set, ordered by id; no database statement. */
function fixedPage(key: keyof typeof FIXED_LISTS, updatedSince: Date | undefined, window: { limit: number; offset: number }) {
  const all: LookupResponse[] = FIXED_LISTS[key].filter((r) => !updatedSince || new Date(r.updated_at) >= updatedSince);
  return { items: all.slice(window.offset, window.offset + window.limit), total: all.length };
}

export async function listLookup(db: Db, ctx: CallerContext, key: LookupKey, query: LookupListQuery): Promise<Page<LookupResponse>> {
  const window = pageWindow(query);
  const kind = LOOKUPS[key].kind;
  if (kind === 'project_stage') {
    return toPage(query, await listProjectStages(db, ctx.accountId, query, window), serializeProjectStage);
  }
  if (kind === 'workforce_role') {
    return toPage(query, await listWorkforceRoles(db, ctx.accountId, query, window), serializeWorkforceRole);
  }
  if (kind === 'fixed') return toPage(query, fixedPage(key as keyof typeof FIXED_LISTS, query.updated_since, window), (r) => r);
  return toPage(query, await listNamedLookups(db, namedTables[key]!, ctx.accountId, query, window), serializeNamedLookup);
}

/** Creates a lookup value; a name the account already has (in any letter case) is a 409. */
export async function createLookup<K extends WritableLookupKey>(db: Db, ctx: CallerContext, key: K, input: LookupCreateInput<K>): Promise<LookupResponse> {
  const def = LOOKUPS[key];
  const accountId = ctx.accountId;
  let created: LookupResponse | undefined;
  if (def.kind === 'project_stage') {
    const { default_probability: defaultProbability, ...stage } = input as ProjectStageCreate;
    const row = await insertProjectStage(db, { accountId, ...stage, defaultProbability });
    created = row && serializeProjectStage(row);
  } else if (def.kind === 'workforce_role') {
    const { name, abbreviation } = input as WorkforceRoleCreate;
    const row = await insertWorkforceRole(db, { accountId, name, abbreviation: abbreviation ?? null });
    created = row && serializeWorkforceRole(row);
  } else {
    const row = await insertNamedLookup(db, namedTables[key]!, { accountId, name: (input as NamedLookupCreate).name });
    created = row && serializeNamedLookup(row);
  }
  if (!created) {
    const label = def.singular.replace(/_/g, ' ');
    throw conflict(`A ${label} with this name already exists.`, { name: ['has already been taken'] });
  }
  return created;
}
