import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { variantFileName } from '../modules/catalog/product.entity';
import type { FileStorage } from '../storage/file-storage';
import type { S3Access } from '../storage/s3-file-storage';
import { createBackupLocation } from './backup-location';
import { backupFiles, sha256Of, sha256OfFile, type BackupManifest } from './backup-manifest';
import { findPostgresTool, libpqConnection, serverVersion } from './postgres-tools';
import { eachAtMost, runTool } from './run-tool';
import { migrationState, rowCounts } from './shop-tables';

export interface BackupOptions {
  databaseUrl: string;
  /** Where the shop keeps its images (the uploads folder or its bucket). */
  storage: FileStorage;
  /** A folder, or s3://bucket/prefix: the backup is written to a new folder (prefix) under it. */
  to: string;
  /** How to reach the bucket when `to` is one. */
  s3: S3Access;
  /** PG_BIN_DIR: the folder to take pg_dump from instead of looking for the newest. */
  pgBinDir?: string;
  /** Progress, a line at a time. */
  report?: (line: string) => void;
  now?: Date;
}

export interface BackupResult {
  /** What `npm run restore -- --from` takes. */
  address: string;
  manifest: BackupManifest;
}

/** A name that sorts by time and is safe in a path and an S3 key: manukato-backup-2026-05-01T020000Z. */
export function backupName(at: Date): string {
  return `manukato-backup-${at
    .toISOString()
    .replace(/:/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/** The image files the database refers to: product images with their smaller widths, and category cards. */
async function referencedImages(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ key: string; widths: number[] | null }>(
    `select file_name as key, widths from product_images
     union all
     select image_file_name, null from categories where image_file_name is not null`,
  );
  return rows.flatMap(({ key, widths }) => [key, ...(widths ?? []).map((width) => variantFileName(key, width))]);
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `npm run backup`: one pg_dump (custom format) of the shop's database, every stored image, and a manifest written
 * last, into a new folder or bucket prefix under `to`.
 *
 * Consistent: the dump, the row counts and the list of images the database refers to are read in one exported
 * snapshot. Images are copied after the dump; a stored image never changes under its name (a new one gets a new
 * name), so every image the snapshot refers to is copied unless it was deleted in between, which the manifest
 * records under `images.missing`.
 */
export async function backupShop(options: BackupOptions): Promise<BackupResult> {
  const report = options.report ?? (() => undefined);
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'manukato-backup' });
  await client.connect();
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-backup-'));
  try {
    const server = await serverVersion(client);
    const pgDump = await findPostgresTool('pg_dump', server.major, {
      pgBinDir: options.pgBinDir,
      why: `Backing up PostgreSQL ${server.version}`,
    });
    const createdAt = options.now ?? new Date();
    const location = await createBackupLocation(options.to, backupName(createdAt), options.s3);
    try {
      report(`backing up PostgreSQL ${server.version} with pg_dump ${pgDump.version} (${pgDump.path})`);
      report(`into ${location.address}`);
      // The dump's snapshot is exported from this transaction, which stays open until pg_dump has taken it.
      await client.query('begin isolation level repeatable read read only');
      await client.query(`set local idle_in_transaction_session_timeout = 0`);
      await client.query(`set local statement_timeout = 0`);
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
      const rows = await rowCounts(client);
      const migration = await migrationState(client);
      const referenced = await referencedImages(client);
      const dumpFile = path.join(workDir, backupFiles.database);
      const connection = libpqConnection(options.databaseUrl);
      await runTool(
        pgDump.path,
        [
          '--format=custom',
          `--snapshot=${snapshot}`,
          '--no-password',
          `--file=${dumpFile}`,
          `--dbname=${connection.url}`,
        ],
        connection.env,
      );
      await client.query('commit');
      const dumpBytes = (await fs.stat(dumpFile)).size;
      const dumpSha256 = await sha256OfFile(dumpFile);
      await location.upload(backupFiles.database, dumpFile);
      report(`database: ${(dumpBytes / 1024 / 1024).toFixed(1)} MB, ${rows.orders ?? 0} orders`);

      const keys: string[] = [];
      for await (const key of options.storage.keys()) keys.push(key);
      keys.sort();
      const files: BackupManifest['images']['files'] = [];
      await eachAtMost(keys, 4, async (key) => {
        const stored = await options.storage.read(key);
        // Deleted since it was listed: the snapshot check below says whether the database still wanted it.
        if (stored === null || stored === 'not-modified') return;
        const data = await bytesOf(stored.body);
        await location.write(backupFiles.imageOf(key), data);
        files.push({ key, bytes: data.length, sha256: sha256Of(data) });
      });
      files.sort((a, b) => a.key.localeCompare(b.key));
      const copied = new Set(files.map((file) => file.key));
      const missing = [...new Set(referenced)].filter((key) => !copied.has(key)).sort();
      const imageBytes = files.reduce((sum, file) => sum + file.bytes, 0);
      report(
        `images: ${files.length} files from ${options.storage.kind} storage, ${(imageBytes / 1024 / 1024).toFixed(1)} MB`,
      );
      if (missing.length > 0) {
        report(
          `warning: ${missing.length} images the database refers to were not in storage: ${missing.slice(0, 5).join(', ')}`,
        );
      }

      const manifest: BackupManifest = {
        kind: 'manukato-backup',
        formatVersion: 1,
        createdAt: createdAt.toISOString(),
        database: {
          file: backupFiles.database,
          bytes: dumpBytes,
          sha256: dumpSha256,
          serverVersion: server.version,
          pgDumpVersion: pgDump.version,
          migration,
          rows,
        },
        images: { from: options.storage.kind, count: files.length, bytes: imageBytes, files, missing },
      };
      // Last: a backup without its manifest is one that did not finish, and restore refuses it.
      await location.write(backupFiles.manifest, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      report(`done: ${location.address}`);
      return { address: location.address, manifest };
    } finally {
      location.close();
    }
  } finally {
    await client.end();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}
