import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { ensureAdminAccount } from '../modules/accounts/accounts.service';
import { resolveSecretKey } from '../shared/secrets';
import type { FileStorage } from '../storage/file-storage';
import { catalogueChannel, noticeOfEverything } from '../events/catalogue-change';
import { migrate } from './orm';
import { seedDatabase } from './seed';
import { startupLockWaitMs } from './time-limits';

/** The advisory lock key every instance takes around its start-up work (seeding's own lock is 7134001). */
const startupLockKey = 7134000;

/**
 * Runs `work` while holding a session-level PostgreSQL advisory lock on a connection of its own, so of several
 * instances starting at once on one database one works and the others wait, then find the work done.
 */
export async function withStartupLock<T>(orm: MikroORM, work: () => Promise<T>): Promise<T> {
  const knex = orm.em.getKnex();
  const connection = (await knex.client.acquireConnection()) as {
    query(sql: string, values?: unknown[]): Promise<unknown>;
  };
  try {
    // Another instance's start-up may take as long as its migrations: this wait gets more than the pool's limits,
    // on this connection only, until RESET gives it back the pool's own (those of its start-up message).
    await connection.query("select set_config('statement_timeout', $1, false), set_config('lock_timeout', $1, false)", [
      String(startupLockWaitMs),
    ]);
    try {
      await connection.query('select pg_advisory_lock($1)', [startupLockKey]);
      try {
        return await work();
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [startupLockKey]);
      }
    } finally {
      await connection.query('reset statement_timeout; reset lock_timeout');
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

export interface PreparedDatabase {
  /** The migrations this start applied. */
  migrations: string[];
  /** SECRET_KEY, or the one every instance on this database shares. */
  secretKey: string;
}

/**
 * What a start does to the database before serving, under one advisory lock (decision 0036): migrations, seeds,
 * the admin account, the shared signing secret.
 */
export async function prepareDatabase(
  orm: MikroORM,
  config: AppConfig,
  storage: FileStorage,
  log: Logger,
): Promise<PreparedDatabase> {
  return withStartupLock(orm, async () => {
    const migrations = await migrate(orm);
    if (migrations.length > 0) log.info({ migrations }, 'applied migrations');
    const seeds = await seedDatabase(orm, {
      sampleData: config.seedSampleData,
      storage,
      log,
      payOnDeliveryMaxCents: config.payOnDeliveryMaxCents,
    });
    // Instances already running (a rolling deploy) keep the catalogue as they read it: what changed under them
    // is not named, so they drop everything (decision 0062).
    if (migrations.length > 0 || seeds.length > 0) {
      await orm.em.getConnection().execute('select pg_notify(?, ?)', [catalogueChannel, noticeOfEverything()]);
    }
    await ensureAdminAccount(orm, config, log);
    const secretKey = await resolveSecretKey(orm.em.fork(), {
      configured: config.secretKey,
      dataDir: config.dataDir,
      log,
    });
    return { migrations, secretKey };
  });
}
