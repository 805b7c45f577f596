import type { Db } from '@/db';
import { isUniqueViolation } from '@/db/query-errors';
import { namedLookupTables, type NamedLookupKey } from '@/db/queries/accounts';
import {
  insertNamedLookup,
  insertProjectStage,
  insertWorkforceRole,
  listNamedLookups,
  listProjectStages,
  listWorkforceRoles,
  lookupUsage,
  orderProjectStages,
  repointLookup,
  type NamedLookupTable,
} from '@/db/queries/lookups';
import { deleteRow, lockRow, ofAccount, updateRow } from '@/db/queries/tenant';
import { deleteRecord, getRecord, updateRecord, type RecordKind } from './records';
import { projectStages, workforceRoles } from '@/db/schema';
import { COMPANY_CATEGORIES, MEMBERSHIP_ROLE_KEYS, MEMBERSHIP_ROLES } from '@/db/schema/enums';
import { humanize } from '@/lib/shared/text';
import { conflict, invalidField } from '@/lib/server/services/errors';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import { lockForWrite } from '@/lib/server/services/preconditions';
import type { CallerContext } from '@/lib/server/services/context';
import {
  serializeCompanyCategory,
  serializeNamedLookup,
  serializeProjectStageEntry,
  serializeProjectTeamRole,
  serializeWorkforceRole,
} from '@/lib/server/serializers/lookups';
import {
  LOOKUPS,
  lookupLabel,
  type LookupCreateInput,
  type LookupKey,
  type LookupListQuery,
  type LookupResponse,
  type LookupUpdateInput,
  type NamedLookupCreate,
  type NamedLookupUpdate,
  type ProjectStageCreate,
  type ProjectStageEntryResponse,
  type ProjectStageOrder,
  type ProjectStageUpdate,
  type WorkforceRoleCreate,
  type WorkforceRoleUpdate,
  type WritableLookupKey,
} from '@/lib/shared/validation/lookups';

// The account's lists (docs/settings.md): pick lists and pipeline stages, kept by admins in
// Settings. They are configuration, not pipeline data: they record no webhook events. Each value
// answers how many records hold it; a value in use is merged into another (its records re-pointed
// in one transaction) rather than deleted, and a named value or role can be archived instead.

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
  const def = LOOKUPS[key];
  if (def.kind === 'fixed') return toPage(query, fixedPage(key as keyof typeof FIXED_LISTS, query.updated_since, window), (r) => r);
  if (def.kind === 'project_stage') {
    return toPage(query, await listProjectStages(db, ctx.accountId, query, window), (row) => serializeProjectStageEntry(row, row.usageCount));
  }
  if (def.kind === 'workforce_role') {
    return toPage(query, await listWorkforceRoles(db, ctx.accountId, query, window), (row) => serializeWorkforceRole(row, row.usageCount));
  }
  const list = await listNamedLookups(db, key as NamedLookupKey, namedTables[key]!, ctx.accountId, query, window);
  return toPage(query, list, (row) => serializeNamedLookup(row, row.usageCount));
}

const nameTaken = (key: WritableLookupKey) =>
  conflict(`A ${lookupLabel(key).toLowerCase()} with this name already exists.`, { name: ['has already been taken'] });

/** Creates a lookup value; a name the account already has (in any letter case) is a 409. */
export async function createLookup<K extends WritableLookupKey>(db: Db, ctx: CallerContext, key: K, input: LookupCreateInput<K>): Promise<LookupResponse> {
  const def = LOOKUPS[key];
  const accountId = ctx.accountId;
  let created: LookupResponse | undefined;
  if (def.kind === 'project_stage') {
    const { default_probability: defaultProbability, ...stage } = input as ProjectStageCreate;
    const row = await insertProjectStage(db, { accountId, ...stage, defaultProbability });
    created = row && serializeProjectStageEntry(row, 0);
  } else if (def.kind === 'workforce_role') {
    const { name, abbreviation } = input as WorkforceRoleCreate;
    const row = await insertWorkforceRole(db, { accountId, name, abbreviation: abbreviation ?? null });
    created = row && serializeWorkforceRole(row, 0);
  } else {
    const row = await insertNamedLookup(db, namedTables[key]!, { accountId, name: (input as NamedLookupCreate).name });
    created = row && serializeNamedLookup(row, 0);
  }
  if (!created) throw nameTaken(key);
  return created;
}

// One value: read, changed, deleted, merged into another.

const tableOf = (key: WritableLookupKey): NamedLookupTable | typeof projectStages | typeof workforceRoles =>
  LOOKUPS[key].kind === 'project_stage' ? projectStages : LOOKUPS[key].kind === 'workforce_role' ? workforceRoles : namedTables[key]!;

type EntryRow = NonNullable<Awaited<ReturnType<typeof lockRow<NamedLookupTable | typeof projectStages | typeof workforceRoles>>>>;

/** A value with the number of records holding it, which its answer says. */
interface Entry {
  row: EntryRow;
  used: number;
}

/** The value's answer: the shape of its list, with its current use. */
function serializeEntry({ row, used }: Entry): LookupResponse {
  if ('category' in row) return serializeProjectStageEntry(row, used);
  if ('abbreviation' in row) return serializeWorkforceRole(row, used);
  return serializeNamedLookup(row, used);
}

/** Its writes are told to no one: a list is configuration (no webhook event, no security event). */
const UNTOLD = { created: async () => {}, updated: async () => {}, deleted: async () => {} };

/** A list's values as the write skeleton reads, changes and deletes them: with their use; a name taken is a 409. */
function lookupKind(key: WritableLookupKey): RecordKind<Entry, LookupResponse> {
  const table = tableOf(key);
  const read = async (db: Db, accountId: number, id: number, lock = false): Promise<Entry | undefined> => {
    const row = lock
      ? await lockRow(db, table, accountId, id)
      : (
          await db
            .select()
            .from(table)
            .where(ofAccount(table, accountId, id))
        )[0];
    return row && { row, used: (await lookupUsage(db, key, [id])).get(id) ?? 0 };
  };
  return {
    resource: LOOKUPS[key].singular,
    label: lookupLabel(key),
    table,
    read,
    columns: (entry) => entry.row,
    serialize: serializeEntry,
    write: async (db, accountId, id, values) => {
      try {
        await updateRow(db, table, accountId, id, values);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(key);
        throw error;
      }
      return serializeEntry((await read(db, accountId, id))!);
    },
    sink: UNTOLD,
  };
}

export function getLookupEntry(db: Db, ctx: CallerContext, key: WritableLookupKey, id: number): Promise<LookupResponse> {
  return getRecord(db, ctx, lookupKind(key), id);
}

/** The columns a PATCH sets, from its fields (only those it names). */
function changesOf(key: WritableLookupKey, input: LookupUpdateInput<WritableLookupKey>, current: EntryRow): Record<string, unknown> {
  const { name, archived, ...rest } = input as NamedLookupUpdate & WorkforceRoleUpdate & ProjectStageUpdate;
  const changes: Record<string, unknown> = {};
  if (name !== undefined && name !== current.name) changes.name = name;
  if (archived !== undefined && 'archivedAt' in current && archived !== (current.archivedAt !== null)) changes.archivedAt = archived ? new Date() : null;
  if (LOOKUPS[key].kind === 'workforce_role' && rest.abbreviation !== undefined) changes.abbreviation = rest.abbreviation;
  if (LOOKUPS[key].kind === 'project_stage') {
    if (rest.position !== undefined) changes.position = rest.position;
    if (rest.default_probability !== undefined) changes.defaultProbability = rest.default_probability;
    if (rest.color !== undefined) changes.color = rest.color;
  }
  return changes;
}

/** Renames, archives or restores a value (a stage: also its position, default probability, colour); a name taken is a 409. */
export function updateLookupEntry(db: Db, ctx: CallerContext, key: WritableLookupKey, id: number, input: LookupUpdateInput<WritableLookupKey>) {
  return updateRecord(db, ctx, lookupKind(key), id, input, { columns: (current) => changesOf(key, input, current.row) });
}

/** Deletes a value no record holds; one in use is a 409 that says to merge it. */
export function deleteLookupEntry(db: Db, ctx: CallerContext, key: WritableLookupKey, id: number): Promise<void> {
  return deleteRecord(db, ctx, lookupKind(key), id, {
    check: ({ row, used }) => {
      if (used === 0) return;
      const records = used === 1 ? '1 record holds' : `${used} records hold`;
      throw conflict(`${records} ${lookupLabel(key).toLowerCase()} "${row.name}": merge it into another to delete it, or archive it.`, {
        usage_count: [`is ${used}`],
      });
    },
  });
}

/** Moves every record holding the value to `into` and deletes it, in one transaction; answers the value kept. */
export async function mergeLookupEntry(db: Db, ctx: CallerContext, key: WritableLookupKey, id: number, intoId: number): Promise<LookupResponse> {
  if (intoId === id) throw invalidField('into_id', 'must be another value than the one merged');
  const kind = lookupKind(key);
  return db.transaction(async (tx) => {
    const table = tableOf(key);
    const { row: from } = await lockForWrite(ctx.ifMatch, {
      key: kind.resource,
      label: lookupLabel(key),
      lock: () => kind.read(tx, ctx.accountId, id, true),
      answer: kind.serialize,
    });
    const into = await lockRow(tx, table, ctx.accountId, intoId);
    if (!into) throw invalidField('into_id', `is not a ${lookupLabel(key).toLowerCase()} of this account`);
    if ('category' in from && 'category' in into && from.category !== into.category) {
      throw invalidField('into_id', `is a ${into.category} stage; "${from.name}" is ${from.category}: merge a stage into one of the same category`);
    }
    await repointLookup(tx, key, id, intoId);
    await deleteRow(tx, table, ctx.accountId, id);
    return serializeEntry((await kind.read(tx, ctx.accountId, intoId))!);
  });
}

/** Puts the account's stages in the order given (every stage once) and answers them in it. */
export async function orderStages(db: Db, ctx: CallerContext, { ids }: ProjectStageOrder): Promise<ProjectStageEntryResponse[]> {
  return db.transaction(async (tx) => {
    const all = await listProjectStages(tx, ctx.accountId, {}, { limit: 1000, offset: 0 });
    const known = new Set(all.items.map((s) => s.id));
    const given = new Set(ids);
    if (given.size !== ids.length) throw invalidField('ids', 'names a stage twice');
    const unknown = ids.filter((i) => !known.has(i));
    if (unknown.length) throw invalidField('ids', `names ${unknown.join(', ')}, not stages of this account`);
    if (ids.length !== known.size) throw invalidField('ids', `must list all ${known.size} stages of the account`);
    await orderProjectStages(tx, ctx.accountId, ids);
    const ordered = await listProjectStages(tx, ctx.accountId, {}, { limit: 1000, offset: 0 });
    return ordered.items.map((s) => serializeProjectStageEntry(s, s.usageCount));
  });
}
