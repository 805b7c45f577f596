import 'server-only';
import { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Db } from '@/db';
import { fieldsOf } from '@/db/queries/custom-fields';
import { CUSTOM_FIELD_RESOURCES, type CustomFieldResource } from '@/db/schema/enums';
import { exportColumns, neutralise, type Cell, type Column } from '@/lib/server/export/columns';
import { getDatabase } from '@/lib/server/db';
import type { CallerContext } from '@/lib/server/services/context';
import { invalidField } from '@/lib/server/services/errors';
import { customFieldFilters, type CustomFieldFilter } from '@/lib/shared/validation/custom-fields';
import type { Page } from '@/lib/server/services/paging';
import { parseQuery } from './request';
import { listResponse } from './route';

// Exports (docs/api.md#exports): a list asked for as CSV or XLSX (`Accept`, or `?format=`) answers
// every row matching its filters, not a page: the list's own service is called for pages of
// EXPORT_BATCH rows inside one read-only REPEATABLE READ transaction (one snapshot: a row written
// meanwhile is neither doubled nor skipped), each page written to the response as it arrives, with
// backpressure, so memory holds one page whatever the list's size. A client that stops reading for
// STALL_MS loses its download (the transaction holds a pooled connection). The embedded database
// has one connection for everyone: there the pages are read one statement at a time, outside a
// transaction, so a slow download never blocks other requests (a row written during the export may
// then shift a page boundary).

export type ExportFormat = 'csv' | 'xlsx';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_BATCH = 1000;
const STALL_MS = 60_000;
const BOM = '\uFEFF';

/** csv or xlsx when asked for by `format` (first) or `Accept` (by its q-values); null for JSON. */
export function exportFormat(req: Request, url: URL): ExportFormat | null {
  const given = url.searchParams.getAll('format');
  if (given.length > 1) throw invalidField('format', 'must be given once');
  if (given.length === 1) {
    const f = given[0];
    if (f === 'csv' || f === 'xlsx') return f;
    if (f === 'json') return null;
    throw invalidField('format', 'must be csv, xlsx or json');
  }
  const accept = req.headers.get('accept');
  if (!accept) return null;
  const ranked = accept
    .split(',')
    .map((part, i) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((m) => m.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { type } of ranked) {
    if (type === 'text/csv') return 'csv';
    if (type === XLSX_TYPE) return 'xlsx';
    if (type === 'application/json' || type === '*/*' || type === 'application/*') return null;
  }
  return null;
}

interface ExportArgs {
  req: Request;
  url: URL;
  db: Db;
  ctx: CallerContext;
}

/** Rows of a list, a page at a time, in the export's transaction. */
type FetchPage<T> = (db: Db, page: number, perPage: number) => Promise<Page<T>>;

/**
 * The streamed file. The first page is read before the answer starts, so an error there (a
 * refused filter, a lost connection) is the API's usual error body; a failure later ends the
 * download early (the client sees a truncated file and a reset stream, never a half-JSON).
 */
export async function exportResponse<T>(a: ExportArgs, name: string, format: ExportFormat, columns: Column[], fetchPage: FetchPage<T>): Promise<Response> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const send = async (chunk: Uint8Array | string) => {
    let timer: NodeJS.Timeout | undefined;
    const stalled = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`export: the client read nothing for ${STALL_MS} ms`)), STALL_MS)),
    );
    try {
      await Promise.race([writer.ready, stalled]);
    } finally {
      clearTimeout(timer);
    }
    void writer.write(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk).catch(() => {});
  };
  const snapshot = getDatabase().kind === 'postgres';
  const inSnapshot = (run: (db: Db) => Promise<void>) =>
    snapshot ? a.db.transaction(run, { isolationLevel: 'repeatable read', accessMode: 'read only' }) : run(a.db);
  let started!: () => void;
  const firstPage = new Promise<void>((resolve) => (started = resolve));
  const work = inSnapshot(async (db) => {
    const sink = format === 'csv' ? csvSink(columns, send) : xlsxSink(name, columns, send);
    // The next batch is read while this one is written: the database and the formatting overlap.
    let next = fetchPage(db, 1, EXPORT_BATCH);
    for (let page = 1; ; page++) {
      const { items, total } = await next;
      const more = items.length === EXPORT_BATCH && page * EXPORT_BATCH < total;
      if (more) {
        next = fetchPage(db, page + 1, EXPORT_BATCH);
        next.catch(() => {}); // awaited on the next turn, or abandoned with the export
      }
      if (page === 1) started();
      await sink.rows(items as Record<string, unknown>[]);
      if (!more) break;
    }
    await sink.end();
  }).then(
    () => writer.close(),
    (err: unknown) => {
      writer.abort(err).catch(() => {});
      throw err;
    },
  );
  // Whichever comes first: the first page (stream the rest) or a failure before it (answer it).
  await Promise.race([firstPage, work]);
  work.catch((err: unknown) => console.error(JSON.stringify({ level: 'error', message: 'export ended early', error: String(err) })));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(readable, {
    status: 200,
    headers: {
      'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE,
      'Content-Disposition': `attachment; filename="${name}-${day}.${format}"`,
      'Cache-Control': 'no-store',
    },
  });
}

interface Sink {
  rows(records: Record<string, unknown>[]): Promise<void>;
  end(): Promise<void>;
}

/** UTF-8 with a BOM (Excel reads the encoding from it), a header row, RFC 4180 quoting, formulas neutralised. */
function csvSink(columns: Column[], send: (chunk: string) => Promise<void>): Sink {
  let first = true;
  return {
    async rows(records) {
      const header = first ? BOM + stringify([columns.map((c) => c.header)]) : '';
      first = false;
      const body = records.length ? stringify(records.map((r) => columns.map((c) => csvCell(neutralise(c.value(r)))))) : '';
      if (header || body) await send(header + body);
    },
    async end() {
      if (first) await send(BOM + stringify([columns.map((c) => c.header)]));
    },
  };
}

const csvCell = (v: ReturnType<Column['value']>) => (v === null ? '' : typeof v === 'boolean' ? String(v) : v);

/**
 * One worksheet, written row by row through ExcelJS's streaming writer. Text cells are typed text,
 * never formulas, so they are written as they are.
 */
function xlsxSink(name: string, columns: Column[], send: (chunk: Uint8Array) => Promise<void>): Sink {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      send(new Uint8Array(chunk)).then(() => done(), done);
    },
  });
  const finished = new Promise<void>((resolve, reject) => stream.on('finish', resolve).on('error', reject));
  // Awaited by end(); an export that fails before it (a first page refused: its error is the
  // answer) errors the stream too, and that failure is already told.
  finished.catch(() => {});
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  sheet.addRow(columns.map((c) => c.header)).commit();
  return {
    async rows(records) {
      for (const r of records) sheet.addRow(columns.map((c) => c.value(r))).commit();
    },
    async end() {
      sheet.commit();
      await workbook.commit();
      await finished;
    },
  };
}

/**
 * A list route's GET: the page as JSON, or, asked for as CSV or XLSX, every row matching the same
 * filters (page and per_page ignored) as a file named after the list.
 */
export async function listOrExport<Q extends { page: number; per_page: number }, T>(
  a: ExportArgs,
  key: string,
  query: z.ZodType<Q>,
  list: (db: Db, ctx: CallerContext, query: Q, custom: CustomFieldFilter[]) => Promise<Page<T>>,
  response: z.ZodType,
): Promise<Response> {
  const format = exportFormat(a.req, a.url);
  const parsed = parseQuery(a.url, query);
  // A resource with custom fields also filters by them (`custom_fields.<key>=…`, docs/custom-fields.md).
  const custom = (CUSTOM_FIELD_RESOURCES as readonly string[]).includes(key) ? customFieldFilters(a.url.searchParams) : [];
  if (format === null) return listResponse(a, key, await list(a.db, a.ctx, parsed, custom));
  const columns = await withCustomFieldColumns(a, key, exportColumns(response));
  return exportResponse(a, key, format, columns, (db, page, perPage) => list(db, a.ctx, { ...parsed, page, per_page: perPage }, custom));
}

/**
 * A resource with custom fields exports one column per field (`custom_fields.<key>`, which an import
 * maps back), in their order, archived ones included (their values are kept), in place of the
 * `custom_fields` object; without definitions it stays one JSON column. docs/custom-fields.md.
 */
async function withCustomFieldColumns(a: ExportArgs, key: string, columns: Column[]): Promise<Column[]> {
  if (!(CUSTOM_FIELD_RESOURCES as readonly string[]).includes(key)) return columns;
  const fields = await fieldsOf(a.db, a.ctx.accountId, key as CustomFieldResource);
  if (fields.length === 0) return columns;
  const values = (r: Record<string, unknown>) => (r.custom_fields ?? {}) as Record<string, unknown>;
  const cell = (v: unknown): Cell =>
    v === undefined || v === null ? null : Array.isArray(v) ? v.join('; ') : typeof v === 'object' ? JSON.stringify(v) : (v as Cell);
  const custom: Column[] = fields.map((f) => ({ header: `custom_fields.${f.key}`, value: (r) => cell(values(r)[f.key]) }));
  const at = columns.findIndex((c) => c.header === 'custom_fields');
  return at === -1 ? [...columns, ...custom] : [...columns.slice(0, at), ...custom, ...columns.slice(at + 1)];
}
