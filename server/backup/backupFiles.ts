import { createWriteStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { CONTENT_TYPE_RECORD, FILES_PREFIX, type ArchiveWriter, type BackupManifest } from './backupArchive';
import type { AppConfig, S3Config } from '../config';

/**
 * The uploaded files, where Parse's files adapter keeps them: DATA_DIR/files, or the bucket named
 * by S3_BUCKET. In the archive each file is `files/<name>` with the name the filesystem adapter
 * gives it on disk (the file's name URI-encoded); the S3 adapter's key is the file's name itself.
 * So a backup restores into either kind of store.
 */
export interface FileStore {
  readonly source: BackupManifest['files'];
  /** Adds every stored file to the archive; answers how many. */
  copyInto(archive: ArchiveWriter): Promise<number>;
  /** Stores one file of the archive by its name there (without `files/`). */
  put(name: string, body: AsyncIterable<Buffer>, contentType: string | undefined): Promise<void>;
}

function directoryStore(root: string): FileStore {
  return {
    source: { source: 'directory' },
    async copyInto(archive) {
      let count = 0;
      const walk = async (relative: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(path.join(root, relative), { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw error;
        }
        for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
          const relativePath = relative ? `${relative}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(relativePath);
          else if (
            entry.isFile() &&
            (await archive.addFile(`${FILES_PREFIX}${relativePath}`, path.join(root, relativePath)))
          )
            count += 1;
        }
      };
      await walk('');
      return count;
    },
    async put(name, body) {
      const target = path.join(root, name);
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(Readable.from(body), createWriteStream(target, { mode: 0o644 }));
    },
  };
}

export function s3ClientFor(s3: S3Config): S3Client {
  return new S3Client({
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    // Stores other than AWS often reject the checksums the SDK adds by default since 3.729.
    ...(s3.endpoint
      ? {
          endpoint: s3.endpoint,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  });
}

async function fetchObject(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<GetObjectCommandOutput | undefined> {
  try {
    return await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    // Deleted between the listing and the read, as a replaced avatar is.
    if (error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

function bucketStore(s3: S3Config): FileStore {
  const client = s3ClientFor(s3);
  return {
    source: { source: 'bucket', bucket: s3.bucket },
    async copyInto(archive) {
      let count = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }),
        );
        for (const { Key: key } of page.Contents ?? []) {
          if (!key || key.endsWith('/')) continue;
          const object = await fetchObject(client, s3.bucket, key);
          if (!object?.Body) continue;
          // Parse limits uploads to a few megabytes (maxUploadSize), so an object is read whole.
          const bytes = await object.Body.transformToByteArray();
          await archive.addStream(
            `${FILES_PREFIX}${encodeURIComponent(key)}`,
            bytes.byteLength,
            [bytes],
            object.ContentType ? { [CONTENT_TYPE_RECORD]: object.ContentType } : undefined,
          );
          count += 1;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return count;
    },
    async put(name, body, contentType) {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk);
      const key = name.split(path.sep).map(decodeURIComponent).join('/');
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: Buffer.concat(chunks),
          ...(contentType ? { ContentType: contentType } : {}),
        }),
      );
    },
  };
}

export function fileStoreFor(config: AppConfig): FileStore {
  return config.s3 ? bucketStore(config.s3) : directoryStore(path.join(config.dataDir, 'files'));
}
