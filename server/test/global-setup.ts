import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedDatabase } from '../src/db/embedded-postgres';
import { initOrm, migrate } from '../src/db/orm';
import { ensureSampleImages, seedDatabase } from '../src/db/seed';
import { databaseUrl, withAdminClient } from './test-database';
import { LocalFileStorage } from '../src/storage/local-file-storage';
import { buildServerManifest } from './client-dist';

declare global {
  var manukatoTestTeardown: (() => Promise<void>) | undefined;
}

/**
 * Starts one PostgreSQL for the run (embedded, or the server in TEST_DATABASE_URL), makes two template databases
 * once, and lets every test file copy one: the migrated one, and the migrated and seeded one (the sample catalogue),
 * which a test shop started with `seed: true` copies so its start finds the seeds applied (decision 0082).
 */
export default async function globalSetup(): Promise<void> {
  const log = pino({ level: 'warn' });
  const cleanups: (() => Promise<void>)[] = [];
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-test-pg-'));
    await fs.chmod(dir, 0o755);
    const database = await startEmbeddedDatabase({
      databaseDir: path.join(dir, 'db'),
      log,
      persistent: false,
      flushToDisk: false,
    });
    cleanups.push(async () => {
      await database.stop();
      await fs.rm(dir, { recursive: true, force: true });
    });
    adminUrl = databaseUrl(database.url, 'postgres');
  }
  // Sample images are the same for every test file: draw them once for the run.
  const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-test-uploads-'));
  await ensureSampleImages(new LocalFileStorage(uploadsDir), true);
  process.env.MANUKATO_TEST_UPLOADS_DIR = uploadsDir;
  cleanups.push(() => fs.rm(uploadsDir, { recursive: true, force: true }));
  // The client's server-manifest.json, made as its build makes it, for every test's client dist (client-dist.ts).
  const manifestDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-test-server-manifest-'));
  process.env.MANUKATO_TEST_SERVER_MANIFEST = path.join(manifestDir, 'server-manifest.json');
  await fs.writeFile(process.env.MANUKATO_TEST_SERVER_MANIFEST, buildServerManifest());
  cleanups.push(() => fs.rm(manifestDir, { recursive: true, force: true }));
  const template = `manukato_test_template_${process.pid}`;
  const seededTemplate = `manukato_test_template_seeded_${process.pid}`;
  process.env.MANUKATO_TEST_ADMIN_URL = adminUrl;
  process.env.MANUKATO_TEST_TEMPLATE = template;
  process.env.MANUKATO_TEST_SEEDED_TEMPLATE = seededTemplate;
  const dropTemplates = () =>
    withAdminClient(async (client) => {
      for (const name of [seededTemplate, template])
        await client.query(`drop database if exists "${name}" with (force)`);
    });
  await dropTemplates();
  await withAdminClient((client) => client.query(`create database "${template}"`));
  const orm = await initOrm({ databaseUrl: databaseUrl(adminUrl, template), log, poolMax: 2 });
  await migrate(orm);
  await orm.close();
  // What a first start seeds (seed.ts), done once here instead of in every file's shop. The sample images are
  // already drawn above; a shop's start still runs the seeds' check and finds them applied.
  await withAdminClient((client) => client.query(`create database "${seededTemplate}" template "${template}"`));
  const seededOrm = await initOrm({ databaseUrl: databaseUrl(adminUrl, seededTemplate), log, poolMax: 2 });
  await seedDatabase(seededOrm, { sampleData: true, storage: new LocalFileStorage(uploadsDir), log });
  await seededOrm.close();
  // Jest copies this process's globals into an in-band test's sandbox; MikroORM keeps its decorator
  // metadata on globalThis, and this realm's copy would break discovery there (Maps of another realm).
  delete (globalThis as Record<string, unknown>)['mikro-orm-metadata'];
  cleanups.push(dropTemplates);
  globalThis.manukatoTestTeardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
