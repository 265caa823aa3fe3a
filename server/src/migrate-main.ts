import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config';
import { applyEnvFile } from './config/env-file';
import { createLogger } from './db/logger';
import { initOrm } from './db/orm';
import { prepareDatabase } from './db/startup';
import { createFileStorage } from './storage/create-file-storage';

/**
 * `node server/dist/migrate-main.js`: what a start of the shop does to its database before serving (migrations,
 * seeds, the admin account, the shared signing secret, under the start-up lock; decision 0036), then exits. The
 * Kubernetes migration Job runs it (deploy/kubernetes, decision 0110), so instances that start afterwards find the
 * work done. A PostgreSQL server only: the embedded database lives in one shop's DATA_DIR and is migrated by it.
 */
async function main(): Promise<void> {
  applyEnvFile();
  // Preparing the database moves no money, so the rule that a server database needs a Paystack key does not apply.
  const config = loadConfig({ ...process.env, PAYMENT_SIMULATOR: 'true', PAYSTACK_SECRET_KEY: '' });
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL is not set: this prepares a PostgreSQL server. The embedded database is migrated by the shop ' +
        'that starts it.',
    ]);
  }
  const log = createLogger(config.logLevel, 'migrate');
  const orm = await initOrm({ databaseUrl: config.databaseUrl, log, limits: config.databaseLimits });
  const storage = createFileStorage(config);
  try {
    const { migrations } = await prepareDatabase(orm, config, storage, log);
    log.info(
      { migrations },
      migrations.length > 0
        ? `the database is prepared: ${migrations.length} migrations applied`
        : 'the database was up to date',
    );
  } finally {
    storage.close();
    await orm.close();
  }
}

main().catch((error: unknown) => {
  console.error(`migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
