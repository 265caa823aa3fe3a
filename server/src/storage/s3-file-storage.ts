import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertValidKey,
  contentTypeOf,
  isValidKey,
  uploadsCacheControl,
  uploadsPath,
  type FileStorage,
  type ReadConditions,
  type StoredFile,
} from './file-storage';
import type { S3Settings } from '../config/config';

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

export function isMissing(error: unknown): boolean {
  return (
    statusOf(error) === 404 ||
    (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound'))
  );
}

/** How to reach a store, whichever bucket: S3Settings less the bucket and its public address. */
export type S3Access = Pick<S3Settings, 'endpoint' | 'region' | 'accessKeyId' | 'secretAccessKey' | 'forcePathStyle'>;

/** A client for S3 or an S3-compatible store, as the shop's storage and its backups (ops/backup-location.ts) use it. */
export function createS3Client(settings: S3Access): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible stores reject the SDK's newer default
    // (CRC32 trailers on every upload, aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/** Objects in one bucket of S3 or an S3-compatible store: every instance sees the same files. */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  readonly imageOrigin: string | null;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string | undefined;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.publicBase = settings.publicUrl?.replace(/\/+$/, '');
    this.imageOrigin = this.publicBase ? new URL(this.publicBase).origin : null;
    this.client = createS3Client(settings);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
        // Served from the bucket's public URL with the same caching the shop gives them.
        CacheControl: uploadsCacheControl,
      }),
    );
  }

  async read(key: string, conditions: ReadConditions = {}): Promise<StoredFile | 'not-modified' | null> {
    assertValidKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          IfNoneMatch: conditions.ifNoneMatch,
          IfModifiedSince: conditions.ifModifiedSince ? parseHttpDate(conditions.ifModifiedSince) : undefined,
        }),
      );
      return {
        body: object.Body as Readable,
        size: object.ContentLength,
        contentType: object.ContentType ?? contentTypeOf(key),
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      if (statusOf(error) === 304) return 'not-modified';
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers 204 for a key that is not there.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** The bucket's objects by the names the shop makes: anything else kept in the bucket is not the shop's. */
  async *keys(): AsyncIterable<string> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) if (object.Key && isValidKey(object.Key)) yield object.Key;
    }
  }

  publicUrl(key: string): string {
    return this.publicBase ? `${this.publicBase}/${key}` : `${uploadsPath}/${key}`;
  }

  /** Closes the client's kept-alive connections. */
  close(): void {
    this.client.destroy();
  }
}

function parseHttpDate(value: string): Date | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
