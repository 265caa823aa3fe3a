import 'reflect-metadata';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repositoryRoot } from './config/config';
import { applyEnvFile } from './config/env-file';
import { openCommandDatabase } from './db/command-database';
import { createLogger } from './db/logger';
import { maximumGeneratedOrders, seedOrders } from './db/seed-orders';

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
  const database = await openCommandDatabase(dataDir, log);
  try {
    const { client } = database;
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
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`seed:orders: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
