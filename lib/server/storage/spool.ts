import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';

// An upload on its way to the store: its bytes go to a temporary file as they arrive (never whole in
// memory), counted against a ceiling and hashed; its first bytes are kept to tell its type.

/** How many leading bytes the type is told from. */
const HEAD_BYTES = 4100;

export interface Spooled {
  path: string;
  size: number;
  sha256: string;
  head: Buffer;
}

export class TooLarge extends Error {}

/**
 * The temporary files' prefix: the process's id in it tells whose a file left by a killed process
 * was (and lets one process's tests look at its own files only, beside others uploading at once).
 */
export const spoolPrefix = () => `groundwork-upload-${process.pid}-`;

/** Writes the chunks to a temporary file; past `max` bytes it stops, removes the file and throws `TooLarge`. */
export async function spool(chunks: AsyncIterable<Uint8Array>, max: number): Promise<Spooled> {
  const file = path.join(tmpdir(), `${spoolPrefix()}${randomUUID()}`);
  const out = createWriteStream(file, { flags: 'wx' });
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  try {
    for await (const chunk of chunks) {
      size += chunk.byteLength;
      if (size > max) throw new TooLarge();
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        head.push(Buffer.from(chunk.subarray(0, HEAD_BYTES - headSize)));
        headSize += Math.min(chunk.byteLength, HEAD_BYTES - headSize);
      }
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
  } catch (err) {
    out.destroy();
    // The file may still be opening (the first chunk can be past the ceiling): it is removed once
    // the stream has closed, or the open would create it after the removal and leave it behind.
    await finished(out).catch(() => {});
    await unlink(file).catch(() => {});
    throw err;
  }
  return { path: file, size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
}

/** The SHA-256, size and head of bytes read once (an upload's, back from the store), kept nowhere. */
export async function digest(chunks: AsyncIterable<Uint8Array>): Promise<Omit<Spooled, 'path'>> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    hash.update(chunk);
    if (headSize < HEAD_BYTES) {
      head.push(Buffer.from(chunk.subarray(0, HEAD_BYTES - headSize)));
      headSize += Math.min(chunk.byteLength, HEAD_BYTES - headSize);
    }
  }
  return { size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
}

export const discard = (spooled: Spooled | null) => (spooled ? unlink(spooled.path).catch(() => {}) : Promise.resolve());

const TEXT_TYPES: Record<string, string> = { csv: 'text/csv', txt: 'text/plain', md: 'text/markdown' };

/**
 * The type the bytes say they are (magic numbers), never the client's word: text that is not one of
 * them is `text/plain` (or `text/csv` by its name: it is text either way, and never HTML or SVG, which
 * a browser would run), anything else `application/octet-stream`.
 */
export async function sniffContentType(head: Buffer, name: string): Promise<string> {
  const found = await fileTypeFromBuffer(head);
  if (found) return found.mime;
  if (head.length === 0 || looksLikeText(head)) {
    const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
    return (ext && TEXT_TYPES[ext]) ?? 'text/plain';
  }
  return 'application/octet-stream';
}

/** No NUL byte, and valid UTF-8 but for a character the head may have cut in two at its end. */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // `stream`: a character cut by the head's end waits for bytes that never come, no error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
