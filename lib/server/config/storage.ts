import { z } from 'zod';

// Where documents' bytes live (docs/documents.md#storage). Read at each use (like ./mail.ts) so that
// tests can point one process at either driver; lib/server/env.ts validates them at start.

const MB = 1024 * 1024;
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const storageEnvSchema = z.object({
  /** `local` (the default: files under STORAGE_DIR) or `s3` (any S3-compatible store: AWS, R2, MinIO). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** The local driver's folder. */
  STORAGE_DIR: z.string().min(1).default('.data/files'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** For R2, MinIO and other S3-compatible stores; AWS's own endpoint without it. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted stores want. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** The largest document, in bytes (default 500 MB); one multipart request takes at most 25 MB of it. */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(500 * MB),
  /** Each account's total of stored bytes (every version counts); unlimited without it. */
  DOCUMENT_QUOTA_BYTES: z.coerce.number().int().min(0).optional(),
});

export type StorageSettings = z.output<typeof storageEnvSchema>;

export function storageSettings(source: NodeJS.ProcessEnv = process.env): StorageSettings {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const settings = storageEnvSchema.parse(clean);
  if (settings.STORAGE_DRIVER === 's3' && !settings.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET.');
  return settings;
}

/**
 * Where a browser fetches documents' bytes from besides the app (signed URLs) and sends large uploads
 * to (presigned PUTs): the S3 store's origins, for the pages' Content-Security-Policy. None locally.
 */
export function storageOrigins(settings: StorageSettings = storageSettings()): string[] {
  if (settings.STORAGE_DRIVER !== 's3' || !settings.S3_BUCKET) return [];
  if (!settings.S3_ENDPOINT) return [`https://${settings.S3_BUCKET}.s3.${settings.S3_REGION}.amazonaws.com`, `https://s3.${settings.S3_REGION}.amazonaws.com`];
  const endpoint = new URL(settings.S3_ENDPOINT);
  return settings.S3_FORCE_PATH_STYLE ? [endpoint.origin] : [`${endpoint.protocol}//${settings.S3_BUCKET}.${endpoint.host}`, endpoint.origin];
}
