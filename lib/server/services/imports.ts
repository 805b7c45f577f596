import 'server-only';
import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '@/db';
import {
  claimImport,
  companiesOfImport,
  createdRecordIds,
  existingIds,
  failedRows,
  findImport,
  finishImport,
  firstErrors,
  accountStages,
  idsByKey,
  insertImportRows,
  listImports as queryImports,
  pendingRows,
  releaseClaim,
  recordOutcomes,
  renewClaim,
  setImportStatus,
  type RowOutcome,
} from '@/db/queries/imports';
import { insertRow, insertRows } from '@/db/queries/tenant';
import { companies, imports, users } from '@/db/schema';
import { CUSTOM_FIELD_RESOURCES, IMPORT_RESOURCES, type CustomFieldResource, type CustomFieldType, type ImportResource } from '@/db/schema/enums';
import { fieldsOf, usersOfAccount } from '@/db/queries/custom-fields';
import { detectMapping, parseCell, type FieldType, type ImportField, type RelationKind } from '@/lib/server/imports/fields';
import { readSheet, type Sheet } from '@/lib/server/imports/read-file';
import { IMPORT_SPECS, RELATIONS, type ImportSpec, type StageInfo } from '@/lib/server/imports/resources';
import { serializeImport } from '@/lib/server/serializers/imports';
import type { ImportCreateQuery, ImportListQuery, ImportPreviewResponse, ImportResponse } from '@/lib/shared/validation/imports';
import { FULL_ACCESS } from '@/lib/shared/permissions';
import { recordEvents, resourcePath, type EventRecord } from './common';
import { AREA_OF_LIST, mayRead, requireArea } from './permissions';
import { checkCustomFields } from './custom-field-values';
import { deleteCompany } from './companies';
import { deleteContact } from './contacts';
import { deleteLead } from './leads';
import { deleteProject } from './projects';
import { deleteWorkforceEmployee } from './workforce-employees';
import type { CallerContext } from './context';
import { conflict, invalidField, notFound, ServiceError } from './errors';
import { enqueueImport } from './import-jobs';
import { pageWindow, toPage, type Page } from './paging';
import { assertIfMatch } from './preconditions';

// Spreadsheet imports (docs/imports.md). A file is read and mapped at once (a dry run stops there
// and answers what would happen); a real import keeps its rows and is run by the job queue in
// batches of BATCH rows, each batch one transaction that writes the records, their events and
// the rows' outcomes together, so a worker killed mid-import resumes where the last batch
// committed and no row is imported twice.

const BATCH = 500;
const LEASE_SECONDS = 120;
const PREVIEW_ERRORS = 100;

/** The kind of a projects import (pursuits by default); none for other resources (422 if given). */
function kindOf(spec: ImportSpec, kind: string | undefined): string | null {
  if (spec.resource !== 'projects') {
    if (kind !== undefined) throw invalidField('kind', 'is only for projects');
    return null;
  }
  return kind ?? 'pursuits';
}

function specOf(resource: ImportResource): ImportSpec {
  const spec = IMPORT_SPECS[resource];
  if (!spec) throw invalidField('resource', `${resource} cannot be imported yet (companies and contacts can)`);
  return spec;
}

/** How a custom field's cells read: by its type (select options by value or label). */
const CUSTOM_CELL: Record<CustomFieldType, FieldType> = {
  text: 'text',
  long_text: 'text',
  url: 'url',
  number: 'number',
  currency: 'money',
  date: 'date',
  boolean: 'boolean',
  select: 'option',
  multi_select: 'options',
  user: 'text',
};

/**
 * The resource's import, with a field per live custom field of the account (`custom_fields.<key>`,
 * matched by that name, the key or the label: an export's columns map back).
 */
async function specFor(db: Db, accountId: number, resource: ImportResource): Promise<ImportSpec> {
  const spec = specOf(resource);
  if (!(CUSTOM_FIELD_RESOURCES as readonly string[]).includes(resource)) return spec;
  const defs = await fieldsOf(db, accountId, resource as CustomFieldResource);
  if (defs.length === 0) return spec;
  const custom: ImportField[] = defs
    .filter((f) => !f.archived)
    .flatMap((f): ImportField[] => {
      const target = `custom_fields.${f.key}`;
      // Money as a spreadsheet writes it ($1,250.50) under the label; the export's column is cents.
      if (f.fieldType === 'currency') return [{ field: `${target}_dollars`, labels: [f.label, f.key], type: 'money', target }, { field: target, labels: [], type: 'integer', target }];
      return [{ field: target, labels: [f.label, f.key], type: CUSTOM_CELL[f.fieldType], options: f.options, target }];
    });
  return { ...spec, fields: [...spec.fields, ...custom], customFields: defs };
}

// ── Planning: a row's body, its relations, and whether it creates or updates ──────────────────

type Plan =
  | { kind: 'fail'; error: string }
  | { kind: 'create'; input: Record<string, unknown>; key: string | null }
  | { kind: 'update'; id: number; input: Record<string, unknown> }
  /** Updates the record an earlier row of the same batch creates (same key). */
  | { kind: 'update-earlier'; row: number; input: Record<string, unknown> };

interface Resolved {
  /** Per relation kind: the lower-cased name or email → id. */
  relations: Map<RelationKind, Map<string, number>>;
  existingCompanyIds: Set<number>;
  existingUserIds: Set<number>;
  keys: Map<string, number>;
  stages: StageInfo[];
}

interface Drafted {
  input: Record<string, unknown>;
  errors: string[];
  relations: { field: ImportField; text: string }[];
}

function setTarget(input: Record<string, unknown>, target: string, value: unknown) {
  if (target.startsWith('custom_fields.')) {
    const values = (input.custom_fields ??= {}) as Record<string, unknown>;
    values[target.slice('custom_fields.'.length)] = value;
  } else if (target.startsWith('address.')) {
    const address = (input.address ??= {}) as Record<string, unknown>;
    address[target.slice('address.'.length)] = value;
  } else input[target] = value;
}

function draft(cells: string[], columns: { index: number; field: ImportField }[]): Drafted {
  const input: Record<string, unknown> = {};
  const errors: string[] = [];
  const relations: Drafted['relations'] = [];
  for (const { index, field } of columns) {
    const parsed = parseCell(field, cells[index] ?? '');
    if (parsed === undefined) continue;
    if ('error' in parsed) errors.push(`${field.field}: ${parsed.error}`);
    else if (field.relation) relations.push({ field, text: String(parsed.value) });
    else setTarget(input, field.target ?? field.field, field.target?.endsWith('_id') ? String(parsed.value) : parsed.value);
  }
  return { input, errors, relations };
}

/** The columns of the file that map to a field, with the field. */
function mappedColumns(spec: ImportSpec, headers: string[], mapping: Record<string, string>) {
  const byName = new Map(spec.fields.map((f) => [f.field, f]));
  return headers.flatMap((header, index) => {
    const field = byName.get(mapping[header] ?? '');
    return field ? [{ index, field }] : [];
  });
}

/** Everything the rows name, looked up in a fixed number of statements (one per kind named). */
async function resolve(db: Db, accountId: number, spec: ImportSpec, drafts: Drafted[]): Promise<Resolved> {
  const named = new Map<RelationKind, Set<string>>();
  const companyIds = new Set<number>();
  const userIds = new Set<number>();
  const keys = new Set<string>();
  for (const d of drafts) {
    for (const r of d.relations) {
      const kind = r.field.relation!;
      if (!named.has(kind)) named.set(kind, new Set());
      named.get(kind)!.add(r.text.toLowerCase());
    }
    if (typeof d.input.company_id === 'string') companyIds.add(Number(d.input.company_id));
    if (typeof d.input.assigned_to_id === 'string') userIds.add(Number(d.input.assigned_to_id));
    const key = d.input[spec.key.field];
    if (typeof key === 'string' && key.trim() !== '') keys.add(key.trim().toLowerCase());
  }
  const kinds = [...named.keys()];
  const [found, existingCompanyIds, existingUserIds, byKey, stages] = await Promise.all([
    Promise.all(kinds.map((k) => idsByKey(db, RELATIONS[k].table, RELATIONS[k].column, accountId, [...named.get(k)!]))),
    spec.createOne ? new Set<number>() : existingIds(db, companies, accountId, [...companyIds]),
    spec.createOne ? new Set<number>() : existingIds(db, users, accountId, [...userIds]),
    idsByKey(db, spec.table, spec.key.column, accountId, [...keys]),
    spec.needsStages ? accountStages(db, accountId) : [],
  ]);
  return { relations: new Map(kinds.map((k, i) => [k, found[i]!])), existingCompanyIds, existingUserIds, keys: byKey, stages };
}

function zodMessages(error: { issues: { path: PropertyKey[]; message: string; code?: string; input?: unknown }[] }): string[] {
  // A required field left empty says so (zod's own words name its internal types).
  return error.issues.map((i) => `${i.path.map(String).join('.') || 'row'}: ${i.code === 'invalid_type' && i.input === undefined ? 'is required' : i.message}`);
}

/**
 * Each row's plan. Companies named but missing are collected in `missing` when `createMissing`
 * (the caller creates them and fills their ids in), else the row fails.
 */
function planRows(spec: ImportSpec, drafts: Drafted[], resolved: Resolved, createMissing: boolean, missing: Map<string, string>, kind: string | null): Plan[] {
  const seen = new Map<string, number>();
  return drafts.map((d, i): Plan => {
    const errors = [...d.errors];
    let input: Record<string, unknown> = { ...d.input };
    for (const { field, text } of d.relations) {
      const target = field.target!;
      const relation = field.relation!;
      const id = resolved.relations.get(relation)?.get(text.toLowerCase());
      if (id !== undefined) input[target] = String(id);
      else if (relation === 'company' && createMissing) {
        if (!missing.has(text.toLowerCase())) missing.set(text.toLowerCase(), text);
        input[target] = `missing:${text.toLowerCase()}`;
      } else errors.push(`${field.field}: no ${RELATIONS[relation].label} "${text}"${relation === 'company' ? ' (create_missing=true creates it)' : ''}`);
    }
    if (!spec.createOne) {
      // Batched inserts skip the API's reference check: done here, against the account.
      if (typeof input.company_id === 'string' && !input.company_id.startsWith('missing:') && !d.relations.some((r) => r.field.target === 'company_id') && !resolved.existingCompanyIds.has(Number(input.company_id)))
        errors.push(`company_id: no company ${input.company_id} in the account`);
      if (typeof input.assigned_to_id === 'string' && !d.relations.some((r) => r.field.target === 'assigned_to_id') && !resolved.existingUserIds.has(Number(input.assigned_to_id)))
        errors.push(`assigned_to_id: no user ${input.assigned_to_id} in the account`);
    }
    if (errors.length) return { kind: 'fail', error: errors.join('; ') };
    if (spec.applyKind) {
      const ruled = spec.applyKind(input, kind, resolved.stages);
      if ('error' in ruled) return { kind: 'fail', error: ruled.error };
      input = ruled.input;
    }
    // The schema checks the body as the API would; a company still to create stands in as id 1.
    const checked = spec.create.safeParse(typeof input.company_id === 'string' && input.company_id.startsWith('missing:') ? { ...input, company_id: '1' } : input);
    if (!checked.success) return { kind: 'fail', error: zodMessages(checked.error).join('; ') };
    const problem = spec.problem?.(spec.columns(input));
    if (problem) return { kind: 'fail', error: problem };
    const rawKey = input[spec.key.field];
    const key = typeof rawKey === 'string' && rawKey.trim() !== '' ? rawKey.trim().toLowerCase() : null;
    if (key !== null) {
      const existing = resolved.keys.get(key);
      if (existing !== undefined) return { kind: 'update', id: existing, input };
      const earlier = seen.get(key);
      if (earlier !== undefined) return { kind: 'update-earlier', row: earlier, input };
      seen.set(key, i);
    }
    return { kind: 'create', input, key };
  });
}

async function planSheet(
  db: Db,
  accountId: number,
  spec: ImportSpec,
  sheet: { headers: string[]; mapping: Record<string, string>; rows: string[][] },
  options: { createMissing: boolean; kind: string | null },
) {
  const columns = mappedColumns(spec, sheet.headers, sheet.mapping);
  const drafts = sheet.rows.map((cells) => draft(cells, columns));
  const resolved = await resolve(db, accountId, spec, drafts);
  const missing = new Map<string, string>();
  const plans = planRows(spec, drafts, resolved, options.createMissing, missing, options.kind);
  if (spec.customFields?.length) await checkRowsCustomFields(db, accountId, spec, plans);
  return { plans, missing };
}

/**
 * Rows' custom fields checked as the API checks one record's (types, options, required on create,
 * users of the account), with the definitions read once and the users named looked up in one
 * statement: a refused row fails with the reasons, the others carry the values to store.
 */
async function checkRowsCustomFields(db: Db, accountId: number, spec: ImportSpec, plans: Plan[]) {
  const fields = spec.customFields!;
  const resource = spec.resource as CustomFieldResource;
  const checked = plans.map((plan) => {
    if (plan.kind === 'fail' || (plan.kind !== 'create' && plan.input.custom_fields === undefined)) return null;
    return checkCustomFields(fields, resource, plan.input.custom_fields as Record<string, unknown> | undefined, plan.kind === 'create' ? undefined : {});
  });
  const ids = [...new Set(checked.flatMap((c) => c?.users.map((u) => u.id) ?? []))];
  const found = await usersOfAccount(db, accountId, ids);
  checked.forEach((c, i) => {
    if (!c) return;
    for (const u of c.users) if (!found.has(u.id)) (c.errors[`custom_fields.${u.key}`] ??= []).push('is not a user of the account');
    const errors = Object.entries(c.errors).map(([f, m]) => `${f}: ${m.join(', ')}`);
    const plan = plans[i]!;
    if (errors.length) plans[i] = { kind: 'fail', error: errors.join('; ') };
    else if (plan.kind === 'create') plan.input.custom_fields = c.values;
  });
}

// ── The API: preview, create, follow, errors, undo ──────────────────────────────────────────

export interface ImportUpload {
  bytes: Uint8Array;
  query: ImportCreateQuery;
  /** The file's name, for the import's default name. */
  filename: string | null;
}

function mappingOf(spec: ImportSpec, sheet: Sheet, override: Record<string, string> | undefined) {
  const { mapping, unknown } = detectMapping(sheet.headers, spec.fields, override ?? {});
  if (override) {
    const missingColumns = Object.keys(override).filter((c) => !sheet.headers.includes(c));
    if (missingColumns.length) throw invalidField('mapping', `names columns the file does not have: ${missingColumns.join(', ')}`);
  }
  if (unknown.length) throw invalidField('mapping', `names fields ${spec.resource} do not have: ${unknown.join(', ')} (they take ${spec.fields.map((f) => f.field).join(', ')})`);
  return mapping;
}

/**
 * Importing writes the resource's records: its area must allow writing, and projects need access
 * to all of them (re-importing matches projects by external_id across the account).
 */
function assertMayImport(ctx: CallerContext, resource: ImportResource): void {
  requireArea(ctx, AREA_OF_LIST[resource], 'write');
  if (resource === 'projects' && ctx.access.projectAccess !== 'all') {
    throw new ServiceError('insufficient_permission', 'Importing projects needs access to all projects; yours is limited to your teams.', { area: 'projects', project_access: 'team' });
  }
}

/** The import, if its resource's area lets the caller read it (otherwise, as any record they may not see, not found). */
async function findVisibleImport(db: Db, ctx: CallerContext, id: number, lock = false) {
  const row = await findImport(db, ctx.accountId, id, lock);
  if (!row || !mayRead(ctx, row.import.resource)) throw notFound('Import');
  return row;
}

/** A dry run: nothing written; what the file would do, and its first errors. */
export async function previewImport(db: Db, ctx: CallerContext, upload: ImportUpload): Promise<ImportPreviewResponse> {
  assertMayImport(ctx, upload.query.resource);
  const spec = await specFor(db, ctx.accountId, upload.query.resource);
  const sheet = await readSheet(upload.bytes);
  const mapping = mappingOf(spec, sheet, upload.query.mapping);
  const { plans, missing } = await planSheet(db, ctx.accountId, spec, { headers: sheet.headers, mapping, rows: sheet.rows }, { createMissing: upload.query.create_missing, kind: kindOf(spec, upload.query.kind) });
  const errors = plans.flatMap((p, i) => (p.kind === 'fail' ? [{ row: i + 2, error: p.error }] : []));
  return {
    resource: spec.resource,
    total_rows: sheet.rows.length,
    columns: sheet.headers,
    mapping,
    created_count: plans.filter((p) => p.kind === 'create').length,
    updated_count: plans.filter((p) => p.kind === 'update' || p.kind === 'update-earlier').length,
    error_count: errors.length,
    companies_to_create: missing.size,
    errors: errors.slice(0, PREVIEW_ERRORS),
  };
}

/** A real import: its rows kept and queued (202); the job queue runs it. */
export async function createImport(db: Db, ctx: CallerContext, upload: ImportUpload): Promise<ImportResponse> {
  assertMayImport(ctx, upload.query.resource);
  const spec = await specFor(db, ctx.accountId, upload.query.resource);
  const sheet = await readSheet(upload.bytes);
  const mapping = mappingOf(spec, sheet, upload.query.mapping);
  const name = upload.query.name ?? upload.filename ?? `${spec.resource} import`;
  const id = await db.transaction(async (tx) => {
    const id = await insertRow(tx, imports, {
      accountId: ctx.accountId,
      name,
      resource: spec.resource,
      kind: kindOf(spec, upload.query.kind),
      status: sheet.rows.length ? 'queued' : 'completed',
      columns: sheet.headers,
      mapping,
      createMissing: upload.query.create_missing,
      totalRows: sheet.rows.length,
      createdById: ctx.userId,
      baseUrl: ctx.baseUrl,
    });
    await insertImportRows(tx, id, sheet.rows);
    if (sheet.rows.length) await enqueueImport(tx, id);
    return id;
  });
  return getImport(db, ctx, id);
}

export async function getImport(db: Db, ctx: CallerContext, id: number): Promise<ImportResponse> {
  const row = await findVisibleImport(db, ctx, id);
  const errors = row.import.errorCount > 0 ? await firstErrors(db, id, PREVIEW_ERRORS) : [];
  return serializeImport(row, errors);
}

export async function listImports(db: Db, ctx: CallerContext, query: ImportListQuery): Promise<Page<ImportResponse>> {
  const readable = IMPORT_RESOURCES.filter((r) => mayRead(ctx, r));
  return toPage(query, await queryImports(db, ctx.accountId, { ...query, readable }, pageWindow(query)), (row) => serializeImport(row, null));
}

/** The failed rows as they were, with `row` and `error` columns first. */
export async function importErrorsCsv(db: Db, ctx: CallerContext, id: number): Promise<{ name: string; csv: string }> {
  const row = await findVisibleImport(db, ctx, id);
  const failed = await failedRows(db, id);
  const csv = '\uFEFF' + stringify([['row', 'error', ...row.import.columns], ...failed.map((f) => [String(f.rowNumber), f.error ?? '', ...f.cells])]);
  return { name: row.import.name, csv };
}

/**
 * Undo: the records the import created are deleted (each as the API's delete would: its references
 * cleared, its delete event), and companies it created for missing names; records it only updated
 * stay. Refused while the import runs.
 */
export async function undoImport(db: Db, ctx: CallerContext, id: number): Promise<ImportResponse> {
  await db.transaction(async (tx) => {
    const row = await findVisibleImport(tx, ctx, id, true);
    // Undoing deletes the records it made: the delete of the resource's area.
    requireArea(ctx, AREA_OF_LIST[row.import.resource], 'delete');
    // If-Match against the import as its GET answers it (with its first errors).
    await assertIfMatch(ctx.ifMatch, 'import', async () => serializeImport(row, row.import.errorCount > 0 ? await firstErrors(tx, id, PREVIEW_ERRORS) : []));
    const { status, resource } = row.import;
    if (status === 'queued' || status === 'running') throw conflict('The import is still running: undo it once it has finished.');
    if (status === 'undone') return;
    const remove = { leads: deleteLead, projects: deleteProject, companies: deleteCompany, contacts: deleteContact, workforce_employees: deleteWorkforceEmployee }[resource];
    if (remove) for (const recordId of await createdRecordIds(tx, id)) await remove(tx, { ...ctx, ifMatch: null }, recordId).catch(ignoreGone);
    for (const companyId of resource === 'companies' ? [] : await companiesOfImport(tx, ctx.accountId, id)) await deleteCompany(tx, { ...ctx, ifMatch: null }, companyId).catch(ignoreGone);
    await setImportStatus(tx, id, 'undone');
  });
  return getImport(db, ctx, id);
}

/** A record deleted since the import made it is already undone. */
function ignoreGone(err: unknown) {
  if (err instanceof ServiceError && err.code === 'not_found') return;
  throw err;
}

// ── The worker's side ────────────────────────────────────────────────────────────────────────

function importContext(row: NonNullable<Awaited<ReturnType<typeof findImport>>>): CallerContext {
  const { import: imp } = row;
  return {
    requestId: `import-${imp.id}`,
    accountId: imp.accountId,
    userId: imp.createdById ?? 0,
    role: 'member',
    // What the import may write was checked when it was uploaded (the resource's area); the
    // runner writes it as the upload asked.
    access: FULL_ACCESS,
    scopes: ['read', 'write'],
    authMethod: 'session',
    credential: `import:${imp.id}`,
    baseUrl: imp.baseUrl ?? '',
    ifMatch: null,
  };
}

/** One batch in its transaction: records, their events, the rows' outcomes. */
async function runBatch(tx: Db, ctx: CallerContext, spec: ImportSpec, row: NonNullable<Awaited<ReturnType<typeof findImport>>>, batch: { id: number; rowNumber: number; cells: string[] }[]): Promise<RowOutcome[]> {
  const imp = row.import;
  const { plans, missing } = await planSheet(tx, ctx.accountId, spec, { headers: imp.columns, mapping: imp.mapping, rows: batch.map((b) => b.cells) }, { createMissing: imp.createMissing, kind: imp.kind });
  const events: EventRecord[] = [];
  // Companies named but missing, made first (one statement), with their events.
  const made = new Map<string, number>();
  if (missing.size) {
    const names = [...missing.values()];
    const ids = await insertRows(tx, companies, names.map((name) => ({ accountId: ctx.accountId, name, createdById: imp.createdById, importId: imp.id })));
    names.forEach((name, i) => made.set(name.toLowerCase(), ids[i]!));
    for (const cid of ids) events.push({ resource: 'company', action: 'create', id: cid, path: resourcePath('company', cid) });
  }
  const fill = (input: Record<string, unknown>) =>
    typeof input.company_id === 'string' && input.company_id.startsWith('missing:') ? { ...input, company_id: String(made.get(input.company_id.slice('missing:'.length))) } : input;

  const outcomes: (RowOutcome | null)[] = batch.map(() => null);
  const failed = (i: number, err: unknown): RowOutcome => {
    if (!(err instanceof ServiceError)) throw err;
    const details = Object.entries(err.details).map(([f, m]) => `${f}: ${(m as string[]).join(', ')}`);
    return { id: batch[i]!.id, outcome: 'failed', recordId: null, error: details.length ? details.join('; ') : err.message };
  };
  if (!spec.createOne) {
    // New records in one insert, their events in one statement.
    const creates = plans.flatMap((p, i) => (p.kind === 'create' ? [{ i, input: fill(p.input) }] : []));
    const ids = await insertRows(
      tx,
      spec.table,
      creates.map(({ input }) => ({ ...spec.columns(spec.create.parse(input) as Record<string, unknown>), accountId: ctx.accountId, createdById: imp.createdById, importId: imp.id })) as never[],
    );
    creates.forEach(({ i }, n) => {
      outcomes[i] = { id: batch[i]!.id, outcome: 'created', recordId: ids[n]!, error: null };
      events.push({ resource: spec.event, action: 'create', id: ids[n]!, path: resourcePath(spec.event, ids[n]!) });
    });
  }
  await recordEvents(tx, ctx, events);
  // In file order: creates through the API's own create (when the resource has one), updates through
  // its update (its rules, its event), each in a savepoint so a refused row leaves the batch whole.
  for (const [i, plan] of plans.entries()) {
    if (plan.kind === 'fail') outcomes[i] = { id: batch[i]!.id, outcome: 'failed', recordId: null, error: plan.error };
    if (plan.kind === 'create' && spec.createOne) {
      try {
        const id = await spec.createOne(tx, ctx, spec.create.parse(fill(plan.input)) as Record<string, unknown>, imp.id);
        outcomes[i] = { id: batch[i]!.id, outcome: 'created', recordId: id, error: null };
      } catch (err) {
        outcomes[i] = failed(i, err);
      }
    }
    if (plan.kind !== 'update' && plan.kind !== 'update-earlier') continue;
    const target = plan.kind === 'update' ? plan.id : outcomes[plan.row]?.recordId;
    if (!target) {
      outcomes[i] = { id: batch[i]!.id, outcome: 'failed', recordId: null, error: `the row ${batch[(plan as { row: number }).row]!.rowNumber} with the same key failed` };
      continue;
    }
    try {
      await spec.update(tx, ctx, target, spec.create.parse(fill(plan.input)) as Record<string, unknown>);
      outcomes[i] = { id: batch[i]!.id, outcome: 'updated', recordId: target, error: null };
    } catch (err) {
      outcomes[i] = failed(i, err);
    }
  }
  return outcomes.map((o) => o!);
}

class LostClaim extends Error {}

/**
 * Runs a runnable import (the one given, or the oldest) to its end, a batch per transaction;
 * false when there was none to claim. Safe to run from several workers: a claim is exclusive and
 * runs out if its worker dies, and a batch whose claim was lost rolls back.
 */
export async function runImport(db: Db, id?: number, keepGoing: () => boolean = () => true): Promise<boolean> {
  const token = randomUUID();
  const claimed = await claimImport(db, token, LEASE_SECONDS, id);
  if (!claimed) return false;
  const row = (await findImport(db, claimed.accountId, claimed.id))!;
  const spec = await specFor(db, claimed.accountId, row.import.resource);
  const ctx = importContext(row);
  try {
    for (;;) {
      if (!keepGoing()) {
        // Stopping (a worker shutting down): the claim is let go, the next worker resumes.
        await releaseClaim(db, claimed.id, token);
        return true;
      }
      const done = await db.transaction(async (tx) => {
        if (!(await renewClaim(tx, claimed.id, token, LEASE_SECONDS))) throw new LostClaim();
        const batch = await pendingRows(tx, claimed.id, BATCH);
        if (batch.length === 0) return true;
        await recordOutcomes(tx, claimed.id, await runBatch(tx, ctx, spec, row, batch));
        return false;
      });
      if (done) break;
    }
    await finishImport(db, claimed.id, token, 'completed');
  } catch (err) {
    if (err instanceof LostClaim) return true;
    console.error(JSON.stringify({ level: 'error', message: 'import failed', import_id: claimed.id, error: String(err) }));
    await finishImport(db, claimed.id, token, 'failed').catch(() => {});
  }
  return true;
}

/** Every runnable import, one after the other (the embedded loop and the cron route). */
export async function runDueImports(db: Db, keepGoing: () => boolean = () => true): Promise<void> {
  while (keepGoing() && (await runImport(db, undefined, keepGoing))) {
    // next
  }
}

export const IMPORTABLE: readonly ImportResource[] = IMPORT_RESOURCES.filter((r) => IMPORT_SPECS[r] !== undefined);
