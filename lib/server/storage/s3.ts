import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageSettings } from '@/lib/server/config/storage';
import { assertKey, type BlobStore, type StoredObject } from './blob-store';

// The S3 driver, through the AWS SDK v3: AWS S3, Cloudflare R2, MinIO or any S3-compatible store
// (S3_ENDPOINT, S3_FORCE_PATH_STYLE). Downloads and large uploads go between the browser and the
// store on presigned URLs; the app hands out URLs that name one object and expire within minutes.

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

export function s3Store(settings: StorageSettings): BlobStore {
  const Bucket = settings.S3_BUCKET!;
  const client = new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    // Checksums only where S3 requires them: a streamed body then goes as is, not `aws-chunked` with
    // a trailing checksum, which many S3-compatible stores (older MinIO, s3rver, some gateways) store
    // as part of the bytes. The bytes' SHA-256 is computed and kept by the app anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  return {
    async put(key, path, size, contentType) {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(path), ContentLength: size, ContentType: contentType }));
    },
    async read(key) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return (out.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async signedReadUrl(key, seconds, headers) {
      assertKey(key);
      const command = new GetObjectCommand({ Bucket, Key: key, ResponseContentType: headers.contentType, ResponseContentDisposition: headers.disposition });
      return getSignedUrl(client, command, { expiresIn: seconds });
    },
    async signedWriteUrl(key, seconds, size, contentType) {
      assertKey(key);
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentLength: size, ContentType: contentType }), { expiresIn: seconds });
    },
    async size(key) {
      assertKey(key);
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(keys) {
      for (let at = 0; at < keys.length; at += 1000) {
        const batch = keys.slice(at, at + 1000);
        batch.forEach(assertKey);
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      }
    },
    async *list(prefix): AsyncIterable<StoredObject> {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
