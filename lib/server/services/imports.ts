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
import { IMPORT_RESOURCES, type ImportResource } from '@/db/schema/enums';
import { detectMapping, parseCell, type ImportField } from '@/lib/server/imports/fields';
import { readSheet, type Sheet } from '@/lib/server/imports/read-file';
import { IMPORT_SPECS, type ImportSpec } from '@/lib/server/imports/resources';
import { serializeImport } from '@/lib/server/serializers/imports';
import type { ImportCreateQuery, ImportListQuery, ImportPreviewResponse, ImportResponse } from '@/lib/shared/validation/imports';
import { recordEvents, resourcePath, type EventRecord } from './common';
import { deleteCompany } from './companies';
import { deleteContact } from './contacts';
import type { CallerContext } from './context';
import { conflict, invalidField, notFound, ServiceError } from './errors';
import { enqueueImport } from './import-jobs';
import { pageWindow, toPage, type Page } from './paging';

// Spreadsheet imports (docs/imports.md). A file is read and mapped at once (a dry run stops there
// and answers what would happen); a real import keeps its rows and is run by the job queue in
// batches of BATCH rows, each batch one transaction that writes the records, their events and
// the rows' outcomes together, so a worker killed mid-import resumes where the last batch
// committed and no row is imported twice.

const BATCH = 500;
const LEASE_SECONDS = 120;
const PREVIEW_ERRORS = 100;

function specOf(resource: ImportResource): ImportSpec {
  const spec = IMPORT_SPECS[resource];
  if (!spec) throw invalidField('resource', `${resource} cannot be imported yet (companies and contacts can)`);
  return spec;
}

// ── Planning: a row's body, its relations, and whether it creates or updates ──────────────────

type Plan =
  | { kind: 'fail'; error: string }
  | { kind: 'create'; input: Record<string, unknown>; key: string | null }
  | { kind: 'update'; id: number; input: Record<string, unknown> }
  /** Updates the record an earlier row of the same batch creates (same key). */
  | { kind: 'update-earlier'; row: number; input: Record<string, unknown> };

interface Resolved {
  companies: Map<string, number>;
  users: Map<string, number>;
  existingCompanyIds: Set<number>;
  existingUserIds: Set<number>;
  keys: Map<string, number>;
}

interface Drafted {
  input: Record<string, unknown>;
  errors: string[];
  relations: { field: ImportField; text: string }[];
}

function setTarget(input: Record<string, unknown>, target: string, value: unknown) {
  if (target.startsWith('address.')) {
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

async function resolve(db: Db, accountId: number, spec: ImportSpec, drafts: Drafted[]): Promise<Resolved> {
  const names = new Set<string>();
  const emails = new Set<string>();
  const companyIds = new Set<number>();
  const userIds = new Set<number>();
  const keys = new Set<string>();
  for (const d of drafts) {
    for (const r of d.relations) (r.field.relation === 'company' ? names : emails).add(r.text.toLowerCase());
    if (typeof d.input.company_id === 'string') companyIds.add(Number(d.input.company_id));
    if (typeof d.input.assigned_to_id === 'string') userIds.add(Number(d.input.assigned_to_id));
    const key = d.input[spec.key.field];
    if (typeof key === 'string' && key.trim() !== '') keys.add(key.trim().toLowerCase());
  }
  const [byName, byEmail, existingCompanyIds, existingUserIds, byKey] = await Promise.all([
    idsByKey(db, companies, companies.name, accountId, [...names]),
    idsByKey(db, users, users.email, accountId, [...emails]),
    existingIds(db, companies, accountId, [...companyIds]),
    existingIds(db, users, accountId, [...userIds]),
    idsByKey(db, spec.table, spec.key.column, accountId, [...keys]),
  ]);
  return { companies: byName, users: byEmail, existingCompanyIds, existingUserIds, keys: byKey };
}

function zodMessages(error: { issues: { path: PropertyKey[]; message: string }[] }): string[] {
  return error.issues.map((i) => `${i.path.map(String).join('.') || 'row'}: ${i.message}`);
}

/**
 * Each row's plan. Companies named but missing are collected in `missing` when `createMissing`
 * (the caller creates them and fills their ids in), else the row fails.
 */
function planRows(spec: ImportSpec, drafts: Drafted[], resolved: Resolved, createMissing: boolean, missing: Map<string, string>): Plan[] {
  const seen = new Map<string, number>();
  return drafts.map((d, i): Plan => {
    const errors = [...d.errors];
    const input = { ...d.input };
    for (const { field, text } of d.relations) {
      const target = field.target!;
      if (field.relation === 'company') {
        const id = resolved.companies.get(text.toLowerCase());
        if (id !== undefined) input[target] = String(id);
        else if (createMissing) {
          if (!missing.has(text.toLowerCase())) missing.set(text.toLowerCase(), text);
          input[target] = `missing:${text.toLowerCase()}`;
        } else errors.push(`${field.field}: no company named "${text}" (create_missing=true creates it)`);
      } else {
        const id = resolved.users.get(text.toLowerCase());
        if (id !== undefined) input[target] = String(id);
        else errors.push(`${field.field}: no user with the email "${text}"`);
      }
    }
    if (typeof input.company_id === 'string' && !input.company_id.startsWith('missing:') && !resolved.existingCompanyIds.has(Number(input.company_id)) && !d.relations.some((r) => r.field.target === 'company_id'))
      errors.push(`company_id: no company ${input.company_id} in the account`);
    if (typeof input.assigned_to_id === 'string' && !d.relations.some((r) => r.field.target === 'assigned_to_id') && !resolved.existingUserIds.has(Number(input.assigned_to_id)))
      errors.push(`assigned_to_id: no user ${input.assigned_to_id} in the account`);
    if (errors.length) return { kind: 'fail', error: errors.join('; ') };
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

async function planSheet(db: Db, accountId: number, spec: ImportSpec, headers: string[], mapping: Record<string, string>, rows: string[][], createMissing: boolean) {
  const columns = mappedColumns(spec, headers, mapping);
  const drafts = rows.map((cells) => draft(cells, columns));
  const resolved = await resolve(db, accountId, spec, drafts);
  const missing = new Map<string, string>();
  return { plans: planRows(spec, drafts, resolved, createMissing, missing), missing };
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

/** A dry run: nothing written; what the file would do, and its first errors. */
export async function previewImport(db: Db, ctx: CallerContext, upload: ImportUpload): Promise<ImportPreviewResponse> {
  const spec = specOf(upload.query.resource);
  const sheet = await readSheet(upload.bytes);
  const mapping = mappingOf(spec, sheet, upload.query.mapping);
  const { plans, missing } = await planSheet(db, ctx.accountId, spec, sheet.headers, mapping, sheet.rows, upload.query.create_missing);
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
  const spec = specOf(upload.query.resource);
  const sheet = await readSheet(upload.bytes);
  const mapping = mappingOf(spec, sheet, upload.query.mapping);
  const name = upload.query.name ?? upload.filename ?? `${spec.resource} import`;
  const id = await db.transaction(async (tx) => {
    const id = await insertRow(tx, imports, {
      accountId: ctx.accountId,
      name,
      resource: spec.resource,
      kind: upload.query.kind ?? null,
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
  const row = await findImport(db, ctx.accountId, id);
  if (!row) throw notFound('Import');
  const errors = row.import.errorCount > 0 ? await firstErrors(db, id, PREVIEW_ERRORS) : [];
  return serializeImport(row, errors);
}

export async function listImports(db: Db, ctx: CallerContext, query: ImportListQuery): Promise<Page<ImportResponse>> {
  return toPage(query, await queryImports(db, ctx.accountId, query, pageWindow(query)), (row) => serializeImport(row, null));
}

/** The failed rows as they were, with `row` and `error` columns first. */
export async function importErrorsCsv(db: Db, ctx: CallerContext, id: number): Promise<{ name: string; csv: string }> {
  const row = await findImport(db, ctx.accountId, id);
  if (!row) throw notFound('Import');
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
    const row = await findImport(tx, ctx.accountId, id, true);
    if (!row) throw notFound('Import');
    const { status, resource } = row.import;
    if (status === 'queued' || status === 'running') throw conflict('The import is still running: undo it once it has finished.');
    if (status === 'undone') return;
    const remove = resource === 'contacts' ? deleteContact : resource === 'companies' ? deleteCompany : null;
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
  const { plans, missing } = await planSheet(tx, ctx.accountId, spec, imp.columns, imp.mapping, batch.map((b) => b.cells), imp.createMissing);
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
  await recordEvents(tx, ctx, events);
  // Updates go through the API's own update (its rules, its event), each in a savepoint.
  for (const [i, plan] of plans.entries()) {
    if (plan.kind === 'fail') outcomes[i] = { id: batch[i]!.id, outcome: 'failed', recordId: null, error: plan.error };
    if (plan.kind !== 'update' && plan.kind !== 'update-earlier') continue;
    const target = plan.kind === 'update' ? plan.id : outcomes[plan.row]!.recordId!;
    try {
      await spec.update(tx, ctx, target, spec.create.parse(fill(plan.input)) as Record<string, unknown>);
      outcomes[i] = { id: batch[i]!.id, outcome: 'updated', recordId: target, error: null };
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      const details = Object.entries(err.details).map(([f, m]) => `${f}: ${(m as string[]).join(', ')}`);
      outcomes[i] = { id: batch[i]!.id, outcome: 'failed', recordId: null, error: details.length ? details.join('; ') : err.message };
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
  const spec = specOf(row.import.resource);
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
