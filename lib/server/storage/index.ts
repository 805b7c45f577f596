import 'server-only';
import { randomUUID } from 'node:crypto';
import { storageSettings } from '@/lib/server/config/storage';
import type { BlobStore } from './blob-store';
import { localStore } from './local';
import { s3Store } from './s3';

export type { BlobStore } from './blob-store';

/**
 * A new key for an account's bytes, never reused: `documents/<account>/<random>` (a version's file,
 * an upload's), or inside `folder` (`documents/<account>/thumbnails/<random>`). The sweep looks under
 * `documents/` for orphans.
 */
export const newDocumentKey = (accountId: number, folder?: string) => `documents/${accountId}/${folder ? `${folder}/` : ''}${randomUUID()}`;

let cached: { signature: string; store: BlobStore } | null = null;

/** The store the settings name (one client per configuration, kept while it does not change). */
export function blobStore(): BlobStore {
  const settings = storageSettings();
  const signature = JSON.stringify(settings);
  if (cached?.signature !== signature) {
    cached = { signature, store: settings.STORAGE_DRIVER === 's3' ? s3Store(settings) : localStore(settings.STORAGE_DIR) };
  }
  return cached.store;
}
