import 'server-only';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { ServiceError } from '@/lib/server/services/errors';

// A spreadsheet's header row and data rows, as text cells. CSV by csv-parse (a BOM, quoting,
// CRLF), XLSX by ExcelJS (the first worksheet; dates as YYYY-MM-DD, numbers as written).

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

export interface Sheet {
  headers: string[];
  rows: string[][];
}

const tooLarge = (what: string) =>
  new ServiceError('payload_too_large', `${what} An import takes files up to 50 MB and 100,000 rows; split the file.`);

export function isXlsx(bytes: Uint8Array): boolean {
  // A ZIP archive (XLSX is one) starts with PK\x03\x04.
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export async function readSheet(bytes: Uint8Array): Promise<Sheet> {
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw tooLarge(`The file is ${(bytes.byteLength / 1_048_576).toFixed(1)} MB.`);
  const table = isXlsx(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  const [headers = [], ...rows] = table;
  const width = headers.length;
  const data = rows.filter((r) => r.some((c) => c.trim() !== '')).map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
  if (data.length > MAX_IMPORT_ROWS) throw tooLarge(`The file has ${data.length.toLocaleString('en-US')} rows.`);
  if (headers.every((h) => h.trim() === '')) throw new ServiceError('validation_failed', 'The file has no header row.', { file: ['has no header row'] });
  return { headers: headers.map((h) => h.trim()), rows: data };
}

function readCsv(bytes: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8').decode(bytes);
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (err) {
    throw new ServiceError('validation_failed', `The file is not a readable CSV: ${(err as Error).message}`, { file: ['is not a readable CSV'] });
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value && value.result !== undefined) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch (err) {
    throw new ServiceError('validation_failed', `The file is not a readable XLSX workbook: ${(err as Error).message}`, { file: ['is not a readable XLSX workbook'] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const out: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    if (n - 1 > MAX_IMPORT_ROWS + 1) return;
    const values = row.values as ExcelJS.CellValue[];
    out[n - 1] = values.slice(1).map(cellText);
  });
  return Array.from(out, (r) => r ?? []);
}
