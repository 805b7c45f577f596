import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A real S3-compatible server in its own process (s3rver: the S3 REST API over a folder, signatures
// and presigned URLs checked), for the S3 storage driver's tests: the driver speaks to it through
// the AWS SDK exactly as it would to AWS, R2 or MinIO.

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The environment that points the storage driver at it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'groundwork-test'): Promise<S3Server> {
  const dir = await mkdtemp(path.join(tmpdir(), 'groundwork-s3-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [path.resolve('node_modules/s3rver/bin/s3rver.js'), '-d', dir, '-a', '127.0.0.1', '-p', '0', '--configure-bucket', bucket],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${out}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening on ([0-9.]+:[0-9]+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(`http://${found[1]}`);
      }
    });
    child.on('exit', (code) => reject(new Error(`s3rver exited (${code}): ${out}`)));
  });
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's own fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      child.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
