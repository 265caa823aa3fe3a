import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client, isMissing, type S3Access } from '../storage/s3-file-storage';
import { OperationRefused } from './operation-refused';

/**
 * Where one backup lives: a folder, or a prefix in a bucket (s3://bucket/prefix). Files by relative name:
 * manifest.json, database.dump, images/<key>.
 */
export interface BackupLocation {
  /** What `npm run restore -- --from` takes to read this backup back. */
  readonly address: string;
  write(name: string, data: Buffer): Promise<void>;
  /** A file on disk too large to hold in memory (the dump), streamed. */
  upload(name: string, file: string): Promise<void>;
  /** The file's bytes, or null when the backup has no such file. */
  read(name: string): Promise<Buffer | null>;
  download(name: string, file: string): Promise<void>;
  close(): void;
}

/** S3 takes at most 5 GiB in one PUT; a larger dump goes to a folder (and from there to the bucket by other means). */
const largestSinglePut = 5 * 1024 ** 3;

const bucketAddress = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/;

export function isBucketAddress(address: string): boolean {
  return address.startsWith('s3://');
}

function parseBucketAddress(address: string): { bucket: string; prefix: string } {
  const match = bucketAddress.exec(address);
  if (!match) {
    throw new OperationRefused(`${address} is not a bucket address: write s3://<bucket> or s3://<bucket>/<prefix>.`);
  }
  return { bucket: match[1]!, prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, '') };
}

/** The backup at `address`, as it is (restore reads it). */
export function openBackupLocation(address: string, s3: S3Access): BackupLocation {
  if (!isBucketAddress(address)) return new FolderLocation(path.resolve(address));
  const { bucket, prefix } = parseBucketAddress(address);
  return new BucketLocation(createS3Client(s3), bucket, prefix);
}

/**
 * A new, empty backup named `name` under `parent` (a folder or a bucket address). A name already taken is refused:
 * a backup is never written over another.
 */
export async function createBackupLocation(parent: string, name: string, s3: S3Access): Promise<BackupLocation> {
  if (!isBucketAddress(parent)) {
    const folder = path.join(path.resolve(parent), name);
    await fs.mkdir(path.dirname(folder), { recursive: true });
    try {
      await fs.mkdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new OperationRefused(`${folder} already exists.`);
      throw error;
    }
    return new FolderLocation(folder);
  }
  const { bucket, prefix } = parseBucketAddress(parent);
  const location = new BucketLocation(createS3Client(s3), bucket, prefix ? `${prefix}/${name}` : name);
  if (await location.has('manifest.json')) {
    location.close();
    throw new OperationRefused(`${location.address} already holds a backup.`);
  }
  return location;
}

class FolderLocation implements BackupLocation {
  constructor(readonly address: string) {}

  private pathOf(name: string): string {
    return path.join(this.address, ...name.split('/'));
  }

  async write(name: string, data: Buffer): Promise<void> {
    await fs.mkdir(path.dirname(this.pathOf(name)), { recursive: true });
    await fs.writeFile(this.pathOf(name), data);
  }

  async upload(name: string, file: string): Promise<void> {
    await fs.mkdir(path.dirname(this.pathOf(name)), { recursive: true });
    await fs.copyFile(file, this.pathOf(name));
  }

  async read(name: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async download(name: string, file: string): Promise<void> {
    await fs.copyFile(this.pathOf(name), file);
  }

  close(): void {}
}

class BucketLocation implements BackupLocation {
  readonly address: string;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {
    this.address = `s3://${bucket}${prefix ? `/${prefix}` : ''}`;
  }

  private keyOf(name: string): string {
    return this.prefix ? `${this.prefix}/${name}` : name;
  }

  async has(name: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async write(name: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name), Body: data, ContentLength: data.length }),
    );
  }

  async upload(name: string, file: string): Promise<void> {
    const { size } = await fs.stat(file);
    if (size > largestSinglePut) {
      throw new Error(
        `${name} is ${(size / 1024 ** 3).toFixed(1)} GiB, more than one S3 upload takes (5 GiB): back up to a folder.`,
      );
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(name),
        Body: createReadStream(file),
        ContentLength: size,
      }),
    );
  }

  async read(name: string): Promise<Buffer | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async download(name: string, file: string): Promise<void> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }));
    await pipeline(object.Body as Readable, createWriteStream(file));
  }

  close(): void {
    this.client.destroy();
  }
}
