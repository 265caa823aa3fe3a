import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UserRole } from '../../modules/accounts/user.entity';
import { variantFileName } from '../../modules/catalog/product.entity';
import { graphQLAs, smallPng, uploadGraphQL } from '../../modules/catalog/__tests__/admin-helpers';
import { startS3Server, type S3TestServer } from '../../../test/s3-server';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../test/users';

/** Two instances on one database and one bucket, as behind a load balancer; a third publishes the bucket's URL. */
let s3: S3TestServer;
let shopA: TestShop;
let shopB: TestShop;
let emptyUploadsDir: string;
let admin: TestUser;

beforeAll(async () => {
  s3 = await startS3Server();
  // Nothing may come from a local folder: each instance's UPLOADS_DIR is empty and stays so.
  emptyUploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-s3-uploads-'));
  const env = { ...s3.env, UPLOADS_DIR: emptyUploadsDir };
  shopA = await startTestShop({ env });
  shopB = await startTestShop({ env, shareDatabaseOf: shopA });
  admin = await createSignedInUser(shopA, UserRole.ADMIN);
}, 120_000);
afterAll(async () => {
  await shopB?.close();
  await shopA?.close();
  await s3?.close();
  await fs.rm(emptyUploadsDir, { recursive: true, force: true });
});

interface CreatedProduct {
  id: number;
  images: { fileName: string; url: string; srcSet: string }[];
}

async function createProductWithImages(count: number): Promise<CreatedProduct> {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      variable: `images.${index}`,
      name: `photo-${index}.png`,
      data: await smallPng(index + 3),
    })),
  );
  const categories = (await shopA.graphql<{ categories: { id: number }[] }>('{ categories { id } }')).data!.categories;
  const answer = await uploadGraphQL<{
    createProduct: { product: CreatedProduct | null; errors: unknown[] };
  }>(
    shopA,
    admin.auth,
    `mutation ($input: ProductInput!, $images: [Upload!]!) {
      createProduct(input: $input, images: $images) { product { id images { fileName url srcSet } } errors { message } }
    }`,
    {
      input: {
        name: 'Bucket Vetiver',
        description: 'Vetiver kept in object storage.',
        categoryIds: categories.slice(0, 1).map((category) => category.id),
        priceCents: 250_000,
        quantity: 3,
        onSale: false,
        salePriceCents: null,
      },
      images: files.map(() => null),
    },
    files,
  );
  expect(answer.data?.createProduct.errors).toEqual([]);
  return answer.data!.createProduct.product!;
}

describe('uploads in S3-compatible object storage', () => {
  it('seeds the sample images into the bucket and serves them through the shop', async () => {
    for (const key of ['category-for-women.webp', 'sample-01-1.webp', variantFileName('sample-01-1.webp', 320)]) {
      expect(await s3.has(key)).toBe(true);
    }
    const response = await shopA.http.get('/uploads/sample-01-1.webp').expect(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Buffer.compare(response.body as Buffer, await s3.bytes('sample-01-1.webp'))).toBe(0);
    // The storefront's image URLs are the shop's own paths.
    const { data } = await shopA.graphql<{ product: { images: { url: string }[] } }>(
      '{ product(id: 1) { images { url } } }',
    );
    expect(data!.product.images[0]?.url).toBe('/uploads/sample-01-1.webp');
    expect(await fs.readdir(emptyUploadsDir)).toEqual([]);
  });

  it('stores an admin upload in the bucket, served by both instances, and deletes it with the product', async () => {
    const product = await createProductWithImages(2);
    const keys = product.images.flatMap((image) => [image.fileName, variantFileName(image.fileName, 320)]);
    // smallPng is 40 px wide: only the master is stored, no smaller variant.
    for (const image of product.images) {
      expect(image.url).toBe(`/uploads/${image.fileName}`);
      expect(await s3.has(image.fileName)).toBe(true);
    }
    expect(await fs.readdir(emptyUploadsDir)).toEqual([]);

    for (const shop of [shopA, shopB]) {
      for (const image of product.images) {
        const response = await shop.http.get(image.url).expect(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(Buffer.compare(response.body as Buffer, await s3.bytes(image.fileName))).toBe(0);
        // /api/uploads is the same files (spec §7 uses both prefixes).
        await shop.http.get(`/api${image.url}`).expect(200);
      }
    }
    // A browser revalidating its copy gets 304 without the body; HEAD answers without one too.
    const [firstImage] = product.images;
    assert.ok(firstImage, 'The product has an image');
    const first = await shopB.http.get(firstImage.url).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    await shopB.http.get(firstImage.url).set('if-none-match', etag).expect(304);
    const head = await shopB.http.head(firstImage.url).expect(200);
    expect(head.headers['content-length']).toBe(String((await s3.bytes(firstImage.fileName)).length));

    const deleted = await graphQLAs<{ deleteProduct: { deletedId: number | null; archived: boolean } }>(
      shopA,
      admin.auth,
      'mutation ($id: Int!) { deleteProduct(id: $id) { deletedId archived } }',
      { id: product.id },
    );
    expect(deleted.data!.deleteProduct).toEqual({ deletedId: product.id, archived: false });
    for (const key of keys) expect(await s3.has(key)).toBe(false);
    for (const shop of [shopA, shopB]) {
      const gone = await shop.http.get(firstImage.url);
      expect(gone.status).toBe(404);
    }
  });

  it('answers 404, never an error, for names the shop could not have stored', async () => {
    for (const url of ['/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/a%2Fb.webp', '/uploads/%E0%A4%A', '/uploads/']) {
      const response = await shopA.http.get(url);
      expect(response.status).toBe(404);
    }
  });

  it('points image URLs at the bucket when S3_PUBLIC_URL is set, and the bucket serves them', async () => {
    const published = await startTestShop({
      env: { ...s3.env, UPLOADS_DIR: emptyUploadsDir, S3_PUBLIC_URL: s3.bucketUrl },
      shareDatabaseOf: shopA,
    });
    try {
      const { data } = await published.graphql<{ product: { images: { url: string; srcSet: string }[] } }>(
        '{ product(id: 1) { images { url srcSet } } }',
      );
      const [image] = data!.product.images;
      assert.ok(image, 'Product 1 has an image');
      expect(image.url).toBe(`${s3.bucketUrl}/sample-01-1.webp`);
      expect(image.srcSet).toContain(`${s3.bucketUrl}/sample-01-1-320.webp 320w`);
      const fromBucket = await fetch(image.url);
      expect(fromBucket.status).toBe(200);
      expect(fromBucket.headers.get('content-type')).toBe('image/webp');
      expect(fromBucket.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // Pages may load images from the bucket's origin.
      const page = await published.http.get('/healthz');
      expect(page.headers['content-security-policy']).toMatch(new RegExp(`img-src [^;]*${s3.endpoint}`));
    } finally {
      await published.close();
    }
  });

  it('answers 503 while the store is unreachable, and the shop keeps running', async () => {
    await s3.close();
    const response = await shopA.http.get('/uploads/sample-01-1.webp');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ success: false, code: 'STORAGE_UNAVAILABLE' });
    await shopA.http.get('/healthz').expect(200);
  });
});
