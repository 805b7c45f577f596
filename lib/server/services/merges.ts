import type { Db } from '@/db';
import { companyPairs, contactPairs, type DuplicatePair, type PairRecord } from '@/db/queries/duplicates';
import { companyRefColumns, personRefColumns } from '@/db/queries/refs';
import {
  addIndustries,
  bidsOf,
  deleteByIds,
  findMerge,
  industriesOf,
  listMerges as queryMerges,
  mergedInto,
  moveEmailLinks,
  moveEmailLinksBack,
  moveImportRows,
  moveImportRowsBack,
  pointAt,
  pointBack,
  referencesTo,
  removeIndustries,
  restoreEmailLinks,
  restoreRows,
  snapshotRows,
  type MergeRow,
  type ReferenceColumn,
} from '@/db/queries/merges';
import { insertRow, insertRows } from '@/db/queries/tenant';
import { companies, contacts, mergedRecords, merges, recordAliases, type MergeMove, type MergeRemoved, type MergeSourceSnapshot } from '@/db/schema';
import type { MergeResource } from '@/db/schema/enums';
import { companyRef, iso, personRef } from '@/lib/server/serializers/common';
import { RESOURCES } from '@/lib/shared/resources';
import {
  MERGE_COUNT_KINDS,
  type DuplicateResponse,
  type DuplicatesQuery,
  type MergeInput,
  type MergeListQuery,
  type MergeResponse,
} from '@/lib/shared/validation/merges';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordEvents, resourcePath, type EventRecord, type PathResource } from './common';
import type { CallerContext } from './context';
import { conflict, forbidden, invalidField, notFound, ServiceError, validationFailed } from './errors';
import type { Page } from './paging';

// Duplicates and merging them (docs/merge.md). A merge keeps the target, moves every reference to
// a source onto it (each moved record with its update event and updated_at), leaves the sources as
// tombstones (their GET: 404 `merged`, naming the target) and their names, emails and domains as
// the target's aliases, and keeps what it did for 24 hours so it can be undone exactly. A dry run
// is the merge itself, rolled back: its counts are what the merge would do, to the row.

const UNDO_HOURS = 24;

// ---- duplicates ----

const SCORE = { domain: 0.95, phone: 0.9, email: 1, nameInCompany: 0.85 } as const;

/** The pair's reasons and score: the rules that hold, combined as independent evidence (1 − Π(1 − each)). */
function judged(p: DuplicatePair): { score: number; reasons: string[] } {
  const found: [number, string][] = [];
  if (p.sameEmail) found.push([SCORE.email, 'same email']);
  if (p.sameDomain) found.push([SCORE.domain, 'same website domain']);
  if (p.samePhone) found.push([SCORE.phone, 'same phone']);
  if (p.sameNameInCompany) found.push([SCORE.nameInCompany, 'same name in the same company']);
  if (p.similarity !== null) found.push([p.similarity, `names ${p.similarity.toFixed(2)} alike`]);
  const score = 1 - found.reduce((rest, [s]) => rest * (1 - s), 1);
  return { score: Math.round(score * 100) / 100, reasons: found.sort((x, y) => y[0] - x[0]).map(([, r]) => r) };
}

/** Groups of records linked by any pair (a cluster of three spellings is one group): score the best pair's, reasons all of them. */
function groupsOf(pairs: DuplicatePair[]): { ids: number[]; score: number; reasons: string[] }[] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root) !== undefined && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const { a, b } of pairs) {
    if (!parent.has(a.id)) parent.set(a.id, a.id);
    if (!parent.has(b.id)) parent.set(b.id, b.id);
    const [ra, rb] = [find(a.id), find(b.id)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  const groups = new Map<number, { ids: Set<number>; score: number; reasons: Set<string> }>();
  for (const p of pairs) {
    const root = find(p.a.id);
    const g = groups.get(root) ?? { ids: new Set<number>(), score: 0, reasons: new Set<string>() };
    const { score, reasons } = judged(p);
    g.ids.add(p.a.id).add(p.b.id);
    g.score = Math.max(g.score, score);
    for (const r of reasons) g.reasons.add(r);
    groups.set(root, g);
  }
  return [...groups.values()]
    .map((g) => ({ ids: [...g.ids].sort((x, y) => x - y), score: g.score, reasons: [...g.reasons] }))
    .sort((x, y) => y.score - x.score || x.ids[0]! - y.ids[0]!);
}

/** The likely duplicates among the account's companies or contacts, surest first, paged. */
export async function listDuplicates(db: Db, ctx: CallerContext, query: DuplicatesQuery): Promise<Page<DuplicateResponse>> {
  const pairs = query.resource === 'companies' ? await companyPairs(db, ctx.accountId) : await contactPairs(db, ctx.accountId);
  const groups = groupsOf(pairs);
  const start = (query.page - 1) * query.per_page;
  const page = groups.slice(start, start + query.per_page);
  // The pairs carry their records: the page's references, with no statement more.
  const refs = new Map<number, Reference>();
  for (const { a, b } of pairs) for (const r of [a, b]) if (!refs.has(r.id)) refs.set(r.id, referenceOf(query.resource, r));
  return {
    items: page.map((g) => ({ score: g.score, reasons: g.reasons, records: g.ids.flatMap((id) => refs.get(id) ?? []) })),
    total: groups.length,
    page: query.page,
    perPage: query.per_page,
  };
}

type Reference = NonNullable<ReturnType<typeof companyRef>> | NonNullable<ReturnType<typeof personRef>>;

const referenceOf = (resource: MergeResource, r: PairRecord): Reference =>
  resource === 'companies'
    ? companyRef({ id: r.id, createdAt: r.createdAt, updatedAt: r.updatedAt, name: r.name ?? '', website: r.website ?? null })!
    : personRef({
        id: r.id,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        firstName: r.firstName ?? null,
        lastName: r.lastName ?? null,
        email: r.email ?? null,
      })!;

/** Company or User references of records, by id (one statement). */
async function referencesOf(db: Db, accountId: number, resource: MergeResource, ids: number[]): Promise<Map<number, Reference>> {
  if (ids.length === 0) return new Map();
  if (resource === 'companies') {
    const found = await db
      .select(companyRefColumns(companies))
      .from(companies)
      .where(and(eq(companies.accountId, accountId), inArray(companies.id, ids)));
    return new Map(found.map((c) => [c.id, companyRef(c)!]));
  }
  const found = await db
    .select(personRefColumns(contacts))
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, ids)));
  return new Map(found.map((c) => [c.id, personRef(c)!]));
}

// ---- what refers to a company or a contact ----

interface Moved {
  ref: ReferenceColumn;
  /** What the moved rows count as in the merge's `counts`; null: not counted (a user's own notifications). */
  kind: (typeof MERGE_COUNT_KINDS)[number] | null;
  /** The event resource of the moved rows, when they are records with events. */
  event?: PathResource;
}

/** The records that name a company or a contact in a column of their own, each with its event resource. */
const NAMING = { contacts: 'contact', leads: 'lead', projects: 'project', calls: 'call', tasks: 'task' } as const;

/** The tables' `column` (`company_id`, `contact_id`): their rows count as the table's name and are updated with events. */
const byColumn = (column: string, tables: (keyof typeof NAMING)[]): Moved[] =>
  tables.map((table) => ({ ref: { table, column, touch: true }, kind: table, event: NAMING[table] }));

const typed = (table: string, prefix: string, value: string, kind: Moved['kind'], event: PathResource | undefined, touch = true): Moved => ({
  ref: { table, column: `${prefix}_id`, type: { column: `${prefix}_type`, value }, touch },
  kind,
  event,
});

/** What attaches to any record by its type and id: its comments, reminders, documents, folders and notifications. */
const attached = (type: 'company' | 'contact'): Moved[] => [
  typed('comments', 'commentable', type, 'comments', 'comment'),
  typed('reminders', 'remindable', type, 'reminders', 'reminder'),
  typed('documents', 'attachable', type, 'documents', 'document'),
  typed('document_folders', 'attachable', type, 'documents', 'document_folder'),
  typed('notifications', 'subject', type, null, undefined),
];

/** Every column that names a record of the resource, but email links, industries and import rows (keyed otherwise). */
const REFERENCES: Record<MergeResource, Moved[]> = {
  companies: [...byColumn('company_id', ['contacts', 'leads', 'projects', 'calls']), ...attached('company')],
  contacts: [...byColumn('contact_id', ['leads', 'projects', 'calls', 'tasks']), ...attached('contact')],
};

/** Bookkeeping rows that name records, moved without events: the aliases of earlier merges' sources. */
const BOOKKEEPING = (resource: MergeResource): ReferenceColumn[] => [
  { table: 'record_aliases', column: 'record_id', type: { column: 'resource', value: resource }, touch: false },
];

// ---- the fields a target may take from a source ----

type Columns = Record<string, unknown>;

const ADDRESS = ['streetAddress', 'streetAddress2', 'city', 'state', 'zip', 'country'];
const FIELDS: Record<MergeResource, Record<string, string[]>> = {
  companies: { name: ['name'], description: ['description'], phone: ['phone'], website: ['website'], category: ['category'], address: ADDRESS },
  contacts: {
    first_name: ['firstName'],
    last_name: ['lastName'],
    email: ['email'],
    job_title: ['jobTitle'],
    mobile_phone: ['mobilePhone'],
    office_phone: ['officePhone'],
    linked_in_profile_url: ['linkedInProfileUrl'],
    company_id: ['companyId'],
    assigned_to_id: ['assignedToId'],
  },
};

const TABLES = { companies, contacts } as const;
/** Columns PostgreSQL computes, which a restored row leaves to it. */
const GENERATED: Record<MergeResource, string[]> = { companies: ['name_key'], contacts: [] };
const EVENT: Record<MergeResource, 'company' | 'contact'> = { companies: 'company', contacts: 'contact' };

/** The target's columns after the merge: the picked sources' values, and the custom fields it lacks filled from the sources in order. */
function mergedColumns(resource: MergeResource, target: Columns, sources: Columns[], fields: Record<string, number>): Columns {
  const next: Columns = {};
  const byId = new Map(sources.map((s) => [Number(s.id), s]));
  const custom = { ...(target.customFields as Record<string, unknown>) };
  for (const [field, sourceId] of Object.entries(fields)) {
    const source = byId.get(sourceId);
    if (!source) throw invalidField(`fields.${field}`, `names ${sourceId}, which is not one of source_ids`);
    if (field.startsWith('custom_fields.')) {
      const key = field.slice('custom_fields.'.length);
      const value = (source.customFields as Record<string, unknown>)[key];
      if (value === undefined) delete custom[key];
      else custom[key] = value;
      continue;
    }
    const columns = FIELDS[resource][field];
    if (!columns) throw invalidField(`fields.${field}`, `is not a field a merge takes (${Object.keys(FIELDS[resource]).join(', ')}, custom_fields.<key>)`);
    for (const c of columns) next[c] = source[c];
  }
  for (const source of sources) {
    for (const [key, value] of Object.entries(source.customFields as Record<string, unknown>)) {
      if (!(key in custom) && !(`custom_fields.${key}` in fields)) custom[key] = value;
    }
  }
  next.customFields = custom;
  return Object.fromEntries(Object.entries(next).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(target[k])));
}

/** A source's aliases on the target: its name, and its web domain (companies) or email (contacts), unless the target's own. */
function aliasesFor(resource: MergeResource, source: Columns, target: Columns): { kind: 'name' | 'email' | 'domain'; value: string }[] {
  const out: { kind: 'name' | 'email' | 'domain'; value: string }[] = [];
  const differs = (a: unknown, b: unknown) =>
    typeof a === 'string' &&
    a.trim() !== '' &&
    a.trim().toLowerCase() !==
      String(b ?? '')
        .trim()
        .toLowerCase();
  if (resource === 'companies') {
    if (differs(source.name, target.name)) out.push({ kind: 'name', value: String(source.name).trim() });
    const domain = (w: unknown) =>
      typeof w === 'string' ? /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?([^/:?#\s]+)/i.exec(w.trim())?.[1]?.toLowerCase() : undefined;
    const d = domain(source.website);
    if (d && d !== domain(target.website)) out.push({ kind: 'domain', value: d });
  } else {
    const name = (c: Columns) => [c.firstName, c.lastName].filter((p) => typeof p === 'string' && p.trim() !== '').join(' ');
    if (differs(name(source), name(target))) out.push({ kind: 'name', value: name(source) });
    if (differs(source.email, target.email)) out.push({ kind: 'email', value: String(source.email).trim() });
  }
  return out;
}

// ---- the merge ----

/** An admin of the account, or an admin of the directory area, merges. */
function assertMayMerge(ctx: CallerContext): void {
  if (ctx.role !== 'admin' && ctx.access.permissions.directory !== 'admin') {
    throw forbidden('Only an admin of the account, or of the directory, can merge records.');
  }
}

/** The merged record's 404 names the record it went into. */
export async function notFoundOrMerged(db: Db, ctx: CallerContext, resource: MergeResource, id: number): Promise<ServiceError> {
  const into = await mergedInto(db, ctx.accountId, resource, id);
  const label = RESOURCES[EVENT[resource]].label;
  if (into === undefined) return notFound(label);
  return new ServiceError('merged', `${label} ${id} was merged into ${into}.`, { merged_into_id: String(into) });
}

/** Runs `work`, turning a not-found record of the resource into the merged one's 404 when it was merged. */
export async function orMerged<T>(db: Db, ctx: CallerContext, resource: MergeResource, id: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ServiceError && err.code === 'not_found') throw await notFoundOrMerged(db, ctx, resource, id);
    throw err;
  }
}

class DryRun extends Error {
  constructor(readonly answer: MergeResponse) {
    super('dry run');
  }
}

/** Merges `input.source_ids` into the record `targetId` (docs/merge.md); a dry run answers the same and writes nothing. */
export async function mergeRecords(db: Db, ctx: CallerContext, resource: MergeResource, targetId: number, input: MergeInput): Promise<MergeResponse> {
  assertMayMerge(ctx);
  const sourceIds = [...new Set(input.source_ids)];
  if (sourceIds.includes(targetId)) throw invalidField('source_ids', 'must not include the record merged into');
  try {
    return await db.transaction(async (tx) => {
      const answer = await merge(tx, ctx, resource, targetId, sourceIds, input.fields, input.dry_run);
      if (input.dry_run) throw new DryRun(answer);
      return answer;
    });
  } catch (err) {
    if (err instanceof DryRun) return err.answer;
    throw err;
  }
}

async function merge(
  tx: Db,
  ctx: CallerContext,
  resource: MergeResource,
  targetId: number,
  sourceIds: number[],
  fields: Record<string, number>,
  dryRun: boolean,
) {
  const table = TABLES[resource];
  // Every record locked, in id order (two merges of overlapping records wait for each other).
  const locked = await tx
    .select()
    .from(table)
    .where(and(eq(table.accountId, ctx.accountId), inArray(table.id, [targetId, ...sourceIds])))
    .orderBy(table.id)
    .for('update');
  const target = locked.find((r) => r.id === targetId) as Columns | undefined;
  if (!target) throw await notFoundOrMerged(tx, ctx, resource, targetId);
  const missing = sourceIds.filter((id) => !locked.some((r) => r.id === id));
  if (missing.length)
    throw validationFailed({ source_ids: missing.map((id) => `${id} is no ${RESOURCES[EVENT[resource]].label.toLowerCase()} of this account`) });
  const sources = sourceIds.map((id) => locked.find((r) => r.id === id)!) as Columns[];
  const changes = mergedColumns(resource, target, sources, fields);

  const counts = Object.fromEntries(MERGE_COUNT_KINDS.map((k) => [k, 0])) as Record<(typeof MERGE_COUNT_KINDS)[number], number>;
  const moves: MergeMove[] = [];
  const removed: MergeRemoved[] = [];
  const events: EventRecord[] = [];
  const touched = new Map<string, Set<number>>();
  const event = (resourceKey: PathResource, id: number, changed: Record<string, unknown>) => {
    const seen = touched.get(resourceKey) ?? new Set<number>();
    if (seen.has(id)) return;
    seen.add(id);
    touched.set(resourceKey, seen);
    events.push({ resource: resourceKey, action: 'update', id, path: resourcePath(resourceKey, id), changed });
  };

  // References, table by table.
  for (const moved of REFERENCES[resource]) {
    const rows = await referencesTo(tx, moved.ref, ctx.accountId, sourceIds);
    await pointAt(
      tx,
      moved.ref,
      rows.map((r) => r.id),
      targetId,
    );
    if (moved.kind) counts[moved.kind] += rows.length;
    for (const r of rows) {
      moves.push({ table: moved.ref.table, column: moved.ref.column, key: { id: r.id }, from: r.from });
      if (moved.event) event(moved.event, r.id, { [camel(moved.ref.column)]: targetId });
    }
  }
  // A company's bids: one per project, so a source's bid on a project the target bid on too is removed (kept for undo).
  if (resource === 'companies') {
    const bids = await bidsOf(tx, ctx.accountId, [targetId, ...sourceIds]);
    // The target's own bids hold their projects; each source's, in the order given, takes a project still free.
    const taken = new Set(bids.filter((b) => b.companyId === targetId).map((b) => b.projectId));
    const keep: { id: number; from: number }[] = [];
    const drop: number[] = [];
    for (const sourceId of sourceIds) {
      for (const b of bids.filter((x) => x.companyId === sourceId)) {
        if (taken.has(b.projectId)) drop.push(b.id);
        else {
          taken.add(b.projectId);
          keep.push({ id: b.id, from: sourceId });
        }
      }
    }
    for (const row of await snapshotRows(tx, 'bid_results', drop)) removed.push({ table: 'bid_results', row });
    await deleteByIds(tx, 'bid_results', drop);
    events.push(...drop.map((id): EventRecord => ({ resource: 'bid_result', action: 'delete', id, path: resourcePath('bid_result', id) })));
    await pointAt(
      tx,
      bidMoved.ref,
      keep.map((b) => b.id),
      targetId,
    );
    counts.bid_results += keep.length;
    for (const b of keep) {
      moves.push({ table: 'bid_results', column: 'company_id', key: { id: b.id }, from: b.from });
      event('bid_result', b.id, { companyId: targetId });
    }
    // Its industries: the target's and the sources' together.
    const industries = await industriesOf(tx, [targetId, ...sourceIds]);
    const held = new Set(industries.get(targetId));
    const added = [...new Set(sourceIds.flatMap((s) => industries.get(s) ?? []))].filter((i) => !held.has(i));
    await addIndustries(tx, targetId, added);
    counts.memberships += added.length;
    for (const i of added) moves.push({ table: 'company_industries', column: 'industry_id', key: { company_id: targetId, industry_id: i }, from: 0 });
  }
  // Emails filed on a source are filed on the target (an email filed on both is kept once).
  const type = EVENT[resource];
  const links = await moveEmailLinks(tx, ctx.accountId, type, sourceIds, targetId);
  for (const m of links.moved) moves.push({ table: 'email_links', column: 'record_id', key: { email_id: m.emailId, record_type: type }, from: m.from });
  for (const row of links.removed) removed.push({ table: 'email_links', row });
  counts.emails += links.moved.length;
  for (const m of links.moved) event('email', m.emailId, { recordId: targetId });
  // Import rows: the source's are the target's (an import's undo never deletes the target).
  for (const r of await moveImportRows(tx, ctx.accountId, resource, sourceIds, targetId)) {
    moves.push({ table: 'import_rows', column: 'record_id', key: { id: r.id }, from: r.from, outcome: r.outcome ?? undefined });
    counts.import_rows += 1;
  }
  for (const ref of BOOKKEEPING(resource)) {
    const rows = await referencesTo(tx, ref, ctx.accountId, sourceIds);
    await pointAt(
      tx,
      ref,
      rows.map((r) => r.id),
      targetId,
    );
    for (const r of rows) moves.push({ table: ref.table, column: ref.column, key: { id: r.id }, from: r.from });
  }
  // Tombstones of records merged earlier into a source now point at the target.
  await tx
    .update(mergedRecords)
    .set({ mergedIntoId: targetId })
    .where(and(eq(mergedRecords.accountId, ctx.accountId), eq(mergedRecords.resource, resource), inArray(mergedRecords.mergedIntoId, sourceIds)));
  counts.custom_field_values = changes.customFields
    ? Object.keys(changes.customFields as object).filter((k) => !(k in (target.customFields as object))).length
    : 0;

  // The sources as they were, then gone; the target takes its fields.
  const snapshots: MergeSourceSnapshot[] = (await snapshotRows(tx, resource, sourceIds)).map((row) => ({ row }));
  if (resource === 'companies') {
    const industries = await industriesOf(tx, sourceIds);
    for (const s of snapshots) s.industryIds = industries.get(Number(s.row.id)) ?? [];
  }
  await deleteByIds(tx, resource, sourceIds);
  const before = Object.fromEntries(Object.keys(changes).map((k) => [k, target[k]]));
  if (Object.keys(changes).length) {
    await tx
      .update(table)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(table.id, targetId));
  }
  const aliases = sources.flatMap((s) => aliasesFor(resource, s, { ...target, ...changes }));
  counts.aliases = aliases.length;

  const mergeId = await insertRow(tx, merges, {
    accountId: ctx.accountId,
    resource,
    targetId,
    sourceIds,
    fields: Object.fromEntries(Object.entries(fields).map(([f, s]) => [f, String(s)])),
    counts,
    sources: snapshots,
    moves,
    removed,
    targetBefore: before,
    mergedById: ctx.userId,
  });
  await insertRows(
    tx,
    recordAliases,
    aliases.map((a) => ({ accountId: ctx.accountId, resource, recordId: targetId, kind: a.kind, value: a.value, mergeId })),
  );
  if (sourceIds.length)
    await tx.insert(mergedRecords).values(sourceIds.map((recordId) => ({ accountId: ctx.accountId, resource, recordId, mergedIntoId: targetId, mergeId })));

  const key = EVENT[resource];
  if (Object.keys(changes).length) events.push({ resource: key, action: 'update', id: targetId, path: resourcePath(key, targetId), changed: changes });
  await recordEvents(tx, ctx, events);
  await recordMergeEvent(tx, ctx, key, targetId, sourceIds);

  return serializeMerge(tx, ctx, (await findMerge(tx, ctx.accountId, mergeId))!, dryRun);
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** `company.merge` / `contact.merge`: the target, and the records merged into it. */
async function recordMergeEvent(tx: Db, ctx: CallerContext, key: 'company' | 'contact', targetId: number, sourceIds: number[]) {
  await recordEvents(tx, ctx, [
    {
      resource: key,
      action: 'merge',
      id: targetId,
      path: resourcePath(key, targetId),
      payload: { target_id: String(targetId), source_ids: sourceIds.map(String) },
    },
  ]);
}

// ---- undo ----

/** Undoes a merge within 24 hours: the sources back as they were, exactly what it moved moved back, the target's fields as they were. */
export async function undoMerge(db: Db, ctx: CallerContext, mergeId: number): Promise<MergeResponse> {
  assertMayMerge(ctx);
  return db.transaction(async (tx) => {
    const row = await findMerge(tx, ctx.accountId, mergeId, true);
    if (!row) throw notFound('Merge');
    const m = row.merge;
    if (m.undoneAt) throw conflict('This merge is already undone.');
    if (Date.now() - m.createdAt.getTime() > UNDO_HOURS * 3_600_000) throw conflict(`A merge can be undone within ${UNDO_HOURS} hours; this one is older.`);
    const resource = m.resource;
    const table = TABLES[resource];
    const [target] = await tx
      .select()
      .from(table)
      .where(and(eq(table.accountId, ctx.accountId), eq(table.id, m.targetId)))
      .for('update');
    if (!target) throw conflict('The record this merge kept is gone (deleted, or merged since): the merge cannot be undone.');
    const key = EVENT[resource];
    const events: EventRecord[] = [];

    // The target's own fields first (a source's email back on the source must not clash), then the sources.
    if (Object.keys(m.targetBefore).length) {
      const before = Object.fromEntries(
        Object.entries(m.targetBefore).map(([k, v]) => [k, typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && k.endsWith('At') ? new Date(v) : v]),
      );
      await tx
        .update(table)
        .set({ ...before, updatedAt: new Date() })
        .where(eq(table.id, m.targetId));
      events.push({ resource: key, action: 'update', id: m.targetId, path: resourcePath(key, m.targetId), changed: before });
    }
    await restoreRows(
      tx,
      resource,
      m.sources.map((s) => s.row),
      GENERATED[resource],
    );
    for (const s of m.sources) {
      if (s.industryIds?.length) await addIndustries(tx, Number(s.row.id), s.industryIds);
      events.push({ resource: key, action: 'create', id: Number(s.row.id), path: resourcePath(key, Number(s.row.id)) });
    }
    await tx.delete(mergedRecords).where(eq(mergedRecords.mergeId, m.id));
    await tx.delete(recordAliases).where(eq(recordAliases.mergeId, m.id));

    // Exactly what moved, moved back where it still names the target.
    const byTable = new Map<string, MergeMove[]>();
    for (const mv of m.moves) {
      const column = `${mv.table}.${mv.column}`;
      const list = byTable.get(column) ?? [];
      list.push(mv);
      byTable.set(column, list);
    }
    const refs = [...REFERENCES[resource], ...BOOKKEEPING(resource).map((ref) => ({ ref, kind: 'aliases' as const, event: undefined })), bidMoved];
    for (const moved of refs) {
      const list = byTable.get(`${moved.ref.table}.${moved.ref.column}`) ?? [];
      const back = await pointBack(
        tx,
        moved.ref,
        list.map((mv) => ({ id: Number(mv.key.id), from: mv.from })),
        m.targetId,
      );
      const from = new Map(list.map((mv) => [Number(mv.key.id), mv.from]));
      if (moved.event)
        for (const id of back)
          events.push({
            resource: moved.event,
            action: 'update',
            id,
            path: resourcePath(moved.event, id),
            changed: { [camel(moved.ref.column)]: from.get(id) },
          });
    }
    await moveEmailLinksBack(
      tx,
      key,
      (byTable.get('email_links.record_id') ?? []).map((mv) => ({ emailId: Number(mv.key.email_id), from: mv.from })),
      m.targetId,
    );
    for (const mv of byTable.get('email_links.record_id') ?? [])
      events.push({
        resource: 'email',
        action: 'update',
        id: Number(mv.key.email_id),
        path: resourcePath('email', Number(mv.key.email_id)),
        changed: { recordId: mv.from },
      });
    await moveImportRowsBack(
      tx,
      (byTable.get('import_rows.record_id') ?? []).map((mv) => ({ id: Number(mv.key.id), from: mv.from, outcome: mv.outcome ?? null })),
      m.targetId,
    );
    await removeIndustries(
      tx,
      m.targetId,
      (byTable.get('company_industries.industry_id') ?? []).map((mv) => Number(mv.key.industry_id)),
    );
    // Rows removed to make room, back.
    const removedBids = m.removed.filter((r) => r.table === 'bid_results').map((r) => r.row);
    await restoreRows(tx, 'bid_results', removedBids);
    for (const b of removedBids) events.push({ resource: 'bid_result', action: 'create', id: Number(b.id), path: resourcePath('bid_result', Number(b.id)) });
    await restoreEmailLinks(
      tx,
      m.removed.filter((r) => r.table === 'email_links').map((r) => r.row),
    );
    // Tombstones of earlier merges that pointed at a source point at it again.
    for (const s of m.sources) {
      await tx.execute(
        sql`update merged_records mr set merged_into_id = ${Number(s.row.id)} from merges earlier
          where mr.merge_id = earlier.id and earlier.target_id = ${Number(s.row.id)} and mr.merged_into_id = ${m.targetId} and mr.account_id = ${ctx.accountId}`,
      );
    }

    await tx.update(merges).set({ undoneAt: new Date(), undoneById: ctx.userId, updatedAt: new Date() }).where(eq(merges.id, m.id));
    await recordEvents(tx, ctx, events);
    const after = await findMerge(tx, ctx.accountId, m.id);
    return serializeMerge(tx, ctx, after!, false);
  });
}

const bidMoved: Moved = { ref: { table: 'bid_results', column: 'company_id', touch: true }, kind: 'bid_results', event: 'bid_result' };

// ---- reading merges ----

export async function getMerge(db: Db, ctx: CallerContext, mergeId: number): Promise<MergeResponse> {
  assertMayMerge(ctx);
  const row = await findMerge(db, ctx.accountId, mergeId);
  if (!row) throw notFound('Merge');
  return serializeMerge(db, ctx, row, false);
}

export async function listMerges(db: Db, ctx: CallerContext, query: MergeListQuery): Promise<Page<MergeResponse>> {
  assertMayMerge(ctx);
  const { items, total } = await queryMerges(
    db,
    ctx.accountId,
    { resource: query.resource },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  const targets = new Map<string, Map<number, Reference>>();
  for (const resource of ['companies', 'contacts'] as const) {
    const ids = items.filter((i) => i.merge.resource === resource).map((i) => i.merge.targetId);
    targets.set(resource, await referencesOf(db, ctx.accountId, resource, ids));
  }
  return {
    items: items.map((row) => answerOf(row, targets.get(row.merge.resource)!.get(row.merge.targetId) ?? null, false)),
    total,
    page: query.page,
    perPage: query.per_page,
  };
}

/** A merge as found (with who merged), and its target as it is now. */
async function serializeMerge(db: Db, ctx: CallerContext, row: MergeRow, dryRun: boolean): Promise<MergeResponse> {
  const refs = await referencesOf(db, ctx.accountId, row.merge.resource, [row.merge.targetId]);
  return answerOf(row, refs.get(row.merge.targetId) ?? null, dryRun);
}

function answerOf(row: Pick<MergeRow, 'merge'> & { mergedBy: MergeRow['mergedBy'] | null }, target: Reference | null, dryRun: boolean): MergeResponse {
  const m = row.merge;
  const name = (s: MergeSourceSnapshot) =>
    m.resource === 'companies'
      ? ((s.row.name as string | null) ?? null)
      : [s.row.first_name, s.row.last_name].filter((p) => typeof p === 'string' && p !== '').join(' ') || ((s.row.email as string | null) ?? null);
  return {
    id: dryRun ? null : String(m.id),
    created_at: iso(m.createdAt),
    updated_at: iso(m.updatedAt),
    resource: m.resource,
    target: target as MergeResponse['target'],
    sources: m.sources.map((s) => ({ id: String(s.row.id), name: name(s) })),
    fields: m.fields,
    counts: m.counts as MergeResponse['counts'],
    dry_run: dryRun,
    merged_by: personRef(row.mergedBy),
    undone_at: m.undoneAt ? iso(m.undoneAt) : null,
    undo_until: dryRun || m.undoneAt ? null : iso(new Date(m.createdAt.getTime() + UNDO_HOURS * 3_600_000)),
  };
}
