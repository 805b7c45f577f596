// @ts-check
// Reads a document in a worker thread (lib/server/documents/read-file.ts starts it with a capped heap
// and a deadline), so a hostile file costs this thread's memory and time, never the server's: its
// words for search (PDF, Word, Excel, plain text) and a small picture of it (images, a PDF's first
// page). Office files are ZIP archives: their entries' sizes and compression are checked before any
// is inflated. Either part may fail alone; the answer says what was read.
import { parentPort, workerData } from 'node:worker_threads';
import yauzl from 'yauzl';

/**
 * @typedef {{ maxTextChars: number, maxZipEntries: number, maxUnzippedBytes: number, maxRatio: number,
 *   thumbnailPx: number, maxInputPixels: number }} Limits
 */

// PDF.js draws with ArrayBuffer.prototype.transferToFixedLength, which Node has from version 21; on
// Node 20 a copy does (this thread owns its buffers and ends after one file).
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    /** @this {ArrayBuffer} @param {number} [length] */
    value(length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

/** @type {{ bytes: Uint8Array, contentType: string, limits: Limits }} */
const { bytes, contentType, limits } = workerData;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An archive within the limits, or a thrown reason: entries, unpacked size, ratio (from the central directory). */
async function checkZip() {
  const zip = await new Promise((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  let entries = 0;
  let unpacked = 0;
  await new Promise((resolve, reject) => {
    zip.on('entry', (entry) => {
      entries++;
      unpacked += entry.uncompressedSize;
      const ratio = entry.compressedSize > 0 ? entry.uncompressedSize / entry.compressedSize : 0;
      if (entries > limits.maxZipEntries) return reject(new Error('too many parts'));
      if (unpacked > limits.maxUnzippedBytes) return reject(new Error('too large unpacked'));
      if (entry.uncompressedSize > 1_048_576 && ratio > limits.maxRatio) return reject(new Error('packed too tightly'));
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  zip.close();
}

/** A PDF's parsed document, once for its text and its first page. */
/** @type {Promise<any> | null} */
let pdf = null;
const pdfDocument = () => (pdf ??= import('unpdf').then(({ getDocumentProxy }) => getDocumentProxy(bytes)));

/** @returns {Promise<string | null>} the file's words, or null for a type whose words are not read */
async function readText() {
  if (contentType === 'application/pdf') {
    const { extractText } = await import('unpdf');
    const { text } = await extractText(await pdfDocument(), { mergePages: true });
    return text;
  }
  if (contentType === DOCX) {
    await checkZip();
    const mammoth = (await import('mammoth')).default;
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return value;
  }
  if (contentType === XLSX) {
    await checkZip();
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const words = [];
    let chars = 0;
    for (const sheet of book.worksheets) {
      words.push(sheet.name);
      sheet.eachRow({ includeEmpty: false }, (row) => {
        if (chars > limits.maxTextChars) return;
        row.eachCell({ includeEmpty: false }, (cell) => {
          const text = cell.text;
          if (text) {
            words.push(text);
            chars += text.length + 1;
          }
        });
      });
    }
    return words.join(' ');
  }
  if (contentType.startsWith('text/')) return new TextDecoder('utf-8').decode(bytes.subarray(0, limits.maxTextChars * 4));
  return null;
}

/** @returns {Promise<Uint8Array | null>} a WebP at most `thumbnailPx` on its longer side, or null for a type without one */
async function readThumbnail() {
  const sharp = (await import('sharp')).default;
  const small = (/** @type {Buffer | Uint8Array} */ input) =>
    sharp(input, { limitInputPixels: limits.maxInputPixels, failOn: 'error' })
      .rotate()
      .resize(limits.thumbnailPx, limits.thumbnailPx, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 75 })
      .toBuffer();
  if (/^image\/(png|jpeg|gif|webp|avif|tiff)$/.test(contentType)) return small(bytes);
  if (contentType === 'application/pdf') {
    const { renderPageAsImage } = await import('unpdf');
    const png = await renderPageAsImage(await pdfDocument(), 1, { canvasImport: () => import('@napi-rs/canvas'), width: limits.thumbnailPx * 2 });
    return small(new Uint8Array(png));
  }
  return null;
}

/** Spaces collapsed, NULs gone (PostgreSQL's text refuses them), cut to the limit. */
const clean = (/** @type {string} */ text) =>
  text
    .replace(/\u0000/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, limits.maxTextChars);

const [text, thumbnail] = await Promise.allSettled([readText(), readThumbnail()]);
if (pdf) await pdf.then((document) => document.destroy()).catch(() => {});
const words = text.status === 'fulfilled' && text.value !== null ? clean(text.value) : null;
const picture = thumbnail.status === 'fulfilled' && thumbnail.value ? new Uint8Array(thumbnail.value) : null;
parentPort?.postMessage(
  {
    text: words,
    thumbnail: picture,
    failed: [text.status === 'rejected' && `text: ${text.reason}`, thumbnail.status === 'rejected' && `thumbnail: ${thumbnail.reason}`].filter(Boolean),
  },
  picture ? [picture.buffer] : [],
);
