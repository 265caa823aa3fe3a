import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import { seedOrders } from '../../db/seed-orders';
import { UserRole } from '../../modules/accounts/user.entity';
import { uploadGraphQL } from '../../modules/catalog/__tests__/admin-helpers';
import { variantFileName } from '../../modules/catalog/product.entity';
import { S3FileStorage } from '../../storage/s3-file-storage';
import { findPostgresTool } from '../postgres-tools';
import { placeOrderFor, payOnStandIn } from '../../../test/checkout';
import { startS3Server, type S3TestServer } from '../../../test/s3-server';
import { runServerCommand } from '../../../test/server-command';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../test/users';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (their entry points in a process of their own, with
 * only the environment given), on the machine's PostgreSQL 15 server (127.0.0.1:5432, trust auth): its pg_dump and
 * pg_restore are 15, which cannot dump the embedded PostgreSQL 17 the other tests use. A shop with orders, payments,
 * stock and uploaded images is backed up, restored into a new database (and a new uploads folder or bucket), and
 * found again, table rows and image bytes alike.
 */
const serverUrl = process.env.BACKUP_TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function onServer<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the PostgreSQL 15 server, dropped after the file. */
async function newDatabase(label: string): Promise<string> {
  const name = `manukato_test_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database "${name}"`));
  cleanups.push(() => onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function temporaryFolder(label: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), `manukato-test-${label}-`));
  cleanups.push(() => fs.rm(folder, { recursive: true, force: true }));
  return folder;
}

/** The backup's address, as the command prints it last. */
function addressIn(output: string): string {
  const address = /^done: (.+)$/m.exec(output)?.[1];
  if (!address) throw new Error(`the backup printed no address:\n${output}`);
  return address;
}

/** What an operator checks after a restore: orders with their lines, payments and refunds, stock, image rows. */
const shopState = {
  orders: 'select * from orders order by id',
  orderLines: 'select * from order_items order by id',
  payments: 'select * from transactions order by id',
  refunds: 'select * from refunds order by id',
  productStock: 'select id, quantity from products order by id',
  sizeStock: 'select id, sku, quantity from product_variants order by id',
  images: 'select * from product_images order by id',
  sessions: 'select * from sessions order by 1',
};

async function stateOf(url: string): Promise<Record<string, unknown[]>> {
  return onServer(url, async (client) => {
    const state: Record<string, unknown[]> = {};
    for (const [name, sql] of Object.entries(shopState)) state[name] = (await client.query(sql)).rows;
    return state;
  });
}

/** A photo wide enough that the shop stores its 320 and 640 px variants too. */
function photo(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: seed * 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

interface BuiltShop {
  databaseUrl: string;
  /** The uploaded product's stored files: the master and its smaller widths. */
  productFiles: string[];
  orderId: string;
  paymentReference: string;
  shopper: TestUser;
}

/**
 * A shop on a new database of the 15 server: the sample catalogue, an admin's product with a photo, a shopper's
 * order paid on the payment stand-in, stock changed by that order, and 200 generated orders with M-Pesa, card and
 * cash payments and refunds (`npm run seed:orders`'s generator).
 */
async function buildShop(env: Record<string, string>): Promise<BuiltShop> {
  const databaseUrl = await newDatabase('backup_source');
  const shop: TestShop = await startTestShop({ databaseUrl, env });
  try {
    const admin = await createSignedInUser(shop, UserRole.ADMIN);
    const shopper = await createSignedInUser(shop);
    const categories = (await shop.graphql<{ categories: { id: number }[] }>('{ categories { id } }')).data!.categories;
    const created = await uploadGraphQL<{
      createProduct: { product: { id: number; images: { fileName: string }[] } | null; errors: unknown[] };
    }>(
      shop,
      admin.auth,
      `mutation ($input: ProductInput!, $images: [Upload!]!) {
        createProduct(input: $input, images: $images) { product { id images { fileName } } errors { message } }
      }`,
      {
        input: {
          name: 'Backed-up Oud',
          description: 'An oud that survives a lost server.',
          categoryIds: [categories[0]!.id],
          priceCents: 420_000,
          quantity: 9,
          onSale: false,
          salePriceCents: null,
        },
        images: [null],
      },
      [{ variable: 'images.0', name: 'oud.png', data: await photo(1) }],
    );
    const product = created.data!.createProduct.product!;
    const fileName = product.images[0]!.fileName;
    const order = await placeOrderFor(shop, shopper, [[product.id, 2]]);
    const paymentReference = await payOnStandIn(shop, shopper, order.id);
    await onServer(databaseUrl, (client) => seedOrders(client, { orders: 200, days: 30, seed: 7, again: false }));
    return {
      databaseUrl,
      productFiles: [fileName, variantFileName(fileName, 320), variantFileName(fileName, 640)],
      orderId: order.id,
      paymentReference,
      shopper,
    };
  } finally {
    await shop.close();
  }
}

/** The state holds what the shop was built with: the paid order, its payment, the product's stock, many orders. */
function expectBuiltShopIn(state: Record<string, unknown[]>, built: BuiltShop) {
  expect(state.orders!.length).toBeGreaterThan(200);
  expect(state.orders).toContainEqual(expect.objectContaining({ id: built.orderId, payment_status: 'completed' }));
  expect(state.payments).toContainEqual(
    expect.objectContaining({ reference: built.paymentReference, order_id: built.orderId, status: 'completed' }),
  );
  expect(state.refunds!.length).toBeGreaterThan(0);
  expect(state.images).toContainEqual(expect.objectContaining({ file_name: built.productFiles[0] }));
}

describe('backup to a folder and restore, images in an uploads folder', () => {
  let built: BuiltShop;
  let sourceUploads: string;
  let before: Record<string, unknown[]>;
  let address: string;

  beforeAll(async () => {
    sourceUploads = await temporaryFolder('backup-uploads');
    // The sample images as a first start draws them, copied rather than drawn again.
    await fs.cp(process.env.MANUKATO_TEST_UPLOADS_DIR!, sourceUploads, { recursive: true });
    built = await buildShop({ UPLOADS_DIR: sourceUploads });
    before = await stateOf(built.databaseUrl);
    expectBuiltShopIn(before, built);
    const backups = await temporaryFolder('backups');
    const backup = await runServerCommand('backup-main', ['--to', backups], {
      DATABASE_URL: built.databaseUrl,
      UPLOADS_DIR: sourceUploads,
      DATA_DIR: await temporaryFolder('backup-data'),
    });
    expect(backup).toEqual({ code: 0, output: expect.stringMatching(/^done: /m) });
    address = addressIn(backup.output);
    expect(path.dirname(address)).toBe(backups);
  });

  it('restores the same orders, payments, stock and images into a new database, and the shop serves them', async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(address, 'manifest.json'), 'utf8'));
    expect(manifest.database.rows.orders).toBe(before.orders!.length);
    expect(manifest.database.migration.latest).toMatch(/^Migration\d{4}/);
    expect(manifest.images.missing).toEqual([]);

    const restoredUrl = await newDatabase('restored');
    const restoredUploads = await temporaryFolder('restored-uploads');
    const restore = await runServerCommand('restore-main', ['--from', address], {
      DATABASE_URL: restoredUrl,
      UPLOADS_DIR: restoredUploads,
    });
    expect(restore).toEqual({ code: 0, output: expect.stringMatching(/rows as in the backup/) });

    expect(await stateOf(restoredUrl)).toEqual(before);
    // Every stored file is back, byte for byte, the uploaded product's among them.
    const sourceFiles = (await fs.readdir(sourceUploads)).sort();
    expect((await fs.readdir(restoredUploads)).sort()).toEqual(sourceFiles);
    expect(sourceFiles).toEqual(expect.arrayContaining(built.productFiles));
    for (const file of sourceFiles) {
      expect(await fs.readFile(path.join(restoredUploads, file))).toEqual(
        await fs.readFile(path.join(sourceUploads, file)),
      );
    }

    // The restored shop, as a shopper finds it: signed in still, with the order, and the product's photo.
    const shop = await startTestShop({ databaseUrl: restoredUrl, env: { UPLOADS_DIR: restoredUploads } });
    try {
      const orders = await shop.http.get(`/api/orders/user/${built.shopper.id}`).set(built.shopper.auth).expect(200);
      expect(orders.body.data).toContainEqual(expect.objectContaining({ id: built.orderId }));
      const image = await shop.http.get(`/uploads/${built.productFiles[0]}`).buffer(true).expect(200);
      expect(image.body).toEqual(await fs.readFile(path.join(sourceUploads, built.productFiles[0]!)));
    } finally {
      await shop.close();
    }
  });

  it('refuses a database that has a table, with exit code 2, and changes nothing', async () => {
    const occupiedUrl = await newDatabase('occupied');
    await onServer(occupiedUrl, (client) =>
      client.query(`create table notes (body text); insert into notes values ('mine')`),
    );
    const untouchedUploads = await temporaryFolder('untouched-uploads');

    const restore = await runServerCommand('restore-main', ['--from', address], {
      DATABASE_URL: occupiedUrl,
      UPLOADS_DIR: untouchedUploads,
    });
    expect(restore.code).toBe(2);
    expect(restore.output).toMatch(
      /restore: The database "manukato_test_occupied_\w+" is not empty: it has 1 table \(notes\)/,
    );
    expect(
      await onServer(
        occupiedUrl,
        async (client) => (await client.query(`select * from pg_tables where schemaname = 'public'`)).rows,
      ),
    ).toEqual([expect.objectContaining({ tablename: 'notes' })]);
    expect(await onServer(occupiedUrl, async (client) => (await client.query('select * from notes')).rows)).toEqual([
      { body: 'mine' },
    ]);
    expect(await fs.readdir(untouchedUploads)).toEqual([]);
  });

  it('restores into the embedded PostgreSQL 17 by default, and refuses to back that up with an older pg_dump, naming the one it needs', async () => {
    // The machine's newest pg_dump (Debian 12's is 15) is older than the embedded server: the case an operator meets.
    const newest = await findPostgresTool('pg_dump', 0, { why: 'this test' });
    expect(newest.major).toBeLessThan(17);
    const dataDir = await temporaryFolder('embedded-data');
    // Run as root, the embedded server runs as the postgres user, who must reach the folder (mkdtemp makes it 0700).
    await fs.chmod(dataDir, 0o755);
    // No DATABASE_URL: the embedded database in DATA_DIR, created by the restore (pg_restore 15 writes into 17).
    const restore = await runServerCommand('restore-main', ['--from', address], { DATA_DIR: dataDir });
    expect(restore).toEqual({
      code: 0,
      output: expect.stringMatching(/into PostgreSQL 17\.\d+ .*\n[^]*rows as in the backup/),
    });
    expect((await fs.readdir(path.join(dataDir, 'uploads'))).sort()).toEqual((await fs.readdir(sourceUploads)).sort());

    const backups = await temporaryFolder('backups-of-17');
    const backup = await runServerCommand('backup-main', ['--to', backups], { DATA_DIR: dataDir });
    expect(backup.code).toBe(2);
    expect(backup.output).toMatch(/^backup: Backing up PostgreSQL 17\.\d+ needs pg_dump 17 or newer; found only /m);
    expect(backup.output).toContain(`${newest.version} (${newest.path})`);
    expect(backup.output).toMatch(/set PG_BIN_DIR/);
    expect(await fs.readdir(backups)).toEqual([]);
  });
});

describe('backup to a bucket and restore, images in a bucket', () => {
  let s3: S3TestServer;

  beforeAll(async () => {
    s3 = await startS3Server('manukato-shop', ['manukato-backups', 'manukato-restored']);
    cleanups.push(() => s3.close());
  });

  it('restores the same orders, payments, stock and images into a new database and bucket', async () => {
    // The sample images put into the shop's bucket as a first start would draw them.
    const samples = await fs.readdir(process.env.MANUKATO_TEST_UPLOADS_DIR!);
    const shopBucket = new S3FileStorage({
      endpoint: s3.endpoint,
      bucket: 'manukato-shop',
      region: 'us-east-1',
      accessKeyId: s3.env.S3_ACCESS_KEY_ID,
      secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
      publicUrl: undefined,
    });
    for (const file of samples) {
      await shopBucket.put(
        file,
        await fs.readFile(path.join(process.env.MANUKATO_TEST_UPLOADS_DIR!, file)),
        'image/webp',
      );
    }
    shopBucket.close();
    const emptyUploads = await temporaryFolder('bucket-shop-uploads');
    const built = await buildShop({ ...s3.env, UPLOADS_DIR: emptyUploads });
    const before = await stateOf(built.databaseUrl);
    expectBuiltShopIn(before, built);

    const backup = await runServerCommand('backup-main', ['--to', 's3://manukato-backups/nightly'], {
      ...s3.env,
      DATABASE_URL: built.databaseUrl,
    });
    expect(backup).toEqual({
      code: 0,
      output: expect.stringMatching(/^done: s3:\/\/manukato-backups\/nightly\/manukato-backup-/m),
    });
    const address = addressIn(backup.output);
    const manifest = JSON.parse(
      (
        await s3.bytes(`${address.slice('s3://manukato-backups/'.length)}/manifest.json`, 'manukato-backups')
      ).toString(),
    );
    expect(manifest.images).toMatchObject({
      from: 's3',
      count: samples.length + built.productFiles.length,
      missing: [],
    });

    const restoredUrl = await newDatabase('restored_bucket');
    const restore = await runServerCommand('restore-main', ['--from', address], {
      ...s3.env,
      S3_BUCKET: 'manukato-restored',
      DATABASE_URL: restoredUrl,
      UPLOADS_DIR: emptyUploads,
    });
    expect(restore).toEqual({ code: 0, output: expect.stringMatching(/rows as in the backup/) });

    expect(await stateOf(restoredUrl)).toEqual(before);
    for (const key of [...samples, ...built.productFiles]) {
      expect(await s3.bytes(key, 'manukato-restored')).toEqual(await s3.bytes(key));
    }
    expect(await fs.readdir(emptyUploads)).toEqual([]);
  });
});
