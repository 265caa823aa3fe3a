import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config/config';
import { initOrm } from '../db/orm';
import { prepareDatabase } from '../db/startup';
import { sampleProducts } from '../modules/catalog/catalog.samples';
import { singleRow } from '../shared/single-row';
import { createFileStorage } from '../storage/create-file-storage';
import { runServerCommand } from '../../test/server-command';
import { databaseUrl, testEnvironment, withAdminClient } from '../../test/test-database';

/**
 * The migration entry point the Kubernetes Job runs (server/src/migrate-main.ts, decision 0110), as a real process
 * started the way the Job starts it, on a database with nothing in it.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<string> {
  const name = `manukato_test_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database "${name}"`));
  cleanups.push(() => withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`)));
  return databaseUrl(testEnvironment.adminUrl, name);
}

/** The entry point with the test's uploads folder, and no payment settings unless `env` gives some. */
function runMigrate(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return runServerCommand('migrate-main', [], {
    LOG_LEVEL: 'info',
    UPLOADS_DIR: process.env.MANUKATO_TEST_UPLOADS_DIR!,
    ...env,
  });
}

it("prepares an empty PostgreSQL without payment settings and exits, leaving a shop's start nothing to do", async () => {
  const url = await emptyDatabase();
  const first = await runMigrate({ DATABASE_URL: url, SEED_SAMPLE_DATA: 'true' });
  expect(first).toEqual({ code: 0, output: expect.stringMatching(/migrations applied/) });

  const orm = await initOrm({ databaseUrl: url, log: pino({ level: 'silent' }), poolMax: 3 });
  cleanups.push(() => orm.close());
  const count = async (sql: string) =>
    Number(singleRow(await orm.em.fork().getConnection().execute<{ count: string }[]>(sql)).count);
  expect(await count('select count(*) from products')).toBe(sampleProducts.length);
  expect(await count(`select count(*) from app_settings where key = 'secret_key'`)).toBe(1);

  // What an instance's start does next finds every migration applied.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    PAYMENT_SIMULATOR: 'true',
    UPLOADS_DIR: process.env.MANUKATO_TEST_UPLOADS_DIR!,
  });
  const log = pino({ level: 'silent' });
  expect((await prepareDatabase(orm, config, createFileStorage(config), log)).migrations).toEqual([]);

  // A second run (the Job again, or a retry) changes nothing and still succeeds.
  const again = await runMigrate({ DATABASE_URL: url });
  expect(again).toEqual({ code: 0, output: expect.stringMatching(/the database was up to date/) });
  expect(await count('select count(*) from products')).toBe(sampleProducts.length);
});

it('refuses to run without DATABASE_URL, and starts no embedded database', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-test-migrate-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const { code, output } = await runMigrate({ DATA_DIR: dataDir });
  expect(code).toBe(1);
  expect(output).toContain('DATABASE_URL is not set');
  expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
});
