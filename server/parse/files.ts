import { createRequire } from 'node:module';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { AppConfig, S3Config } from '../config';
import { FileSystemAdapter } from './parseServerModule';

/** Where uploaded files live, and how /healthz asks whether that place answers. */
export interface FileStore {
  /** Parse's files adapter. */
  adapter: object;
  /** `disk` or `s3`, as /healthz names it. */
  kind: 'disk' | 's3';
  check(): Promise<void>;
}

const require = createRequire(import.meta.url);
const S3Adapter = require('@parse/s3-files-adapter') as new (options: object) => object;

/**
 * The S3 client settings for any S3-compatible store. Stores other than AWS (MinIO, Ceph, Garage…)
 * refuse or mangle the checksums the SDK adds to every request since 2025, so with an endpoint the
 * SDK sends and checks them only where an operation requires one.
 */
export function s3ClientSettings(s3: S3Config) {
  return {
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint
      ? {
          endpoint: s3.endpoint,
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  };
}

function s3Store(s3: S3Config): FileStore {
  const settings = s3ClientSettings(s3);
  // Files are served through Parse (directAccess off), so the bucket stays private and a file
  // answers with the same URL whichever node serves it.
  const adapter = new S3Adapter({
    bucket: s3.bucket,
    region: s3.region,
    directAccess: false,
    s3overrides: settings,
  });
  const client = new S3Client(settings);
  return {
    adapter,
    kind: 's3',
    check: async () => {
      await client.send(new HeadBucketCommand({ Bucket: s3.bucket }), {
        abortSignal: AbortSignal.timeout(2_000),
      });
    },
  };
}

function diskStore(filesDir: string): FileStore {
  return {
    // The adapter resolves its folder against the working directory, hence the relative path.
    adapter: new FileSystemAdapter({ filesSubDirectory: path.relative(path.resolve('files'), filesDir) }),
    kind: 'disk',
    // The adapter creates the folder with the first file; before that, its parent must be writable.
    check: () => access(filesDir, constants.W_OK).catch(() => access(path.dirname(filesDir), constants.W_OK)),
  };
}

export function createFileStore(config: AppConfig): FileStore {
  return config.s3 ? s3Store(config.s3) : diskStore(path.join(config.dataDir, 'files'));
}
