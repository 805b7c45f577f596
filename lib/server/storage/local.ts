import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, type BlobStore, type StoredObject } from './blob-store';

// The local driver: each object a file under the folder (STORAGE_DIR, default .data/files), written
// whole before it is named (a temporary name, then a rename), so a reader never sees half a file.

export function localStore(dir: string): BlobStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, from) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      try {
        await rename(from, partial);
      } catch (err) {
        // The spool is on another file system: copy, then drop it.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await copyFile(from, partial);
        await unlink(from).catch(() => {});
      }
      await rename(partial, target);
    },
    async read(key): Promise<Readable | null> {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    signedReadUrl: async () => null,
    signedWriteUrl: async () => null,
    async size(key) {
      try {
        return (await stat(fileOf(key))).size;
      } catch {
        return null;
      }
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    async *list(prefix): AsyncIterable<StoredObject> {
      const walk = async function* (folder: string): AsyncIterable<StoredObject> {
        let entries;
        try {
          entries = await readdir(folder, { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          const full = path.join(folder, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          else if (!entry.name.endsWith('.partial')) {
            const key = path.relative(root, full).split(path.sep).join('/');
            if (!key.startsWith(prefix)) continue;
            const info = await stat(full);
            yield { key, size: info.size, lastModified: info.mtime };
          }
        }
      };
      yield* walk(root);
    },
  };
}
