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
import { imports } from '@/db/schema';
import { conflict } from '@/lib/api/errors';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { serializeNamedLookup, serializeProjectStage, serializeWorkforceRole } from '@/lib/serializers/lookups';
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
} from '@/lib/validation/lookups';

// Lookups are configuration rather than pipeline data: they record no webhook events.

const namedTables: Record<string, NamedLookupTable> = { ...namedLookupTables, imports };

export async function listLookup(
  db: Db,
  ctx: ApiContext,
  key: LookupKey,
  query: LookupListQuery,
): Promise<Page<LookupResponse>> {
  const filters = { updatedSince: query.updated_since };
  const window = pageWindow(query);
  const kind = LOOKUPS[key].kind;
  if (kind === 'project_stage') {
    return toPage(query, await listProjectStages(db, ctx.accountId, filters, window), serializeProjectStage);
  }
  if (kind === 'workforce_role') {
    return toPage(query, await listWorkforceRoles(db, ctx.accountId, filters, window), serializeWorkforceRole);
  }
  return toPage(query, await listNamedLookups(db, namedTables[key]!, ctx.accountId, filters, window), serializeNamedLookup);
}

/** Creates a lookup value; a name the account already has (in any letter case) is a 409. */
export async function createLookup<K extends WritableLookupKey>(
  db: Db,
  ctx: ApiContext,
  key: K,
  input: LookupCreateInput<K>,
): Promise<LookupResponse> {
  const def = LOOKUPS[key];
  const accountId = ctx.accountId;
  let created: LookupResponse | undefined;
  if (def.kind === 'project_stage') {
    const row = await insertProjectStage(db, { accountId, ...(input as ProjectStageCreate) });
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
