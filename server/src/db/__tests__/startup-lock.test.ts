import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../config/config';
import { sampleCategories, sampleProducts } from '../../modules/catalog/catalog.samples';
import { initOrm } from '../orm';
import { prepareDatabase } from '../startup';
import { spawnShop, type ShopProcess } from '../../../test/shop-process';
import { createFileStorage } from '../../storage/create-file-storage';
import { singleRow } from '../../shared/single-row';
import { databaseUrl, testEnvironment, withAdminClient } from '../../../test/test-database';

const log = pino({ level: 'silent' });
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database with nothing in it, not even the migrations table (not a copy of the migrated template). */
async function emptyDatabase(): Promise<string> {
  const name = `manukato_test_empty_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database "${name}"`));
  cleanups.push(() => withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`)));
  return databaseUrl(testEnvironment.adminUrl, name);
}

async function dataDirectory(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-test-start-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function count(url: string, sql: string): Promise<number> {
  const orm = await initOrm({ databaseUrl: url, log, poolMax: 1 });
  try {
    return Number(singleRow(await orm.em.fork().getConnection().execute<{ count: string }[]>(sql)).count);
  } finally {
    await orm.close();
  }
}

it('brings up two shop processes started at once on an empty database, with one set of sample data and one secret', async () => {
  const url = await emptyDatabase();
  const env = async (): Promise<Record<string, string>> => ({
    DATABASE_URL: url,
    DATA_DIR: await dataDirectory(),
    UPLOADS_DIR: process.env.MANUKATO_TEST_UPLOADS_DIR!,
    PAYMENT_SIMULATOR: 'true',
    HOST: '127.0.0.1',
  });
  const shops: ShopProcess[] = await Promise.all([spawnShop(await env()), spawnShop(await env())]);
  cleanups.push(async () => {
    for (const shop of shops) {
      shop.child.kill('SIGTERM');
      await shop.waitForExit(30_000).catch(() => shop.child.kill('SIGKILL'));
    }
  });
  await Promise.all(shops.map((shop) => shop.waitForHealthy(120_000)));
  const products = await Promise.all(
    shops.map(async (shop) => {
      const response = await fetch(`${shop.url}/api/products/list`);
      expect(response.status).toBe(200);
      return (await response.json()) as unknown;
    }),
  );
  expect(products[0]).toEqual(products[1]);
  expect(await count(url, 'select count(*) from products')).toBe(sampleProducts.length);
  expect(await count(url, 'select count(*) from categories')).toBe(sampleCategories.length);
  expect(await count(url, 'select count(*) - count(distinct key) as count from seed_history')).toBe(0);
  expect(await count(url, `select count(*) from app_settings where key = 'secret_key'`)).toBe(1);
  // Exactly one of them applied the migrations; the other waited for the lock and found them applied.
  const applied = shops.filter((shop) => shop.output().includes('applied migrations'));
  expect(applied).toHaveLength(1);
}, 180_000);

describe('the signing secret', () => {
  async function prepared(url: string, environment: Record<string, string>) {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      PAYMENT_SIMULATOR: 'true',
      SEED_SAMPLE_DATA: 'false',
      UPLOADS_DIR: process.env.MANUKATO_TEST_UPLOADS_DIR!,
      ...environment,
    });
    const orm = await initOrm({ databaseUrl: url, log, poolMax: 3 });
    try {
      return (await prepareDatabase(orm, config, createFileStorage(config), log)).secretKey;
    } finally {
      await orm.close();
    }
  }

  it('is generated once: three starts at once on an empty database all succeed, with one secret and one set of samples', async () => {
    const url = await emptyDatabase();
    // Without the start-up lock, one of these fails creating the migrations table.
    const secrets = await Promise.all(
      [0, 1, 2].map(async () => prepared(url, { DATA_DIR: await dataDirectory(), SEED_SAMPLE_DATA: 'true' })),
    );
    expect(await count(url, 'select count(*) from products')).toBe(sampleProducts.length);
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[\w-]{43}$/);
    // A later start reads it back.
    expect(await prepared(url, { DATA_DIR: await dataDirectory() })).toBe(secrets[0]);
  });

  it("adopts an existing install's DATA_DIR/secret.key, so codes it e-mailed still verify, and shares it", async () => {
    const url = await emptyDatabase();
    const oldInstall = await dataDirectory();
    const oldKey = 'key-an-older-install-generated-into-its-data-dir';
    await fs.writeFile(path.join(oldInstall, 'secret.key'), `${oldKey}\n`, { mode: 0o600 });
    expect(await prepared(url, { DATA_DIR: oldInstall })).toBe(oldKey);
    expect(await prepared(url, { DATA_DIR: await dataDirectory() })).toBe(oldKey);
  });

  it('is SECRET_KEY when the environment sets it, whatever the database keeps', async () => {
    const url = await emptyDatabase();
    const stored = await prepared(url, { DATA_DIR: await dataDirectory() });
    const configured = 'a-secret-key-from-the-environment-of-40-chars';
    expect(await prepared(url, { DATA_DIR: await dataDirectory(), SECRET_KEY: configured })).toBe(configured);
    expect(await prepared(url, { DATA_DIR: await dataDirectory() })).toBe(stored);
  });
});
