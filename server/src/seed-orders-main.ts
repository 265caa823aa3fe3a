import 'reflect-metadata';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig, repositoryRoot } from './config/config';
import { applyEnvFile } from './config/env-file';
import { lockDataDirectory } from './db/data-dir-lock';
import { startEmbeddedDatabase } from './db/embedded-postgres';
import { createLogger } from './db/logger';
import { initOrm, migrate } from './db/orm';
import { runningEmbeddedUrl } from './db/running-embedded-url';
import { ensureSampleImages, seedDatabase } from './db/seed';
import { maximumGeneratedOrders, seedOrders } from './db/seed-orders';
import { createFileStorage } from './storage/create-file-storage';

const usage = `Usage: npm run seed:orders -- --orders <n> [--days <n>] [--seed <n>] [--again]

Adds <n> generated orders spread over the last --days days (default 730: two years) to the shop's database:
DATABASE_URL when set, otherwise the embedded one in DATA_DIR (default ./data), whether or not the shop is running.
Orders go to generated shoppers, across the delivery locations, with lines from the existing sizes and payments by
M-Pesa, card and on delivery (some declined, some refunded), delivered, pending or cancelled. A database that
already has generated orders is refused unless --again is given. Not for a live shop: these are test orders.`;

function readOptions() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string' },
      days: { type: 'string', default: '730' },
      seed: { type: 'string', default: '1' },
      again: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const orders = Number(values.orders);
  const days = Number(values.days);
  const seed = Number(values.seed);
  if (!Number.isInteger(orders) || orders < 1 || orders > maximumGeneratedOrders)
    throw new Error(`--orders must be a whole number from 1 to ${maximumGeneratedOrders}\n\n${usage}`);
  if (!Number.isInteger(days) || days < 1 || days > 3660)
    throw new Error(`--days must be a whole number from 1 to 3660\n\n${usage}`);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be a whole number\n\n${usage}`);
  return { orders, days, seed, again: values.again };
}

async function main(): Promise<void> {
  applyEnvFile();
  const options = readOptions();
  const log = createLogger(process.env.LOG_LEVEL || 'warn', 'seed-orders');
  const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(repositoryRoot, 'data');
  const cleanups: (() => Promise<void>)[] = [];
  try {
    let databaseUrl = process.env.DATABASE_URL || runningEmbeddedUrl(dataDir);
    if (!databaseUrl) {
      // No shop running on this data directory: start its database the way the shop does, schema and sample
      // catalogue included, so there are products to order.
      const config = loadConfig({
        ...process.env,
        DATA_DIR: dataDir,
        PAYMENT_SIMULATOR: 'true',
        PAYSTACK_SECRET_KEY: '',
      });
      const storage = createFileStorage(config);
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
    const started = performance.now();
    const made = await seedOrders(client, options);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const methods = Object.entries(made.byMethod)
      .map(([method, count]) => `${count} ${method}`)
      .join(', ');
    process.stdout.write(
      `batch ${made.run}: added ${made.orders} orders (${made.first} to ${made.last}, Nairobi) with ${made.items} lines ` +
        `for ${made.shoppers} generated shoppers in ${seconds} s\n` +
        `  payment methods: ${methods}\n` +
        `  ${made.paid} paid, ${made.toCollect} still to collect at the door; ${made.delivered} delivered, ` +
        `${made.pending} pending, ${made.cancelled} cancelled\n` +
        `  ${made.transactions} payment attempts (${made.failedPayments} failed), ${made.refunds} processed refunds; ` +
        `dashboard rollups rebuilt\n`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(`seed:orders: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
