import type { Readable } from 'node:stream';

// Documents' bytes, behind one small interface with two drivers: the local folder (./local.ts) and
// any S3-compatible store (./s3.ts). Metadata lives in PostgreSQL; a row is written only once its
// bytes are stored, and bytes are removed only after the row's delete commits (docs/documents.md).

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface DownloadHeaders {
  contentType: string;
  /** `attachment; filename*=…` or `inline; …`. */
  disposition: string;
}

export interface BlobStore {
  /** Stores the spooled file at `path` under `key`. */
  put(key: string, path: string, size: number, contentType: string): Promise<void>;
  /** The stored bytes, or null when there are none under `key`. */
  read(key: string): Promise<Readable | null>;
  /** A URL that answers the bytes for `seconds` with these headers, or null when the app streams them itself (local). */
  signedReadUrl(key: string, seconds: number, headers: DownloadHeaders): Promise<string | null>;
  /** A URL a client PUTs the bytes to for `seconds`, or null when they go to the app itself (local). */
  signedWriteUrl(key: string, seconds: number, size: number, contentType: string): Promise<string | null>;
  /** The size of the bytes under `key`, or null when there are none. */
  size(key: string): Promise<number | null>;
  /** Removes the keys; a missing key is no error. */
  remove(keys: string[]): Promise<void>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): AsyncIterable<StoredObject>;
}

/** A key is `<folder>/<folder>/<random>`: letters, digits, `-`, `_`, `/`, never `..` nor a leading `/`. */
export function assertKey(key: string): void {
  if (!/^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/i.test(key)) throw new Error(`storage: invalid key ${JSON.stringify(key)}`);
}
