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
  idsByName,
  lookAlikes,
  insertImportRows,
  listImports as queryImports,
  lockImportsOf,
  normalName,
  pendingRows,
  releaseClaim,
  recordOutcomes,
  renewClaim,
  setImportStatus,
  type RowOutcome,
} from '@/db/queries/imports';
import { deleteRows, insertRow, insertRows } from '@/db/queries/tenant';
import { companies, imports, users } from '@/db/schema';
import {
  CUSTOM_FIELD_RESOURCES,
  IMPORT_RESOURCES,
  type CustomFieldResource,
  type CustomFieldType,
  type ImportResource,
  type MergeResource,
  type PermissionArea,
} from '@/db/schema/enums';
import { fieldsOf, usersOfAccount } from '@/db/queries/custom-fields';
import { detectMapping, parseCell } from '@/lib/server/imports/fields';
import type { FieldType, ImportField, RelationKind } from '@/lib/shared/import-fields';
import { readSheet } from '@/lib/server/imports/read-file';
import { IMPORT_SPECS, RELATIONS, type ImportSpec, type StageInfo } from '@/lib/server/imports/resources';
import { serializeImport } from '@/lib/server/serializers/imports';
import type { ImportCreateQuery, ImportListQuery, ImportPreviewResponse, ImportResponse } from '@/lib/shared/validation/imports';
import { isUniqueViolation, withoutParameters } from '@/db/query-errors';
import { findUser } from '@/db/queries/users';
import { neutralise } from '@/lib/server/export/columns';
import { recordEvents, resourcePath, type EventRecord } from '@/lib/server/services/common';
import { AREA_OF_LIST, mayRead, requireArea } from '@/lib/server/services/permissions';
import { checkCustomFields } from '@/lib/server/services/custom-field-values';
import { deleteCompany } from '@/lib/server/services/companies';
import { deleteContact } from '@/lib/server/services/contacts';
import { deleteLead } from '@/lib/server/services/leads';
import { deleteProject } from '@/lib/server/services/projects';
import { deleteBidResult } from '@/lib/server/services/bid-results';
import { recordsByAlias } from '@/db/queries/merges';
import { deleteWorkforceEmployee } from '@/lib/server/services/workforce-employees';
import { contextOfUser, type CallerContext } from '@/lib/server/services/context';
import { conflict, invalidField, notFound, ServiceError } from '@/lib/server/services/errors';
import { enqueueImport } from '@/db/queries/job-queue';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import { lockForWrite } from '@/lib/server/services/preconditions';

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
      if (f.fieldType === 'currency')
        return [
          { field: `${target}_dollars`, labels: [f.label, f.key], type: 'money', target },
          { field: target, labels: [], type: 'integer', target },
        ];
      return [{ field: target, labels: [f.label, f.key], type: CUSTOM_CELL[f.fieldType], options: f.options, target }];
    });
  return { ...spec, fields: [...spec.fields, ...custom], customFields: defs };
}

// ── Planning: a row's body, its relations, and whether it creates or updates ──────────────────

type Plan =
  | { kind: 'fail'; error: string }
  | { kind: 'create'; input: Record<string, unknown>; key: string | null }
  | { kind: 'update'; id: number; input: Record<string, unknown>; by?: 'name' }
  /** Updates the record an earlier row of the same batch creates (same key). */
  | { kind: 'update-earlier'; row: number; input: Record<string, unknown> };

interface Resolved {
  /** Per relation kind: the lower-cased name or email → id. */
  relations: Map<RelationKind, Map<string, number>>;
  existingCompanyIds: Set<number>;
  existingUserIds: Set<number>;
  keys: Map<string, number>;
  /** Keys matched as another record's alias (→ that record's own name or email): the row updates it and keeps its own. */
  aliasKeys: Map<string, string | null>;
  /** Rows without a key, by their normalised name (spec.byName): the records of that name. */
  names: Map<string, { id: number; name: string }[]>;
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
  const names = new Set<string>();
  for (const d of drafts) {
    for (const r of d.relations) {
      const kind = r.field.relation!;
      if (!named.has(kind)) named.set(kind, new Set());
      named.get(kind)!.add(r.text.toLowerCase());
    }
    if (typeof d.input.company_id === 'string') companyIds.add(Number(d.input.company_id));
    if (typeof d.input.assigned_to_id === 'string') userIds.add(Number(d.input.assigned_to_id));
    const key = spec.key ? d.input[spec.key.field] : undefined;
    if (typeof key === 'string' && key.trim() !== '') keys.add(key.trim().toLowerCase());
    else if (spec.byName && typeof d.input[spec.byName.field] === 'string') names.add(normalName(d.input[spec.byName.field] as string));
  }
  const kinds = [...named.keys()];
  const [found, existingCompanyIds, existingUserIds, byKey, byName, stages] = await Promise.all([
    Promise.all(kinds.map((k) => idsByKey(db, RELATIONS[k].table, RELATIONS[k].column, accountId, [...named.get(k)!]))),
    spec.createOne ? new Set<number>() : existingIds(db, companies, accountId, [...companyIds]),
    spec.createOne ? new Set<number>() : existingIds(db, users, accountId, [...userIds]),
    spec.key ? idsByKey(db, spec.table, spec.key.column, accountId, [...keys]) : new Map<string, number>(),
    spec.byName ? idsByName(db, spec.table, spec.byName.column, accountId, [...names]) : new Map<string, { id: number; name: string }[]>(),
    spec.needsStages ? accountStages(db, accountId) : [],
  ]);
  // A name or email a merged duplicate had is the kept record's (docs/merge.md): the file matches it instead of making the duplicate again.
  const companyNames = kinds.indexOf('company');
  if (companyNames >= 0) await withAliases(db, accountId, 'companies', 'name', [...named.get('company')!], found[companyNames]!);
  const aliasKeys = new Map<string, string | null>();
  if (spec.resource === 'companies' || spec.resource === 'contacts') {
    const kind = spec.resource === 'companies' ? 'name' : 'email';
    for (const [k, { own }] of await withAliases(db, accountId, spec.resource, kind, [...keys], byKey)) aliasKeys.set(k, own);
  }
  return { relations: new Map(kinds.map((k, i) => [k, found[i]!])), existingCompanyIds, existingUserIds, keys: byKey, aliasKeys, names: byName, stages };
}

/** Adds to `found` (lower-cased value → id) the values not found there that are aliases of a record. */
async function withAliases(db: Db, accountId: number, resource: MergeResource, kind: 'name' | 'email', values: string[], found: Map<string, number>) {
  const unmatched = values.filter((v) => !found.has(v));
  const aliases = await recordsByAlias(db, accountId, resource, kind, unmatched);
  for (const [value, { id }] of aliases) found.set(value, id);
  return aliases;
}

function zodMessages(error: { issues: { path: PropertyKey[]; message: string; code?: string; input?: unknown }[] }): string[] {
  // A required field left empty says so (zod's own words name its internal types).
  return error.issues.map((i) => `${i.path.map(String).join('.') || 'row'}: ${i.code === 'invalid_type' && i.input === undefined ? 'is required' : i.message}`);
}

/**
 * Each row's plan. A company named but missing stands in as `missing:<name>` when `createMissing`
 * (planSheet lists those of the rows that pass; the caller creates them and fills their ids in),
 * else the row fails.
 */
function planRows(spec: ImportSpec, drafts: Drafted[], resolved: Resolved, createMissing: boolean, state: PlanState, kind: string | null): Plan[] {
  const { seen, named } = state;
  return drafts.map((d, i): Plan => {
    const errors = [...d.errors];
    let input: Record<string, unknown> = { ...d.input };
    for (const { field, text } of d.relations) {
      const target = field.target!;
      const relation = field.relation!;
      // Our own firm, where a bidder or a winner is named.
      if (field.us && US.has(text.trim().toLowerCase())) {
        input[field.us] = true;
        continue;
      }
      // A project by its number or its name: the number when the row gives both.
      if (relation === 'project' && d.relations.some((r) => r.field.relation === 'project_number')) continue;
      const id = resolved.relations.get(relation)?.get(text.toLowerCase());
      if (id !== undefined) input[target] = String(id);
      else if (relation === 'company' && createMissing) {
        if (!named.has(text.toLowerCase())) named.set(text.toLowerCase(), text);
        input[target] = `missing:${text.toLowerCase()}`;
      } else errors.push(`${field.field}: no ${RELATIONS[relation].label} "${text}"${relation === 'company' ? ' (create_missing=true creates it)' : ''}`);
    }
    if (!spec.createOne) {
      // Batched inserts skip the API's reference check: done here, against the account.
      if (
        typeof input.company_id === 'string' &&
        !input.company_id.startsWith('missing:') &&
        !d.relations.some((r) => r.field.target === 'company_id') &&
        !resolved.existingCompanyIds.has(Number(input.company_id))
      )
        errors.push(`company_id: no company ${input.company_id} in the account`);
      if (
        typeof input.assigned_to_id === 'string' &&
        !d.relations.some((r) => r.field.target === 'assigned_to_id') &&
        !resolved.existingUserIds.has(Number(input.assigned_to_id))
      )
        errors.push(`assigned_to_id: no user ${input.assigned_to_id} in the account`);
    }
    if (errors.length) return { kind: 'fail', error: errors.join('; ') };
    if (spec.applyKind) {
      const ruled = spec.applyKind(input, kind, resolved.stages);
      if ('error' in ruled) return { kind: 'fail', error: ruled.error };
      input = ruled.input;
    }
    // The schema checks the body as the API would; a company still to create stands in as id 1.
    const checked = spec.create.safeParse(Object.fromEntries(Object.entries(input).map(([k, v]) => [k, isMissing(v) ? '1' : v])));
    if (!checked.success) return { kind: 'fail', error: zodMessages(checked.error).join('; ') };
    const problem = spec.problem?.(spec.columns(input));
    if (problem) return { kind: 'fail', error: problem };
    const rawKey = spec.key ? input[spec.key.field] : undefined;
    let key = typeof rawKey === 'string' && rawKey.trim() !== '' ? rawKey.trim().toLowerCase() : null;
    if (key !== null) {
      const existing = resolved.keys.get(key);
      if (existing !== undefined && resolved.aliasKeys.has(key)) {
        const own = resolved.aliasKeys.get(key);
        const { [spec.key!.field]: _alias, ...rest } = input;
        return { kind: 'update', id: existing, input: own === null || own === undefined ? rest : { ...rest, [spec.key!.field]: own } };
      }
      if (existing !== undefined) return { kind: 'update', id: existing, input };
    } else if (spec.byName && typeof input[spec.byName.field] === 'string') {
      // No key: the one record of the same name (a corrected file imported again), else a new one.
      const name = normalName(input[spec.byName.field] as string);
      const same = resolved.names.get(name) ?? [];
      if (same.length > 1) {
        return {
          kind: 'fail',
          error: `${spec.key?.field ?? spec.byName.field}: ${same.length} ${spec.byName.label} are named "${input[spec.byName.field]}": give the row the External ID of the one to update`,
        };
      }
      // The name is the key here: the record keeps its own spelling of it.
      if (same.length === 1) return { kind: 'update', id: same[0]!.id, input: { ...input, [spec.byName.field]: same[0]!.name }, by: 'name' };
      key = `name:${name}`;
    }
    if (key !== null) {
      const earlier = seen.get(key);
      // Matched by name, the earlier row's spelling stays.
      const kept = key.startsWith('name:') && earlier !== undefined ? { [spec.byName!.field]: drafts[earlier]!.input[spec.byName!.field] } : {};
      if (earlier !== undefined) return { kind: 'update-earlier', row: earlier, input: { ...input, ...kept } };
      seen.set(key, i);
    }
    return { kind: 'create', input, key };
  });
}

/**
 * What the rows planned so far have seen: keys (a later row with one updates the record the earlier
 * creates), the missing companies named (lower-cased → as written) and those to create: the ones
 * rows that pass need (a failed row creates nothing). One batch's, or a whole file's across batches.
 */
interface PlanState {
  seen: Map<string, number>;
  named: Map<string, string>;
  missing: Map<string, string>;
}

const newPlanState = (): PlanState => ({ seen: new Map(), named: new Map(), missing: new Map() });

/** What names our own firm in a bidder's or a winner's cell. */
const US = new Set(['us', 'we', 'ours', 'our bid']);

/** The fields a company named by a row fills (a project's client and its winner; a bidder). */
const COMPANY_TARGETS = ['company_id', 'awarded_to_id'] as const;
const isMissing = (value: unknown): value is string => typeof value === 'string' && value.startsWith('missing:');

/** The companies a row names that are still to create (create_missing), lower-cased. */
const missingNames = (input: Record<string, unknown>) =>
  COMPANY_TARGETS.flatMap((target) => (isMissing(input[target]) ? [(input[target] as string).slice('missing:'.length)] : []));

async function planSheet(
  db: Db,
  accountId: number,
  spec: ImportSpec,
  sheet: { headers: string[]; mapping: Record<string, string>; rows: string[][] },
  options: { createMissing: boolean; kind: string | null },
  state: PlanState = newPlanState(),
) {
  const columns = mappedColumns(spec, sheet.headers, sheet.mapping);
  const drafts = sheet.rows.map((cells) => draft(cells, columns));
  const resolved = await resolve(db, accountId, spec, drafts);
  const plans = planRows(spec, drafts, resolved, options.createMissing, state, options.kind);
  if (spec.customFields?.length) await checkRowsCustomFields(db, accountId, spec, plans);
  for (const plan of plans) {
    if (plan.kind !== 'fail') for (const name of missingNames(plan.input)) state.missing.set(name, state.named.get(name)!);
  }
  return { plans, missing: state.missing };
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
  /** The file's name, for the import's default name and for what a refusal says. */
  filename: string | null;
}

function mappingOf(spec: ImportSpec, headers: string[], override: Record<string, string> | undefined) {
  const { mapping, unknown } = detectMapping(headers, spec.fields, override ?? {});
  if (override) {
    const missingColumns = Object.keys(override).filter((c) => !headers.includes(c));
    if (missingColumns.length) throw invalidField('mapping', `names columns the file does not have: ${missingColumns.join(', ')}`);
  }
  if (unknown.length)
    throw invalidField('mapping', `names fields ${spec.resource} do not have: ${unknown.join(', ')} (they take ${spec.fields.map((f) => f.field).join(', ')})`);
  return mapping;
}

/** Imports that match projects across the account (by external id, name or number): for who sees all of them. */
const ALL_PROJECTS = new Set<ImportResource>(['projects', 'bid_results']);

/** The areas of records a field names (a company by name or id, a contact, a manager): reading them needs it. */
const AREA_OF_REFERENCE: Partial<Record<string, PermissionArea>> = { company_id: 'directory', contact_id: 'directory', manager_id: 'workforce' };

/**
 * Importing writes the resource's records: its area must allow writing, and projects need access
 * to all of them (re-importing matches projects by external_id across the account). Every record
 * an import touches needs its own area: columns that name companies, contacts or managers need
 * reading theirs (a dry run would otherwise tell which names exist), and creating missing
 * companies needs writing the directory. Checked at upload and again, with the importer's access
 * as it is then, when the queue runs the import.
 */
function assertMayImport(ctx: CallerContext, spec: ImportSpec, options: { createMissing: boolean; mapping?: Record<string, string> }): void {
  requireArea(ctx, AREA_OF_LIST[spec.resource], 'write');
  if (ALL_PROJECTS.has(spec.resource) && ctx.access.projectAccess !== 'all') {
    throw new ServiceError('insufficient_permission', 'Importing projects needs access to all projects; yours is limited to your teams.', {
      area: 'projects',
      project_access: 'team',
    });
  }
  if (!options.mapping) return;
  const byName = new Map(spec.fields.map((f) => [f.field, f]));
  const mapped = Object.values(options.mapping).flatMap((name) => byName.get(name) ?? []);
  for (const field of mapped) {
    const area = AREA_OF_REFERENCE[field.target ?? field.field];
    if (area) requireArea(ctx, area, 'read');
  }
  if (options.createMissing && spec.resource !== 'companies' && mapped.some((f) => f.relation === 'company')) requireArea(ctx, 'directory', 'write');
}

/**
 * The import, if the caller may see its records: its resource's area lets them read, and for
 * projects they see all of them (a team-limited user sees neither other teams' project imports nor
 * their rows). Otherwise, as any record they may not see, not found.
 */
const mayFollow = (ctx: CallerContext, resource: ImportResource) =>
  mayRead(ctx, resource) && (!ALL_PROJECTS.has(resource) || ctx.access.projectAccess === 'all');

async function findVisibleImport(db: Db, ctx: CallerContext, id: number, lock = false) {
  const row = await findImport(db, ctx.accountId, id, lock);
  if (!row || !mayFollow(ctx, row.import.resource)) throw notFound('Import');
  return row;
}

/**
 * An upload read as far as both a dry run and an import need: who may import what (checked before
 * the file is read, and again once its columns say which fields it writes), the file's rows, and
 * how its columns map to the resource's fields.
 */
async function readUpload(db: Db, ctx: CallerContext, upload: ImportUpload) {
  const spec = await specFor(db, ctx.accountId, upload.query.resource);
  assertMayImport(ctx, spec, { createMissing: upload.query.create_missing });
  const sheet = await readSheet(upload.bytes, upload.filename);
  const mapping = mappingOf(spec, sheet.headers, upload.query.mapping);
  assertMayImport(ctx, spec, { createMissing: upload.query.create_missing, mapping });
  return { spec, sheet, mapping };
}

/** Rows planned a batch at a time in a dry run: the statements' parameters stay bounded, whatever the file's size. */
const PREVIEW_BATCH = 2_000;

/** A dry run: nothing written; what the file would do, and its first errors. */
export async function previewImport(db: Db, ctx: CallerContext, upload: ImportUpload): Promise<ImportPreviewResponse> {
  const { spec, sheet, mapping } = await readUpload(db, ctx, upload);
  const options = { createMissing: upload.query.create_missing, kind: kindOf(spec, upload.query.kind) };
  const state = newPlanState();
  const counts = { create: 0, update: 0, fail: 0 };
  const errors: { row: number; error: string }[] = [];
  const updates: ImportPreviewResponse['updates'] = [];
  const lookAlikeRows: ImportPreviewResponse['look_alikes'] = [];
  let offset = 0;
  for (const rows of sheet.rows.batches(PREVIEW_BATCH)) {
    const { plans } = await planSheet(db, ctx.accountId, spec, { headers: sheet.headers, mapping, rows }, options, state);
    // A new project or lead whose name is like an existing one's: perhaps the same pursuit, renamed.
    if (spec.byName && lookAlikeRows.length < PREVIEW_ERRORS) {
      const field = spec.byName.field;
      const creating = plans.flatMap((p, i) =>
        p.kind === 'create' && typeof p.input[field] === 'string' ? [{ row: offset + i + 2, name: p.input[field] as string }] : [],
      );
      const alike = await lookAlikes(db, spec.table, spec.byName.column, ctx.accountId, [...new Set(creating.map((c) => c.name))]);
      for (const c of creating) {
        const match = alike.get(c.name);
        if (match && lookAlikeRows.length < PREVIEW_ERRORS) {
          lookAlikeRows.push({ row: c.row, name: c.name, record_id: String(match.id), record_name: match.name, similarity: match.similarity });
        }
      }
    }
    plans.forEach((p, i) => {
      if (p.kind === 'fail') {
        counts.fail++;
        if (errors.length < PREVIEW_ERRORS) errors.push({ row: offset + i + 2, error: p.error });
      } else counts[p.kind === 'create' ? 'create' : 'update']++;
      if (p.kind === 'update' && updates.length < PREVIEW_ERRORS) {
        const matched = p.by === 'name' ? spec.byName!.field : spec.key!.field;
        updates.push({ row: offset + i + 2, record_id: String(p.id), matched_by: p.by ?? 'key', match: String(p.input[matched] ?? '') });
      }
    });
    offset += rows.length;
  }
  return {
    resource: spec.resource,
    total_rows: sheet.rowCount,
    columns: sheet.headers,
    mapping,
    created_count: counts.create,
    updated_count: counts.update,
    error_count: counts.fail,
    companies_to_create: state.missing.size,
    errors,
    updates,
    look_alikes: lookAlikeRows,
  };
}

/** A real import: its rows kept and queued (202); the job queue runs it. */
export async function createImport(db: Db, ctx: CallerContext, upload: ImportUpload): Promise<ImportResponse> {
  const { spec, sheet, mapping } = await readUpload(db, ctx, upload);
  const name = upload.query.name ?? upload.filename ?? `${spec.resource} import`;
  const id = await db.transaction(async (tx) => {
    const id = await insertRow(tx, imports, {
      accountId: ctx.accountId,
      name,
      resource: spec.resource,
      kind: kindOf(spec, upload.query.kind),
      status: sheet.rowCount ? 'queued' : 'completed',
      columns: sheet.headers,
      mapping,
      createMissing: upload.query.create_missing,
      totalRows: sheet.rowCount,
      createdById: ctx.userId,
      baseUrl: ctx.baseUrl,
    });
    let rowNumber = 2;
    for (const rows of sheet.rows.batches(1_000)) {
      await insertImportRows(tx, id, rows, rowNumber);
      rowNumber += rows.length;
    }
    if (sheet.rowCount) await enqueueImport(tx, id);
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
  const readable = IMPORT_RESOURCES.filter((r) => mayFollow(ctx, r));
  return toPage(query, await queryImports(db, ctx.accountId, { ...query, readable }, pageWindow(query)), (row) => serializeImport(row, null));
}

/**
 * The failed rows as they were, with `row` and `error` columns first, every cell written as the
 * exports write text (a leading apostrophe before what a spreadsheet would run as a formula, which
 * the importer takes off again).
 */
export async function importErrorsCsv(db: Db, ctx: CallerContext, id: number): Promise<{ name: string; csv: string }> {
  const row = await findVisibleImport(db, ctx, id);
  const failed = await failedRows(db, id);
  const width = row.import.columns.length;
  const line = (cells: string[]) => cells.map((c) => neutralise(c) as string);
  const csv =
    '\uFEFF' +
    stringify([
      line(['row', 'error', ...row.import.columns]),
      ...failed.map((f) => line([String(f.rowNumber), f.error ?? '', ...Array.from({ length: width }, (_, i) => f.cells[i] ?? '')])),
    ]);
  return { name: row.import.name, csv };
}

/**
 * Undo: the records the import created are deleted (each as the API's delete would: its references
 * cleared, its delete event), and companies it created for missing names; records it only updated
 * stay. Refused while the import runs, and refused whole when the caller cannot see a record it
 * created that still exists: a record one cannot see is not one that is gone.
 */
export async function undoImport(db: Db, ctx: CallerContext, id: number): Promise<ImportResponse> {
  await db.transaction(async (tx) => {
    // If-Match against the import as its GET answers it (with its first errors).
    const row = await lockForWrite(ctx.ifMatch, {
      key: 'import',
      label: 'Import',
      lock: async () => {
        const found = await findVisibleImport(tx, ctx, id, true);
        // Undoing deletes the records it made: the delete of the resource's area.
        requireArea(ctx, AREA_OF_LIST[found.import.resource], 'delete');
        return found;
      },
      answer: async (found) => serializeImport(found, found.import.errorCount > 0 ? await firstErrors(tx, id, PREVIEW_ERRORS) : []),
    });
    const { status, resource } = row.import;
    if (status === 'queued' || status === 'running') throw conflict('The import is still running: undo it once it has finished.');
    if (status === 'undone') return;
    const made = resource === 'companies' ? [] : await companiesOfImport(tx, ctx.accountId, id);
    if (made.length) requireArea(ctx, 'directory', 'delete');
    const spec = specOf(resource);
    const remove = {
      leads: deleteLead,
      projects: deleteProject,
      companies: deleteCompany,
      contacts: deleteContact,
      workforce_employees: deleteWorkforceEmployee,
      bid_results: deleteBidResult,
    }[resource];
    const unseen = { records: [] as number[], companies: [] as number[] };
    if (remove)
      for (const recordId of await createdRecordIds(tx, id))
        await remove(tx, { ...ctx, ifMatch: null }, recordId).catch(notFoundInto(unseen.records, recordId));
    for (const companyId of made) await deleteCompany(tx, { ...ctx, ifMatch: null }, companyId).catch(notFoundInto(unseen.companies, companyId));
    const hidden =
      (await existingIds(tx, spec.table, ctx.accountId, unseen.records)).size + (await existingIds(tx, companies, ctx.accountId, unseen.companies)).size;
    if (hidden > 0) {
      throw new ServiceError(
        'insufficient_permission',
        `This import created ${hidden === 1 ? 'a record' : `${hidden} records`} you cannot see; someone who sees all of them must undo it.`,
        {
          area: AREA_OF_LIST[resource],
        },
      );
    }
    await setImportStatus(tx, id, 'undone');
  });
  return getImport(db, ctx, id);
}

/** A record the delete did not find goes into `into` (gone, or hidden from the caller: checked after). */
function notFoundInto(into: number[], id: number) {
  return (err: unknown) => {
    if (err instanceof ServiceError && err.code === 'not_found') into.push(id);
    else throw err;
  };
}

// ── The worker's side ────────────────────────────────────────────────────────────────────────

class ImporterGone extends Error {}

/**
 * The import's writes as its importer's, with their access as it is now (a permission taken away
 * since the upload applies): an importer deleted or deactivated since stops the import.
 */
async function importContext(db: Db, row: NonNullable<Awaited<ReturnType<typeof findImport>>>): Promise<CallerContext> {
  const { import: imp } = row;
  const user = imp.createdById === null ? undefined : await findUser(db, imp.accountId, imp.createdById);
  if (!user || user.deactivatedAt) throw new ImporterGone(`import ${imp.id}: its importer is no longer an active user`);
  return contextOfUser(user, { accountId: imp.accountId, requestId: `import-${imp.id}`, credential: `import:${imp.id}`, baseUrl: imp.baseUrl ?? '' });
}

/** One batch in its transaction: records, their events, the rows' outcomes. */
async function runBatch(
  tx: Db,
  ctx: CallerContext,
  spec: ImportSpec,
  row: NonNullable<Awaited<ReturnType<typeof findImport>>>,
  batch: { id: number; rowNumber: number; cells: string[] }[],
): Promise<RowOutcome[]> {
  const imp = row.import;
  const { plans, missing } = await planSheet(
    tx,
    ctx.accountId,
    spec,
    { headers: imp.columns, mapping: imp.mapping, rows: batch.map((b) => b.cells) },
    { createMissing: imp.createMissing, kind: imp.kind },
  );
  const events: EventRecord[] = [];
  // Companies named but missing that the passing rows need, made first (one statement).
  const made = new Map<string, number>();
  if (missing.size) {
    const names = [...missing.values()];
    const ids = await insertRows(
      tx,
      companies,
      names.map((name) => ({ accountId: ctx.accountId, name, category: spec.missingCompanyCategory ?? null, createdById: imp.createdById, importId: imp.id })),
    );
    names.forEach((name, i) => made.set(name.toLowerCase(), ids[i]!));
  }
  const fill = (input: Record<string, unknown>) => {
    const filled = { ...input };
    for (const target of COMPANY_TARGETS) if (isMissing(filled[target])) filled[target] = String(made.get(filled[target].slice('missing:'.length)));
    return filled;
  };
  /** A row's write and what it writes beside the record (`after`), in one savepoint: a refused row leaves nothing. */
  const withAfter = async <T>(write: (db: Db) => Promise<T>, input: Record<string, unknown>, idOf: (result: T) => number): Promise<T> => {
    if (!spec.after) return write(tx);
    return tx.transaction(async (sp) => {
      const result = await write(sp);
      await spec.after!(sp, ctx, idOf(result), input);
      return result;
    });
  };

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
      creates.map(({ input }) => ({
        ...spec.columns(spec.create.parse(input) as Record<string, unknown>),
        accountId: ctx.accountId,
        createdById: imp.createdById,
        importId: imp.id,
      })) as never[],
    );
    creates.forEach(({ i }, n) => {
      outcomes[i] = { id: batch[i]!.id, outcome: 'created', recordId: ids[n]!, error: null };
      events.push({ resource: spec.event, action: 'create', id: ids[n]!, path: resourcePath(spec.event, ids[n]!) });
    });
  }
  // In file order: creates through the API's own create (when the resource has one), updates through
  // its update (its rules, its event), each in a savepoint so a refused row leaves the batch whole.
  for (const [i, plan] of plans.entries()) {
    if (plan.kind === 'fail') outcomes[i] = { id: batch[i]!.id, outcome: 'failed', recordId: null, error: plan.error };
    if (plan.kind === 'create' && spec.createOne) {
      try {
        const input = fill(plan.input);
        const made = await withAfter(
          async (db) => spec.createOne!(db, ctx, spec.create.parse(input) as Record<string, unknown>, imp.id),
          input,
          (r) => (typeof r === 'number' ? r : r.id),
        );
        const { id, updated } = typeof made === 'number' ? { id: made, updated: false } : made;
        outcomes[i] = { id: batch[i]!.id, outcome: updated ? 'updated' : 'created', recordId: id, error: null };
      } catch (err) {
        outcomes[i] = failed(i, err);
      }
    }
    if (plan.kind !== 'update' && plan.kind !== 'update-earlier') continue;
    const target = plan.kind === 'update' ? plan.id : outcomes[plan.row]?.recordId;
    if (!target) {
      outcomes[i] = {
        id: batch[i]!.id,
        outcome: 'failed',
        recordId: null,
        error: `the row ${batch[(plan as { row: number }).row]!.rowNumber} with the same key failed`,
      };
      continue;
    }
    try {
      const input = fill(plan.input);
      await withAfter(
        (db) => spec.update(db, ctx, target, spec.create.parse(input) as Record<string, unknown>),
        input,
        () => target,
      );
      outcomes[i] = { id: batch[i]!.id, outcome: 'updated', recordId: target, error: null };
    } catch (err) {
      outcomes[i] = failed(i, err);
    }
  }
  // A company made for rows the API then refused is nobody's: it goes, and no event says it came.
  const used = new Set(plans.flatMap((plan, i) => (plan.kind !== 'fail' && outcomes[i]?.recordId ? missingNames(plan.input) : [])));
  const unused = [...made].filter(([name]) => !used.has(name)).map(([, id]) => id);
  await deleteRows(tx, companies, ctx.accountId, unused);
  const kept = [...made.values()].filter((id) => !unused.includes(id));
  await recordEvents(tx, ctx, [
    ...kept.map((cid): EventRecord => ({ resource: 'company', action: 'create', id: cid, path: resourcePath('company', cid) })),
    ...events,
  ]);
  return outcomes.map((o) => o!);
}

class LostClaim extends Error {}

/**
 * A batch that lost a race on a unique key (a record the API created meanwhile with the same email
 * or external_id) rolled back whole: run again, it finds that record and updates it.
 */
async function retryOnRace<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isUniqueViolation(err)) throw err;
    }
  }
}

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
  try {
    const spec = await specFor(db, claimed.accountId, row.import.resource);
    const ctx = await importContext(db, row);
    assertMayImport(ctx, spec, { createMissing: row.import.createMissing, mapping: row.import.mapping });
    for (;;) {
      if (!keepGoing()) {
        // Stopping (a worker shutting down): the claim is let go, the next worker resumes.
        await releaseClaim(db, claimed.id, token);
        return true;
      }
      const done = await retryOnRace(() =>
        db.transaction(async (tx) => {
          if (!(await renewClaim(tx, claimed.id, token, LEASE_SECONDS))) throw new LostClaim();
          // One batch at a time per account and resource, whichever import and worker it is of:
          // each finds the records the previous one made, so the same key never creates twice.
          await lockImportsOf(tx, claimed.accountId, row.import.resource);
          const batch = await pendingRows(tx, claimed.id, BATCH);
          if (batch.length === 0) return true;
          await recordOutcomes(tx, claimed.id, await runBatch(tx, ctx, spec, row, batch));
          return false;
        }),
      );
      if (done) break;
    }
    await finishImport(db, claimed.id, token, 'completed');
  } catch (err) {
    if (err instanceof LostClaim) return true;
    console.error(JSON.stringify({ level: 'error', message: 'import failed', import_id: claimed.id, error: String(withoutParameters(err)) }));
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
