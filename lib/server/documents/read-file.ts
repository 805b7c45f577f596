import 'server-only';
import { Worker } from 'node:worker_threads';

// A document's words and small picture (docs/documents.md#search), read in a worker thread
// (./read-worker.mjs) with a capped heap and a deadline, one file at a time per process: the
// background job calls it, never a request. A file that cannot be read within the limits is kept
// and simply has no words or picture.

/** Files larger than this are stored and downloadable but not read. */
export const READ_MAX_BYTES = 50 * 1024 * 1024;

const LIMITS = {
  /** The words kept for search: a tsvector holds at most 1 MB, and a 200,000-character text stays well under. */
  maxTextChars: 200_000,
  maxZipEntries: 2_000,
  maxUnzippedBytes: 300 * 1024 * 1024,
  maxRatio: 200,
  /** A thumbnail's longer side. */
  thumbnailPx: 640,
  /** An image larger than this (in pixels) gets no thumbnail: 10,000 × 10,000. */
  maxInputPixels: 100_000_000,
};

const WORKER_HEAP_MB = 256;
const READ_SECONDS = 60;

/** Types whose words are read. */
const TEXT_TYPES = /^(application\/pdf|application\/vnd\.openxmlformats-officedocument\.(wordprocessingml\.document|spreadsheetml\.sheet)|text\/.+)$/;
/** Types that get a thumbnail. */
const PICTURE_TYPES = /^(image\/(png|jpeg|gif|webp|avif|tiff)|application\/pdf)$/;

/** Whether the reader has anything to do for a file of this type. */
export const isReadable = (contentType: string) => TEXT_TYPES.test(contentType) || PICTURE_TYPES.test(contentType);

export interface FileReading {
  /** The words (spaces collapsed), or null when its type has none to read or reading failed. */
  text: string | null;
  /** A WebP thumbnail, or null. */
  thumbnail: Uint8Array | null;
  /** What failed, for the log. */
  failed: string[];
}

let queue: Promise<unknown> = Promise.resolve();

/** Reads the file's bytes (handed to the thread: `bytes` is empty afterwards), one file at a time. */
export function readDocumentFile(bytes: Uint8Array, contentType: string): Promise<FileReading> {
  const turn = queue.then(() => readInThread(bytes, contentType));
  queue = turn.catch(() => {});
  return turn;
}

function readInThread(bytes: Uint8Array, contentType: string): Promise<FileReading> {
  const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
  const failed = (why: string): FileReading => ({ text: null, thumbnail: null, failed: [why] });
  return new Promise<FileReading>((resolve) => {
    const worker = new Worker(new URL('./read-worker.mjs', import.meta.url), {
      workerData: { bytes: owned, contentType, limits: LIMITS },
      transferList: [owned.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(failed(`not read within ${READ_SECONDS} s`));
    }, READ_SECONDS * 1000);
    worker.once('message', (answer: FileReading) => {
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', (err: Error) => {
      clearTimeout(timer);
      resolve(failed(err.message));
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      resolve(failed(`the reader stopped (${code})`));
    });
  });
}
