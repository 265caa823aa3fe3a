import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { loadConfig } from '../config/config';
import { createFileStorage } from '../storage/create-file-storage';
import type { FileStorage } from '../storage/file-storage';
import { lockDataDirectory } from './data-dir-lock';
import { startEmbeddedDatabase } from './embedded-postgres';
import { initOrm, migrate } from './orm';
import { runningEmbeddedUrl } from './running-embedded-url';
import { ensureSampleImages, seedDatabase } from './seed';

export interface CommandDatabase {
  client: pg.Client;
  /** Where the shop keeps images (the uploads directory or the S3 bucket of the settings). */
  storage: FileStorage;
  /** Ends the connection, and stops the database if this command started it. */
  close: () => Promise<void>;
}

/**
 * The database a generator command (seed:catalogue, seed:orders) writes to: DATABASE_URL, else the embedded one of a
 * shop running on this data directory, else that directory's embedded database started here the way the shop starts
 * it (under its lock, schema and sample catalogue included, the sample images drawn).
 */
export async function openCommandDatabase(dataDir: string, log: Logger): Promise<CommandDatabase> {
  // The shop's own reading of the settings, for where images live. These commands move no money, so the rule that a
  // server database needs a Paystack key does not apply to them.
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PAYMENT_SIMULATOR: 'true', PAYSTACK_SECRET_KEY: '' });
  const storage = createFileStorage(config);
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    let databaseUrl = process.env.DATABASE_URL || runningEmbeddedUrl(dataDir);
    if (!databaseUrl) {
      cleanups.push(await lockDataDirectory(dataDir));
      const database = await startEmbeddedDatabase({ databaseDir: path.join(dataDir, 'db'), log });
      cleanups.push(() => database.stop());
      databaseUrl = database.url;
      const orm = await initOrm({ databaseUrl, log });
      try {
        await migrate(orm);
        await seedDatabase(orm, { sampleData: process.env.SEED_SAMPLE_DATA !== 'false', storage, log });
      } finally {
        await orm.close();
      }
      await ensureSampleImages(storage, true);
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    cleanups.push(() => client.end());
    return { client, storage, close };
  } catch (error) {
    await close();
    throw error;
  }
}
