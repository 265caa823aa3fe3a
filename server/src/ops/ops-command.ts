import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../config/config';
import { applyEnvFile } from '../config/env-file';
import { lockDataDirectory } from '../db/data-dir-lock';
import { startEmbeddedDatabase } from '../db/embedded-postgres';
import { createLogger } from '../db/logger';
import { runningEmbeddedUrl } from '../db/running-embedded-url';
import { createFileStorage } from '../storage/create-file-storage';
import type { FileStorage } from '../storage/file-storage';
import type { S3Access } from '../storage/s3-file-storage';
import { OperationRefused } from './operation-refused';

/** What `npm run backup` and `npm run restore` work on, from the environment (and .env) as the shop reads it. */
export interface OpsSetting {
  config: AppConfig;
  storage: FileStorage;
  /** The backups' bucket: BACKUP_S3_* settings, each falling back to the shop's own S3_* one. */
  backupS3: S3Access;
  pgBinDir: string | undefined;
}

const truthy = new Set(['true', '1', 'yes']);

export function readOpsSetting(environment: NodeJS.ProcessEnv = process.env): OpsSetting {
  // Payments play no part here: the shop's rule that a server database needs a Paystack key must not stop a backup.
  const config = loadConfig({ ...environment, PAYMENT_SIMULATOR: 'true', PAYSTACK_SECRET_KEY: '' });
  const either = (name: string) => environment[`BACKUP_${name}`] || environment[name] || undefined;
  return {
    config,
    storage: createFileStorage(config),
    backupS3: {
      endpoint: either('S3_ENDPOINT'),
      region: either('S3_REGION') ?? 'us-east-1',
      accessKeyId: either('S3_ACCESS_KEY_ID'),
      secretAccessKey: either('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: truthy.has(either('S3_FORCE_PATH_STYLE') ?? ''),
    },
    pgBinDir: environment.PG_BIN_DIR || undefined,
  };
}

/**
 * The shop's database for a command: DATABASE_URL; else the embedded one of a shop running on DATA_DIR; else the
 * embedded one started here under the data directory's lock (`create`: initialised when there is none yet, as a
 * restore into a fresh DATA_DIR wants; otherwise its absence is refused).
 */
export async function openShopDatabase(
  config: AppConfig,
  options: { create: boolean },
): Promise<{ url: string; close(): Promise<void> }> {
  const none = { close: async () => undefined };
  if (config.databaseUrl) return { url: config.databaseUrl, ...none };
  const running = runningEmbeddedUrl(config.dataDir);
  if (running) return { url: running, ...none };
  const databaseDir = path.join(config.dataDir, 'db');
  if (!options.create && !existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    throw new OperationRefused(
      `No database to back up: DATABASE_URL is unset and ${config.dataDir} holds no embedded database.`,
    );
  }
  const unlock = await lockDataDirectory(config.dataDir);
  try {
    const database = await startEmbeddedDatabase({
      databaseDir,
      log: createLogger(process.env.LOG_LEVEL || 'warn', 'ops'),
    });
    return {
      url: database.url,
      close: async () => {
        await database.stop();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** What backupShop and restoreShop both take from a command. */
export interface OpsCommon {
  databaseUrl: string;
  storage: FileStorage;
  s3: S3Access;
  pgBinDir: string | undefined;
  report: (line: string) => void;
}

/**
 * Runs a command: its options read first (a bad or missing one is refused before anything starts), then its work
 * with its settings and database. Exits 0 when done, 2 for a refusal, 1 for any other failure.
 */
export function runOpsCommand<Options>(
  name: string,
  options: { createDatabase: boolean; readOptions: () => Options },
  work: (common: OpsCommon, options: Options) => Promise<unknown>,
): void {
  const main = async () => {
    const chosen = options.readOptions();
    applyEnvFile();
    const setting = readOpsSetting();
    try {
      const database = await openShopDatabase(setting.config, { create: options.createDatabase });
      try {
        await work(
          {
            databaseUrl: database.url,
            storage: setting.storage,
            s3: setting.backupS3,
            pgBinDir: setting.pgBinDir,
            report: (line) => process.stdout.write(`${line}\n`),
          },
          chosen,
        );
      } finally {
        await database.close();
      }
    } finally {
      setting.storage.close();
    }
  };
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(error instanceof OperationRefused ? OperationRefused.exitCode : 1);
    },
  );
}
