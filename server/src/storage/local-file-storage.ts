import { randomBytes } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  assertValidKey,
  contentTypeOf,
  isValidKey,
  uploadsPath,
  type FileStorage,
  type StoredFile,
} from './file-storage';

/** Files in one directory (UPLOADS_DIR): the default, for a single instance or instances sharing a volume. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local';
  readonly imageOrigin = null;

  constructor(readonly directory: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.directory, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(this.directory, { recursive: true });
    // Written beside the target and renamed over it: a reader sees the old file or the whole new one.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  /** Conditions are not checked here: the shop serves this directory with express.static, which does. */
  async read(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) return null;
      return {
        body: createReadStream(file),
        size: stat.size,
        contentType: contentTypeOf(key),
        etag: undefined,
        lastModified: stat.mtime,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  /** Files only, by the names the shop makes: a write's temporary file beside its target is not one. */
  async *keys(): AsyncIterable<string> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(this.directory, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) if (entry.isFile() && isValidKey(entry.name)) yield entry.name;
  }

  publicUrl(key: string): string {
    return `${uploadsPath}/${key}`;
  }

  close(): void {}
}
