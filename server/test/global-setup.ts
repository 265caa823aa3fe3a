import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedDatabase } from '../src/db/embedded-postgres';
import { initOrm, migrate } from '../src/db/orm';
import { ensureSampleImages } from '../src/db/seed';
import { databaseUrl, withAdminClient } from './test-database';
import { LocalFileStorage } from '../src/storage/local-file-storage';
import { buildServerManifest } from './client-dist';

declare global {
  var manukatoTestTeardown: (() => Promise<void>) | undefined;
}

/**
 * Starts one PostgreSQL for the run (embedded, or the server in TEST_DATABASE_URL), migrates a
 * template database once, and lets every test file copy it.
 */
export default async function globalSetup(): Promise<void> {
  const log = pino({ level: 'warn' });
  const cleanups: (() => Promise<void>)[] = [];
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-test-pg-'));
    await fs.chmod(dir, 0o755);
    const database = await startEmbeddedDatabase({ databaseDir: path.join(dir, 'db'), log, persistent: false });
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
  process.env.MANUKATO_TEST_ADMIN_URL = adminUrl;
  process.env.MANUKATO_TEST_TEMPLATE = template;
  await withAdminClient(async (client) => {
    await client.query(`drop database if exists "${template}" with (force)`);
    await client.query(`create database "${template}"`);
  });
  const orm = await initOrm({ databaseUrl: databaseUrl(adminUrl, template), log, poolMax: 2 });
  await migrate(orm);
  await orm.close();
  // Jest copies this process's globals into an in-band test's sandbox; MikroORM keeps its decorator
  // metadata on globalThis, and this realm's copy would break discovery there (Maps of another realm).
  delete (globalThis as Record<string, unknown>)['mikro-orm-metadata'];
  cleanups.push(() =>
    withAdminClient((client) => client.query(`drop database if exists "${template}" with (force)`)).then(
      () => undefined,
    ),
  );
  globalThis.manukatoTestTeardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
