import 'server-only';
import { Worker } from 'node:worker_threads';
import { ServiceError, serviceUnavailable } from '@/lib/server/services/errors';

// A spreadsheet's header row and data rows, as text cells (docs/imports.md, Limits). The file is read
// in a worker thread (./sheet-worker.mjs) with a capped heap and a deadline: a hostile file (a
// header of 200,000 columns, a zip bomb, a million rows) is refused there, by the first limit it
// passes, and never costs the server's own memory or event loop. The rows come back as JSON lines
// in one buffer outside the JavaScript heap, read a batch at a time.

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

export const IMPORT_LIMITS = {
  maxRows: MAX_IMPORT_ROWS,
  maxColumns: 500,
  /** Excel's own limit for a cell. */
  maxCellChars: 32_767,
  /** A CSV record (a row, all its cells) in characters. */
  maxRecordChars: 4 * 1024 * 1024,
  /** An XLSX archive's parts, each part's unpacked size, and how much larger than packed it may be. */
  maxZipEntries: 1_000,
  maxEntryBytes: 512 * 1024 * 1024,
  maxRatio: 100,
  /** Parts under this size may have any ratio (a few kilobytes of repeated XML pack very well). */
  ratioFloorBytes: 1024 * 1024,
} as const;

/** The reading thread's heap, and how long it may read. */
const WORKER_HEAP_MB = 128;
const READ_SECONDS = 60;
/** Files read at once by one process; the next wait for a turn, up to QUEUE of them. */
const READERS = 2;
const QUEUE = 16;

export interface Sheet {
  headers: string[];
  rowCount: number;
  rows: SheetRows;
}

/** The data rows, as the reader wrote them: one JSON array of cells per line. */
export class SheetRows {
  constructor(private readonly bytes: Uint8Array) {}

  /** The rows in batches of `size`, decoded one batch at a time. */
  *batches(size: number): Generator<string[][]> {
    const buffer = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    let start = 0;
    while (start < buffer.length) {
      let end = start;
      for (let n = 0; n < size && end < buffer.length; n++) {
        const newline = buffer.indexOf(0x0a, end);
        end = newline === -1 ? buffer.length : newline + 1;
      }
      yield buffer
        .toString('utf8', start, end)
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as string[]);
      start = end;
    }
  }
}

const tooLarge = (message: string) => new ServiceError('payload_too_large', message, { file: [message] });

let reading = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (reading >= READERS) {
    if (waiting.length >= QUEUE) throw serviceUnavailable('Too many spreadsheets are being read right now; retry in a moment.');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  reading++;
  return () => {
    reading--;
    waiting.shift()?.();
  };
}

type Answer =
  { ok: true; headers: string[]; rowCount: number; rows: Uint8Array } | { ok: false; code: 'payload_too_large' | 'validation_failed'; message: string };

/**
 * Reads the file (its bytes are handed to the reading thread: `bytes` is empty afterwards).
 * 413 past a size limit, 422 for a file that is not a readable spreadsheet, each naming the file
 * and where.
 */
export async function readSheet(bytes: Uint8Array, filename: string | null): Promise<Sheet> {
  const name = filename ?? 'The file';
  if (bytes.byteLength > MAX_IMPORT_BYTES)
    throw tooLarge(`${name} is ${(bytes.byteLength / 1_048_576).toFixed(1)} MB; an import takes files up to 50 MB. Split the file.`);
  // The reading thread takes the bytes over without a copy, unless they share their memory.
  const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
  const done = await turn();
  let answer: Answer;
  try {
    answer = await new Promise<Answer>((resolve, reject) => {
      const worker = new Worker(new URL('./sheet-worker.mjs', import.meta.url), {
        workerData: { bytes: owned, filename: name, limits: IMPORT_LIMITS },
        transferList: [owned.buffer as ArrayBuffer],
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      });
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(tooLarge(`${name} could not be read within ${READ_SECONDS} s; split the file.`));
      }, READ_SECONDS * 1000);
      worker.once('message', (message: Answer) => {
        clearTimeout(timer);
        resolve(message);
        void worker.terminate();
      });
      worker.once('error', (err: Error & { code?: string }) => {
        clearTimeout(timer);
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY')
          reject(tooLarge(`${name} needs more memory to read than an import may use (${WORKER_HEAP_MB} MB); split the file.`));
        else reject(new ServiceError('validation_failed', `${name} could not be read as a spreadsheet.`, { file: ['could not be read as a spreadsheet'] }));
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        if (code !== 0)
          reject(new ServiceError('validation_failed', `${name} could not be read as a spreadsheet.`, { file: ['could not be read as a spreadsheet'] }));
      });
    });
  } finally {
    done();
  }
  if (!answer.ok) throw new ServiceError(answer.code, answer.message, { file: [answer.message] });
  if (answer.headers.every((h) => h.trim() === '')) throw new ServiceError('validation_failed', `${name} has no header row.`, { file: ['has no header row'] });
  return { headers: answer.headers.map((h) => h.trim()), rowCount: answer.rowCount, rows: new SheetRows(answer.rows) };
}
