import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { contentTypeOf, isValidKey, type FileStorage } from '../storage/file-storage';
import type { S3Access } from '../storage/s3-file-storage';
import { openBackupLocation } from './backup-location';
import { backupFiles, parseManifest, sha256Of, sha256OfFile, type BackupManifest } from './backup-manifest';
import { OperationRefused } from './operation-refused';
import { findPostgresTool, libpqConnection, majorOf, serverVersion } from './postgres-tools';
import { eachAtMost, runTool } from './run-tool';
import { describeSchema, rowCounts, userTables } from './shop-tables';

export interface RestoreOptions {
  /** An empty database: anything else is refused. */
  databaseUrl: string;
  /** Where the restored shop keeps its images (the uploads folder or its bucket). */
  storage: FileStorage;
  /** The backup: its folder, or its s3://bucket/prefix, as the backup printed it. */
  from: string;
  s3: S3Access;
  /** PG_BIN_DIR: the folder to take pg_restore from instead of looking for the newest. */
  pgBinDir?: string;
  report?: (line: string) => void;
}

/**
 * Archive entries left out of the restore: an extension's comment, which only the extension's owner may set (a
 * managed PostgreSQL's user is not) and which creating the extension sets anyway.
 */
const skippedEntry = / COMMENT - EXTENSION /;

async function refuseUnlessEmpty(client: pg.ClientBase): Promise<void> {
  const tables = await userTables(client);
  if (tables.length === 0) return;
  const database = (await client.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
  throw new OperationRefused(
    `The database "${database}" is not empty: it has ${tables.length} table${tables.length === 1 ? '' : 's'} ` +
      `(${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}). A restore goes only into an empty ` +
      `database, so nothing is mixed or lost: create one (createdb, or your provider's console) and point ` +
      `DATABASE_URL at it, or for the embedded database use a DATA_DIR that has none.`,
  );
}

/**
 * `npm run restore`: checks everything that can be checked first (the manifest, the target empty, versions, the
 * dump's checksum), then puts the images back (each checked against the manifest) and restores the dump in one
 * transaction, so a failure leaves the database empty and the restore can simply be run again. Ends by comparing
 * every table's rows with the counts the backup's snapshot saw.
 */
export async function restoreShop(options: RestoreOptions): Promise<BackupManifest> {
  const report = options.report ?? (() => undefined);
  const location = openBackupLocation(options.from, options.s3);
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-restore-'));
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'manukato-restore' });
  try {
    const manifest = parseManifest(await location.read(backupFiles.manifest), location.address);
    await client.connect();
    const server = await serverVersion(client);
    const sourceMajor = majorOf(manifest.database.serverVersion);
    if (server.major < sourceMajor) {
      throw new OperationRefused(
        `The backup is of PostgreSQL ${manifest.database.serverVersion}; this database runs ${server.version}. ` +
          `PostgreSQL does not restore into an older major version: restore into PostgreSQL ${sourceMajor} or newer.`,
      );
    }
    await refuseUnlessEmpty(client);
    const pgRestore = await findPostgresTool('pg_restore', majorOf(manifest.database.pgDumpVersion), {
      pgBinDir: options.pgBinDir,
      why: `Reading a backup written by pg_dump ${manifest.database.pgDumpVersion}`,
    });
    for (const file of manifest.images.files) {
      if (!isValidKey(file.key)) throw new OperationRefused(`The manifest names an image ${JSON.stringify(file.key)}.`);
    }
    report(`restoring the backup of ${manifest.createdAt} from ${location.address}`);
    report(`into PostgreSQL ${server.version} with pg_restore ${pgRestore.version} (${pgRestore.path})`);

    const dumpFile = path.join(workDir, backupFiles.database);
    await location.download(backupFiles.database, dumpFile);
    const dumpSha256 = await sha256OfFile(dumpFile);
    if (dumpSha256 !== manifest.database.sha256) {
      throw new Error(`${backupFiles.database} does not match its checksum in the manifest: the backup is damaged.`);
    }

    await eachAtMost(manifest.images.files, 4, async (file) => {
      const data = await location.read(backupFiles.imageOf(file.key));
      if (!data) throw new Error(`${backupFiles.imageOf(file.key)} is missing from the backup.`);
      if (sha256Of(data) !== file.sha256) {
        throw new Error(`${backupFiles.imageOf(file.key)} does not match its checksum: the backup is damaged.`);
      }
      await options.storage.put(file.key, data, contentTypeOf(file.key));
    });
    report(`images: ${manifest.images.files.length} files put back into ${options.storage.kind} storage`);

    const connection = libpqConnection(options.databaseUrl);
    const contents = await runTool(pgRestore.path, ['--list', dumpFile], connection.env);
    const listFile = path.join(workDir, 'restore.list');
    await fs.writeFile(
      listFile,
      contents
        .split('\n')
        .filter((line) => !skippedEntry.test(line))
        .join('\n'),
    );
    await runTool(
      pgRestore.path,
      [
        '--single-transaction',
        '--exit-on-error',
        // The restoring user owns everything, whoever owned it before; grants belong to the old server's roles.
        '--no-owner',
        '--no-privileges',
        '--no-password',
        `--use-list=${listFile}`,
        `--dbname=${connection.url}`,
        dumpFile,
      ],
      connection.env,
    );
    // A restored table has no planner statistics until autovacuum comes round; the shop's first queries need them.
    await client.query('analyze');

    const restored = await rowCounts(client);
    const differing = Object.entries(manifest.database.rows)
      .filter(([table, count]) => restored[table] !== count)
      .map(([table, count]) => `${table}: ${restored[table] ?? 'absent'} rows, the backup had ${count}`);
    if (differing.length > 0) throw new Error(`The restored database differs from the backup: ${differing.join('; ')}`);
    report(`database: ${Object.keys(restored).length} tables, ${restored.orders ?? 0} orders, rows as in the backup`);
    report(describeSchema(manifest.database.migration.latest));
    if (manifest.images.missing.length > 0) {
      report(`note: ${manifest.images.missing.length} images were already missing when the backup was made`);
    }
    return manifest;
  } finally {
    await client.end();
    location.close();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}
