import 'reflect-metadata';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repositoryRoot } from './config/config';
import { applyEnvFile } from './config/env-file';
import { openCommandDatabase } from './db/command-database';
import { createLogger } from './db/logger';
import { ensureSampleImages } from './db/seed';
import { maximumGeneratedProducts, seedCatalogue } from './db/seed-catalogue';

const usage = `Usage: npm run seed:catalogue -- --products <n> [--seed <n>] [--replace]

Adds <n> generated perfumes (names, descriptions, about three sizes each with prices and stock, scent
families and notes, categories, sample images) to the shop's database: DATABASE_URL when set, otherwise the
embedded one in DATA_DIR (default ./data), whether or not the shop is running. --replace first deletes every
product no order refers to and archives the rest. The same --seed (default 1) on the same starting database gives the same catalogue.`;

function readOptions() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      seed: { type: 'string', default: '1' },
      replace: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const products = Number(values.products);
  const seed = Number(values.seed);
  if (!Number.isInteger(products) || products < 0 || products > maximumGeneratedProducts) {
    throw new Error(`--products must be a whole number from 0 to ${maximumGeneratedProducts}\n\n${usage}`);
  }
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be a whole number\n\n${usage}`);
  return { products, seed, replace: values.replace };
}

async function main(): Promise<void> {
  applyEnvFile();
  const options = readOptions();
  const log = createLogger(process.env.LOG_LEVEL || 'warn', 'seed-catalogue');
  const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(repositoryRoot, 'data');
  const database = await openCommandDatabase(dataDir, log);
  try {
    const { client, storage } = database;
    // The generated products show the sample images; draw any that this uploads folder lacks.
    await ensureSampleImages(storage, true);
    const started = performance.now();
    const result = await seedCatalogue(client, options);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `${options.replace ? `removed ${result.removed} and archived ${result.archived} products; ` : ''}` +
        `added ${result.products} products, ${result.sizes} sizes, ${result.categoryLinks} category memberships and ` +
        `${result.images} images in ${seconds} s\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`seed:catalogue: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
