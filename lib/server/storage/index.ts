import 'server-only';
import { storageSettings } from '@/lib/server/config/storage';
import type { BlobStore } from './blob-store';
import { localStore } from './local';
import { s3Store } from './s3';

export type { BlobStore } from './blob-store';

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
