import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import pino, { type Logger } from 'pino';
import supertest from 'supertest';
import { connectionName, loadConfig, type AppConfig } from '../src/config/config';
import { initOrm } from '../src/db/orm';
import { prepareDatabase } from '../src/db/startup';
import { StatementCounter } from '../src/db/statement-counter';
import { createApp, type AppHandle } from '../src/http/app';
import { answerClientErrors } from '../src/http/client-errors';
import { createServerForExpress } from '../src/http/express-born-requests';
import type { ResponseCache } from '../src/http/response-cache';
import type { ProductViewCache } from '../src/modules/catalog/product-view-cache';
import type { ListReadCache } from '../src/modules/catalog/list-read-cache';
import type { CatalogueEvents } from '../src/events/catalogue-events';
import type { Readiness } from '../src/http/readiness';
import { createTestDatabase } from './test-database';
import { createFileStorage } from '../src/storage/create-file-storage';
import type { FileStorage } from '../src/storage/file-storage';
import { announceCatalogueChange, type CatalogueChange } from '../src/events/catalogue-change';

export interface TestShop {
  url: string;
  config: AppConfig;
  orm: MikroORM;
  statements: StatementCounter;
  responseCache: ResponseCache;
  productViews: ProductViewCache;
  /** Pages' product ids and counts (modules/catalog/list-read-cache.ts). */
  listReads: ListReadCache;
  /** Where this instance keeps uploaded images (the uploads directory, or a bucket with S3_ settings). */
  storage: FileStorage;
  /** Catalogue changes as this instance hears them. */
  events: CatalogueEvents;
  /** The bytes the direct GraphQL path's caches hold. */
  directQueryCacheBytes: () => number;
  /** GET /readyz's state (marked started once the shop listens). */
  readiness: Readiness;
  http: ReturnType<typeof supertest>;
  /** POSTs a GraphQL operation and returns the parsed body. */
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>;
  /**
   * After a test wrote to the database behind the app's back: announces the change as a writer would
   * (everything, unless told), and returns once this instance has heard it.
   */
  catalogueChanged(change?: CatalogueChange): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on its own copy of the migrated database, listening on a free loopback port.
 * `seed: false` gives an empty catalogue (categories and delivery locations are always there).
 * `shareDatabaseOf` starts a second instance on another shop's database (left for that shop to drop).
 * `databaseUrl` starts on a database the test made itself, on any server (migrated and seeded by this start, as a
 * first start does; left for the test to drop).
 */
export async function startTestShop(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    shareDatabaseOf?: TestShop;
    databaseUrl?: string;
    /** Where the app logs (tests that read logs). */ log?: Logger;
  } = {},
): Promise<TestShop> {
  const shared = options.shareDatabaseOf?.config.databaseUrl ?? options.databaseUrl;
  const seed = options.seed ?? true;
  // With the sample catalogue, a copy of the seeded template: the start below finds every seed applied. Without,
  // the migrated one, and the start seeds categories and delivery locations as a first start does.
  const database = shared ? { url: shared, drop: async () => undefined } : await createTestDatabase({ seeded: seed });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-test-data-'));
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    SECRET_KEY: 'test-secret-key-of-at-least-thirty-two-characters',
    UPLOADS_DIR: process.env.MANUKATO_TEST_UPLOADS_DIR ?? path.join(dataDir, 'uploads'),
    PORT: '0',
    // A test database is a server database (DATABASE_URL): the stand-in must be asked for, unless a test brings
    // its own Paystack (PAYSTACK_SECRET_KEY and PAYSTACK_BASE_URL).
    ...(options.env?.PAYSTACK_SECRET_KEY ? {} : { PAYMENT_SIMULATOR: 'true' }),
    ...options.env,
  });
  const log = options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const statements = new StatementCounter();
  // The configuration's time limits, as a start has them (DB_… settings in `env` change them).
  const orm = await initOrm({
    databaseUrl: database.url,
    log,
    statementCounter: statements,
    poolMax: 4,
    limits: loaded.databaseLimits,
    applicationName: connectionName('manukato', loaded.instanceName),
  });
  const storage = createFileStorage(loaded);
  // As a start does, under the start-up lock; `env: { SECRET_KEY: '' }` takes the secret the database keeps.
  const { secretKey } = await prepareDatabase(orm, { ...loaded, seedSampleData: seed }, storage, log);
  const config: AppConfig = { ...loaded, secretKey };
  // Made as the shop's own server makes it (http/express-born-requests.ts).
  const httpServer: Server = createServerForExpress();
  answerClientErrors(httpServer);
  const handle: AppHandle = await createApp(orm, config, log, httpServer, storage);
  httpServer.on('request', handle.handle);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  handle.readiness.markStarted();
  const address = httpServer.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const http = supertest(url);
  return {
    url,
    config,
    orm,
    statements,
    responseCache: handle.responseCache,
    productViews: handle.productViews,
    listReads: handle.listReads,
    storage,
    events: handle.events,
    directQueryCacheBytes: handle.directQueryCacheBytes,
    readiness: handle.readiness,
    http,
    async graphql(query, variables) {
      const response = await http.post('/graphql').set('content-type', 'application/json').send({ query, variables });
      return response.body;
    },
    async catalogueChanged(change = { everything: true }) {
      await orm.em.fork().transactional((em) => announceCatalogueChange(em, change));
    },
    async close() {
      await handle.apollo.stop();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await orm.close();
      storage.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
