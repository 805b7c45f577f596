// @ts-check
// Reads an import's spreadsheet in a worker thread (lib/server/imports/read-file.ts starts it with a
// capped heap and a deadline), so that a hostile file costs this thread's memory and time, never the
// server's. CSV is parsed as a stream, XLSX through a zip reader that checks every entry's size and
// compression ratio before and while inflating it, and both stop at the first limit passed: rows,
// columns, characters in a cell. Rows go back as one transferred buffer of JSON lines (outside the
// JavaScript heap of either thread), the header as strings.
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { parse } from 'csv-parse';

/**
 * @typedef {{ maxRows: number, maxColumns: number, maxCellChars: number, maxRecordChars: number,
 *   maxZipEntries: number, maxEntryBytes: number, maxRatio: number, ratioFloorBytes: number }} Limits
 * @typedef {{ code: 'payload_too_large' | 'validation_failed', message: string, field?: string }} Refusal
 */

class Refused extends Error {
  /** @param {Refusal['code']} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** @type {{ bytes: Uint8Array, filename: string, limits: Limits }} */
const { bytes, filename, limits } = workerData;
/** A ZIP archive (XLSX is one) starts with PK\x03\x04; anything else is read as CSV text. */
const isXlsx = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
const isCsv = !isXlsx;
const fmt = (n) => n.toLocaleString('en-US');
const tooLarge = (message) => new Refused('payload_too_large', `${filename}: ${message}`);
const unreadable = (message) => new Refused('validation_failed', `${filename}: ${message}`);

/** Rows as JSON lines in a buffer that grows by doubling: outside the heap, handed over without a copy. */
class RowBuffer {
  constructor() {
    this.buffer = new Uint8Array(1 << 20);
    this.length = 0;
    this.count = 0;
    this.encoder = new TextEncoder();
  }

  /** @param {string[]} cells */
  push(cells) {
    const line = `${JSON.stringify(cells)}\n`;
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    while (this.length + line.length * 3 > this.buffer.length) {
      const bigger = new Uint8Array(this.buffer.length * 2);
      bigger.set(this.buffer.subarray(0, this.length));
      this.buffer = bigger;
    }
    this.length += this.encoder.encodeInto(line, this.buffer.subarray(this.length)).written;
    this.count++;
  }
}

/**
 * Takes the file's rows one by one: the first is the header. Blank rows are skipped, trailing blank
 * cells dropped, and a row is refused past the limits before it is kept.
 */
class Collector {
  constructor() {
    /** @type {string[] | null} */
    this.headers = null;
    this.rows = new RowBuffer();
  }

  /** @param {string[]} cells @param {string} where e.g. "line 12" or "row 12" */
  add(cells, where) {
    let width = cells.length;
    while (width > 0 && cells[width - 1].trim() === '') width--;
    if (width === 0) return;
    if (width > limits.maxColumns) {
      throw tooLarge(`${where} has ${fmt(width)} columns; an import takes at most ${fmt(limits.maxColumns)}. Remove the extra columns, or split the file.`);
    }
    for (let i = 0; i < width; i++) {
      const cell = cells[i];
      if (cell.length > limits.maxCellChars) {
        throw tooLarge(`${where}, column ${i + 1} holds ${fmt(cell.length)} characters; a cell takes at most ${fmt(limits.maxCellChars)} (as in Excel).`);
      }
      if (cell.includes('\u0000')) {
        if (isCsv && looksLikeUtf16(bytes)) throw unreadable(UTF16_WITHOUT_MARK);
        throw unreadable(
          `${where} contains a NUL character, which text does not have: the file may be UTF-16 without a byte order mark, or not a spreadsheet. Save it as "CSV UTF-8" and import it again.`,
        );
      }
    }
    const row = width === cells.length ? cells : cells.slice(0, width);
    if (this.headers === null) {
      this.headers = row;
      return;
    }
    if (this.rows.count >= limits.maxRows) {
      throw tooLarge(`the file has more than ${fmt(limits.maxRows)} rows; an import takes at most ${fmt(limits.maxRows)}. Split the file.`);
    }
    this.rows.push(row);
  }
}

// ── CSV ────────────────────────────────────────────────────────────────────────────────────────

/** The file's text encoding from its byte order mark; UTF-8 when it has none. */
function encodingOf(data) {
  if (data[0] === 0xff && data[1] === 0xfe) return 'utf-16le';
  if (data[0] === 0xfe && data[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

const UTF16_WITHOUT_MARK = 'looks like UTF-16 without a byte order mark. Save it as "CSV UTF-8" and import it again.';

/** Every other byte zero in the first kilobytes: UTF-16 text of mostly Latin letters. */
function looksLikeUtf16(data) {
  const head = data.subarray(0, 4096);
  let zeros = 0;
  for (const byte of head) if (byte === 0) zeros++;
  return head.length >= 4 && zeros >= head.length / 4;
}

/** The first line (1-based) whose bytes are not UTF-8. */
function firstBadUtf8Line(data) {
  let line = 1;
  let start = 0;
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  while (start < buffer.length) {
    let end = buffer.indexOf(0x0a, start);
    if (end === -1) end = buffer.length;
    if (!isUtf8(buffer.subarray(start, end))) return line;
    line++;
    start = end + 1;
  }
  return line;
}

/** The text in pieces of about 1 MB, decoded strictly: a byte that is not of the encoding is a refusal. */
function* textChunks(data, encoding) {
  if (encoding === 'utf-8' && !isUtf8(data)) {
    if (looksLikeUtf16(data)) throw unreadable(UTF16_WITHOUT_MARK);
    throw unreadable(
      `line ${fmt(firstBadUtf8Line(data))} is not UTF-8 text (it may be Windows-1252 or Latin-1). Save the file as "CSV UTF-8" and import it again.`,
    );
  }
  let source = data;
  if (encoding === 'utf-16be') {
    if (data.length % 2 !== 0) throw unreadable('is not UTF-16 text: it has an odd number of bytes.');
    source = Buffer.from(data.buffer, data.byteOffset, data.byteLength).swap16();
  }
  const decoder = new TextDecoder(encoding === 'utf-8' ? 'utf-8' : 'utf-16le', { fatal: true });
  const step = 1 << 20;
  let line = 1;
  for (let at = 0; at < source.length; at += step) {
    let text;
    try {
      text = decoder.decode(source.subarray(at, at + step), { stream: at + step < source.length });
    } catch {
      throw unreadable(
        `near line ${fmt(line)}, the bytes are not ${encoding === 'utf-8' ? 'UTF-8' : 'UTF-16'} text. Save the file as "CSV UTF-8" and import it again.`,
      );
    }
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) line++;
    yield text;
  }
}

async function readCsv(collector) {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: limits.maxRecordChars, info: true });
  /** @type {Refused | null} */
  let refused = null;
  try {
    await pipeline(Readable.from(textChunks(bytes, encodingOf(bytes))), parser, async (records) => {
      try {
        for await (const { record, info } of records) collector.add(record, `line ${fmt(info.lines)}`);
      } catch (err) {
        // The pipeline answers an abort for the streams it stops; the reason is this.
        if (err instanceof Refused) refused = err;
        throw err;
      }
    });
  } catch (err) {
    if (refused) throw refused;
    if (err instanceof Refused) throw err;
    const e = /** @type {{ code?: string, lines?: number, message: string }} */ (err);
    if (e.code === 'CSV_MAX_RECORD_SIZE') {
      throw tooLarge(`line ${fmt(e.lines ?? 0)} is longer than ${fmt(limits.maxRecordChars)} characters; an import's row takes at most that.`);
    }
    throw unreadable(`is not a readable CSV: ${e.message}`);
  }
}

// ── XLSX ───────────────────────────────────────────────────────────────────────────────────────

/** A cell's value as text: dates as YYYY-MM-DD, numbers as written, a formula's result, rich text joined. */
function cellText(value) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value && value.result !== undefined) return cellText(value.result);
    if ('richText' in value) return value.richText.map((r) => r.text ?? '').join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** Every entry of the archive, refused before anything is inflated when one could be a bomb. */
async function entriesOf(zip) {
  const entries = new Map();
  for await (const entry of zip.eachEntry()) {
    if (entries.size >= limits.maxZipEntries) throw tooLarge(`the workbook holds more than ${fmt(limits.maxZipEntries)} files; a spreadsheet has a few dozen.`);
    const size = entry.uncompressedSize;
    if (size > limits.maxEntryBytes) {
      throw tooLarge(
        `the workbook's part ${entry.fileName} unpacks to ${fmt(Math.round(size / 1_048_576))} MB; an import reads parts up to ${fmt(limits.maxEntryBytes / 1_048_576)} MB.`,
      );
    }
    if (size > limits.ratioFloorBytes && size > entry.compressedSize * limits.maxRatio) {
      throw tooLarge(
        `the workbook's part ${entry.fileName} unpacks ${fmt(Math.round(size / Math.max(1, entry.compressedSize)))} times larger than it is packed; an import reads up to ${limits.maxRatio} times (a larger ratio is how zip bombs are made).`,
      );
    }
    entries.set(entry.fileName, entry);
  }
  return entries;
}

async function readXlsx(collector) {
  // Loaded for workbooks only: a CSV's thread starts without them.
  const [{ default: ExcelJS }, { default: yauzl }] = await Promise.all([import('exceljs'), import('yauzl')]);
  let zip;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { lazyEntries: true, validateEntrySizes: true });
  } catch (err) {
    throw unreadable(`is not a readable XLSX workbook: ${/** @type {Error} */ (err).message}`);
  }
  try {
    const entries = await entriesOf(zip);
    // yauzl inflates each part from the archive's central directory and fails a part that inflates
    // past the size it declared (checked above), so what ExcelJS's parsers read is bounded.
    const open = async (name) => {
      const entry = entries.get(name);
      return entry ? zip.openReadStreamPromise(entry) : null;
    };
    // ExcelJS's streaming reader, fed part by part (its own `read` unzips by itself, without limits,
    // and parks sheets in temporary files): relations, workbook, styles (dates), shared strings.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(null, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    const parts = /** @type {any} */ (reader);
    const rels = await open('xl/_rels/workbook.xml.rels');
    if (rels) await parts._parseRels(rels);
    const book = await open('xl/workbook.xml');
    if (!book) throw unreadable('is not an XLSX workbook: it has no xl/workbook.xml.');
    await parts._parseWorkbook(book);
    const styles = await open('xl/styles.xml');
    if (styles) await parts._parseStyles(styles);
    const strings = await open('xl/sharedStrings.xml');
    if (strings) {
      for await (const _ of parts._parseSharedStrings(strings)) {
        // cached on the reader
      }
    }
    parts.sharedStrings ??= [];
    // The first sheet in the workbook's order.
    const first = parts.model?.sheets?.[0];
    const rel = first && (parts.workbookRels ?? []).find((r) => r.Id === first.rId);
    const target = rel ? String(rel.Target).replace(/^\/?(xl\/)?/, 'xl/') : 'xl/worksheets/sheet1.xml';
    const sheet = await open(target);
    if (!sheet) return;
    const [{ value: worksheet }] = [...parts._parseWorksheet(sheet, /sheet(\d+)\.xml$/.exec(target)?.[1] ?? '1')];
    for await (const row of worksheet) {
      // At most 16,384 cells (XLSX's last column); the collector refuses more than the limit.
      const cells = new Array(row.cellCount).fill('');
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        cells[col - 1] = cellText(cell.value);
      });
      collector.add(cells, `row ${fmt(row.number)}`);
    }
  } catch (err) {
    if (err instanceof Refused) throw err;
    throw unreadable(`is not a readable XLSX workbook: ${/** @type {Error} */ (err).message}`);
  } finally {
    zip.close();
  }
}

// ── Run ────────────────────────────────────────────────────────────────────────────────────────

const collector = new Collector();
try {
  await (isXlsx ? readXlsx(collector) : readCsv(collector));
  const rows = collector.rows.buffer.slice(0, collector.rows.length);
  parentPort?.postMessage({ ok: true, headers: collector.headers ?? [], rowCount: collector.rows.count, rows }, [rows.buffer]);
} catch (err) {
  if (!(err instanceof Refused)) throw err;
  parentPort?.postMessage({ ok: false, code: err.code, message: err.message });
}
