import type { Readable } from 'node:stream';

/** What a stored file is when it is read back. */
export interface StoredFile {
  body: Readable;
  size: number | undefined;
  contentType: string;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** A client's conditional GET, passed on so an unchanged file costs no body. */
export interface ReadConditions {
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

/**
 * Where uploaded files (product and category images) live, by key: a flat, generated name such as
 * `product-<hex>.webp`. A local directory for one instance; object storage when several instances share files.
 */
export interface FileStorage {
  /** 'local' or 's3': for logs and the start banner. */
  readonly kind: 'local' | 's3';
  /** An origin outside the shop that image URLs point at (the bucket's public URL), for the CSP's img-src. */
  readonly imageOrigin: string | null;
  /** Stores the bytes under `key`, replacing any file there; readers never see half a file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file as a stream, 'not-modified' when the conditions say the client's copy is current, null when absent. */
  read(key: string, conditions?: ReadConditions): Promise<StoredFile | 'not-modified' | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; one already gone is fine. */
  delete(key: string): Promise<void>;
  /** Every stored key, in no set order (backups copy them all: ops/backup.ts). */
  keys(): AsyncIterable<string>;
  /** The URL a browser loads the file from: root-relative through the shop, or absolute in the bucket. */
  publicUrl(key: string): string;
  /** Lets go of connections at shutdown. */
  close(): void;
}

/** The path uploads are served under by the shop (and /api/uploads, as spec §7 uses both). */
export const uploadsPath = '/uploads';

/** Keys the shop generates: one flat name with an extension, nothing that could climb out of a folder. */
const keyPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,150}(\.[A-Za-z0-9]{1,10})?$/;

export function isValidKey(key: string): boolean {
  return keyPattern.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 200))}`);
}

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

export function contentTypeOf(key: string): string {
  return contentTypes[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** Stored names never change content (a new image gets a new name): caches may keep them for a year. */
export const uploadsCacheControl = 'public, max-age=31536000, immutable';
