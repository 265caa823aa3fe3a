import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { UserRole } from '../../accounts/user.entity';
import { variantFileName } from '../product.entity';
import { singleRow } from '../../../shared/single-row';
import { writeClientDist } from '../../../../test/client-dist';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { placeOrderFor } from '../../../../test/checkout';
import { graphQLAs, smallPng, sixMegabytePng, uploadGraphQL, type UploadFile } from './admin-helpers';

let shop: TestShop;
let clientDist: Awaited<ReturnType<typeof writeClientDist>>;
let admin: TestUser;
let shopper: TestUser;
let categories: { id: number; name: string }[];

beforeAll(async () => {
  // A stand-in client build so /product/{id} renders its page (status and title come from the server).
  clientDist = await writeClientDist({
    'index.html': '<!doctype html><html><head><title>Manukato</title></head><body><div id="root"></div></body></html>',
  });
  shop = await startTestShop({ env: { CLIENT_DIST: clientDist.dir } });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
  shopper = await createSignedInUser(shop);
  categories = (await shop.graphql<{ categories: { id: number; name: string }[] }>('{ categories { id name } }')).data!
    .categories;
});
afterAll(async () => {
  await shop.close();
  await clientDist?.remove();
});

const categoryId = (name: string) => categories.find((category) => category.name === name)!.id;

interface ProductResult {
  id: number;
  name: string;
  category: string;
  priceCents: number;
  salePriceCents: number | null;
  onSale: boolean;
  quantity: number;
  inStock: boolean;
  images: { id: string; fileName: string; url: string; width: number }[];
}
interface FieldErrorResult {
  field: string;
  code: string;
  message: string;
}
type ProductPayload = { product: ProductResult | null; errors: FieldErrorResult[] };

const productFields =
  'id name category priceCents salePriceCents onSale quantity inStock images { id fileName url width }';
const createMutation = `mutation ($input: ProductInput!, $images: [Upload!]!) {
  createProduct(input: $input, images: $images) { product { ${productFields} } errors { field code message } }
}`;
const updateMutation = `mutation ($id: Int!, $input: ProductInput!, $newImages: [Upload!], $removeImageIds: [Int!]) {
  updateProduct(id: $id, input: $input, newImages: $newImages, removeImageIds: $removeImageIds) {
    product { ${productFields} } errors { field code message }
  }
}`;

function productInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Amber Nights',
    description: 'Warm amber, vanilla and a little smoke.',
    categoryIds: [categoryId('FOR MEN'), categoryId('FOR WOMEN')],
    priceCents: 450_000,
    quantity: 12,
    onSale: false,
    salePriceCents: null,
    ...overrides,
  };
}

async function pngFiles(count: number, variable = 'images', width = 40): Promise<UploadFile[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => pngFile(index, variable, width)));
}

async function pngFile(index: number, variable = 'images', width = 40): Promise<UploadFile> {
  return {
    variable: `${variable}.${index}`,
    name: `photo-${index + 1}.png`,
    data:
      width === 40
        ? await smallPng(index)
        : await sharp({
            create: { width, height: width, channels: 3, background: { r: index * 40, g: 90, b: 30 } },
          })
            .png()
            .toBuffer(),
  };
}

async function createProduct(overrides: Record<string, unknown> = {}, files?: UploadFile[]) {
  const images = files ?? (await pngFiles(2));
  const answer = await uploadGraphQL<{ createProduct: ProductPayload }>(
    shop,
    admin.auth,
    createMutation,
    { input: productInput(overrides), images: images.map(() => null) },
    images,
  );
  return { ...answer, payload: answer.data?.createProduct };
}

async function storefrontProducts(): Promise<ProductResult[]> {
  const { data } = await shop.graphql<{ products: ProductResult[] }>(`{ products(limit: 100) { ${productFields} } }`);
  return data!.products;
}

async function uploadsListing(): Promise<string[]> {
  return existsSync(shop.config.uploadsDir) ? (await fs.readdir(shop.config.uploadsDir)).sort() : [];
}

async function productRowCount(): Promise<number> {
  const rows = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ count: number }[]>('select count(*)::int as count from products');
  return singleRow(rows).count;
}

describe('creating a product (GraphQL multipart upload)', () => {
  it('stores the images under generated names and the storefront shows the product at once', async () => {
    // Warm the storefront's caches first: the change must invalidate them.
    expect((await storefrontProducts()).some((product) => product.name === 'Amber Nights')).toBe(false);
    const { payload, status } = await createProduct();
    expect(status).toBe(200);
    expect(payload!.errors).toEqual([]);
    const product = payload!.product!;
    expect(product).toMatchObject({
      name: 'Amber Nights',
      category: 'FOR MEN FOR WOMEN',
      priceCents: 450_000,
      quantity: 12,
      inStock: true,
      salePriceCents: null,
    });
    expect(product.images).toHaveLength(2);
    for (const image of product.images) {
      expect(image.fileName).toMatch(/^product-[0-9a-f]{32}\.webp$/);
      expect(existsSync(path.join(shop.config.uploadsDir, image.fileName))).toBe(true);
    }

    expect((await storefrontProducts()).find((item) => item.id === product.id)?.name).toBe('Amber Nights');
    const page = await shop.http.get(`/product/${product.id}`).set('accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title data-ssr>Amber Nights | Manukato</title>');
    const [firstImage] = product.images;
    assert.ok(firstImage, 'The product has an image');
    await shop.http.get(firstImage.url).expect(200).expect('content-type', 'image/webp');
  });

  it('refuses a text file renamed .jpg, naming it, and writes nothing', async () => {
    const before = { files: await uploadsListing(), products: await productRowCount() };
    const photo = await pngFile(0);
    const { payload, status } = await createProduct({ name: 'Not A Photo' }, [
      photo,
      {
        variable: 'images.1',
        name: 'notes.jpg',
        data: Buffer.from('these are my notes, not a photo\n'),
        contentType: 'image/jpeg',
      },
    ]);
    expect(status).toBe(200);
    expect(payload).toEqual({
      product: null,
      errors: [{ field: 'images', code: 'NOT_AN_IMAGE', message: "File 'notes.jpg' is not an image." }],
    });
    expect(await uploadsListing()).toEqual(before.files);
    expect(await productRowCount()).toBe(before.products);
  });

  it('refuses an image over 5 MB, naming it, as data rather than a failed request', async () => {
    const before = await uploadsListing();
    const photo = await pngFile(0);
    const { payload, status } = await createProduct({ name: 'Too Big' }, [
      { variable: 'images.0', name: 'huge.png', data: await sixMegabytePng() },
      { ...photo, variable: 'images.1' },
    ]);
    expect(status).toBe(200);
    expect(payload!.product).toBeNull();
    expect(payload!.errors).toEqual([
      { field: 'images', code: 'FILE_TOO_LARGE', message: "File 'huge.png' exceeds 5MB limit." },
    ]);
    expect(await uploadsListing()).toEqual(before);
  });

  it('refuses 11 images', async () => {
    const before = await uploadsListing();
    const { payload, status } = await createProduct({ name: 'Eleven' }, await pngFiles(11));
    expect(status).toBe(200);
    expect(payload).toEqual({
      product: null,
      errors: [{ field: 'images', code: 'TOO_MANY_IMAGES', message: 'Maximum of 10 images allowed.' }],
    });
    expect(await uploadsListing()).toEqual(before);
  });

  it('accepts exactly 10 images', async () => {
    const { payload } = await createProduct({ name: 'Ten Views' }, await pngFiles(10));
    expect(payload!.errors).toEqual([]);
    expect(payload!.product!.images).toHaveLength(10);
  });

  it('refuses an image that stops half-way with the processing message', async () => {
    const whole = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const { payload } = await createProduct({ name: 'Cut Short' }, [
      { variable: 'images.0', name: 'cut.jpg', data: whole.subarray(0, whole.length / 2), contentType: 'image/jpeg' },
    ]);
    expect(payload!.errors).toEqual([
      { field: 'images', code: 'IMAGE_PROCESSING_FAILED', message: 'Error processing one or more images.' },
    ]);
  });

  it("holds the product form's rules (spec §5) with the spec's messages, every field at once", async () => {
    const { payload } = await createProduct(
      {
        name: '   ',
        description: ' ',
        categoryIds: [],
        priceCents: 0,
        quantity: -1,
        onSale: true,
        salePriceCents: 0,
      },
      [],
    );
    expect(payload!.product).toBeNull();
    expect(payload!.errors.map(({ field, message }) => [field, message])).toEqual([
      ['name', 'Product name is required'],
      ['category', 'Category is required'],
      ['price', 'Valid price is required'],
      ['quantity', 'Valid quantity is required'],
      ['description', 'Description is required'],
      ['salePrice', 'Valid sale price is required when product is on sale'],
      ['images', 'At least one product image is required'],
    ]);
  });

  it('refuses a sale price not below the regular price, and stores none when not on sale', async () => {
    const refused = await createProduct({ onSale: true, priceCents: 100_000, salePriceCents: 100_000 });
    expect(refused.payload!.errors).toEqual([
      { field: 'salePrice', code: 'SALE_PRICE_TOO_HIGH', message: 'Sale price must be less than regular price' },
    ]);
    const notOnSale = await createProduct({ name: 'Plain Price', onSale: false, salePriceCents: 50_000 });
    expect(notOnSale.payload!.product).toMatchObject({ onSale: false, salePriceCents: null });
    const onSale = await createProduct({ name: 'Sale Price', onSale: true, salePriceCents: 399_900 });
    expect(onSale.payload!.product).toMatchObject({ onSale: true, salePriceCents: 399_900 });
  });

  it('refuses an unknown category id', async () => {
    const { payload } = await createProduct({ categoryIds: [999_999] });
    expect(payload!.errors).toEqual([{ field: 'category', code: 'UNKNOWN_CATEGORY', message: 'Category not found' }]);
  });

  it('refuses guests and shoppers before reading anything', async () => {
    const files = await pngFiles(1);
    for (const [auth, code] of [
      [{}, 'UNAUTHENTICATED'],
      [shopper.auth, 'FORBIDDEN'],
    ] as const) {
      const answer = await uploadGraphQL<{ createProduct: ProductPayload }>(
        shop,
        auth,
        createMutation,
        { input: productInput({ name: 'Sneaky' }), images: [null] },
        files,
      );
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]?.extensions?.code).toBe(code);
    }
    expect((await storefrontProducts()).some((product) => product.name === 'Sneaky')).toBe(false);
  });
});

describe('editing a product', () => {
  it('keeps the existing images in order minus the removed ones, appends new ones, deletes removed files', async () => {
    // 700 px images get a 320 and a 640 px variant each: all of a removed image's files must go.
    const created = await createProduct({ name: 'Three Views' }, await pngFiles(3, 'images', 700));
    const [first, second, third] = created.payload!.product!.images;
    assert.ok(first && second && third, 'The three images were stored');
    const secondFiles = [second.fileName, variantFileName(second.fileName, 320), variantFileName(second.fileName, 640)];
    for (const file of secondFiles) expect(existsSync(path.join(shop.config.uploadsDir, file))).toBe(true);

    const added = await pngFile(0, 'newImages');
    const answer = await uploadGraphQL<{ updateProduct: ProductPayload }>(
      shop,
      admin.auth,
      updateMutation,
      {
        id: created.payload!.product!.id,
        input: productInput({ name: 'Three Views Renamed', quantity: 4 }),
        newImages: [null],
        removeImageIds: [Number(second.id)],
      },
      [added],
    );
    expect(answer.data!.updateProduct.errors).toEqual([]);
    const product = answer.data!.updateProduct.product!;
    expect(product.name).toBe('Three Views Renamed');
    expect(product.images.slice(0, 2).map((image) => image.fileName)).toEqual([first.fileName, third.fileName]);
    expect(product.images).toHaveLength(3);
    expect(product.images[2]?.fileName).toMatch(/^product-[0-9a-f]{32}\.webp$/);
    for (const file of secondFiles) expect(existsSync(path.join(shop.config.uploadsDir, file))).toBe(false);
    for (const image of [first, third])
      expect(existsSync(path.join(shop.config.uploadsDir, image.fileName))).toBe(true);
    expect((await storefrontProducts()).find((item) => item.id === product.id)?.name).toBe('Three Views Renamed');
  });

  it('refuses to remove every image, and keeps the files', async () => {
    const created = await createProduct({ name: 'Last Image' }, await pngFiles(1));
    const [image] = created.payload!.product!.images;
    assert.ok(image, 'The image was stored');
    const { data } = await graphQLAs<{ updateProduct: ProductPayload }>(shop, admin.auth, updateMutation, {
      id: created.payload!.product!.id,
      input: productInput({ name: 'Last Image' }),
      removeImageIds: [Number(image.id)],
    });
    expect(data!.updateProduct.errors).toEqual([
      { field: 'images', code: 'REQUIRED', message: 'At least one product image is required' },
    ]);
    expect(existsSync(path.join(shop.config.uploadsDir, image.fileName))).toBe(true);
  });

  it('refuses more than 10 images counting the kept ones', async () => {
    const created = await createProduct({ name: 'Nine Views' }, await pngFiles(9));
    const added = await pngFiles(2, 'newImages');
    const answer = await uploadGraphQL<{ updateProduct: ProductPayload }>(
      shop,
      admin.auth,
      updateMutation,
      { id: created.payload!.product!.id, input: productInput({ name: 'Nine Views' }), newImages: [null, null] },
      added,
    );
    expect(answer.data!.updateProduct.errors.map((error) => error.message)).toEqual(['Maximum of 10 images allowed.']);
  });

  it('answers an unknown product as data', async () => {
    const { data } = await graphQLAs<{ updateProduct: ProductPayload }>(shop, admin.auth, updateMutation, {
      id: 999_999,
      input: productInput(),
    });
    expect(data!.updateProduct).toEqual({
      product: null,
      errors: [{ field: 'id', code: 'NOT_FOUND', message: 'Product not found' }],
    });
  });
});

describe('inventory quantity', () => {
  const quantityMutation = `mutation ($id: Int!, $quantity: Int!) {
    updateProductQuantity(id: $id, quantity: $quantity) { product { id quantity inStock } errors { field code message } }
  }`;

  it('sets the quantity, the storefront shows it, and a fall to the threshold notifies the admins once', async () => {
    const created = await createProduct({ name: 'Low Soon', quantity: 20 });
    const id = created.payload!.product!.id;
    const lowStockNotes = async () => {
      const rows = await shop.orm.em
        .fork()
        .getConnection()
        .execute<{ count: number }[]>(
          "select count(*)::int as count from admin_notifications where type = 'low-stock' and text like 'Low Soon%'",
        );
      return singleRow(rows).count;
    };
    await storefrontProducts();
    const { data } = await graphQLAs<{ updateProductQuantity: ProductPayload }>(shop, admin.auth, quantityMutation, {
      id,
      quantity: 0,
    });
    expect(data!.updateProductQuantity).toEqual({ product: { id, quantity: 0, inStock: false }, errors: [] });
    expect((await storefrontProducts()).find((item) => item.id === id)).toMatchObject({ quantity: 0, inStock: false });
    expect(await lowStockNotes()).toBe(1);
    // Still low: not reported again.
    await graphQLAs(shop, admin.auth, quantityMutation, { id, quantity: 1 });
    expect(await lowStockNotes()).toBe(1);
  });

  it('refuses a negative quantity with the form message', async () => {
    const created = await createProduct({ name: 'Never Negative' });
    const { data } = await graphQLAs<{ updateProductQuantity: ProductPayload }>(shop, admin.auth, quantityMutation, {
      id: created.payload!.product!.id,
      quantity: -3,
    });
    expect(data!.updateProductQuantity.errors).toEqual([
      { field: 'quantity', code: 'INVALID_QUANTITY', message: 'Valid quantity is required' },
    ]);
  });
});

describe('deleting a product', () => {
  const deleteMutation = 'mutation ($id: Int!) { deleteProduct(id: $id) { deletedId archived errors { message } } }';

  it('deletes a product no order refers to, with its image files', async () => {
    const created = await createProduct({ name: 'Short Lived' });
    const { id, images } = created.payload!.product!;
    const { data } = await graphQLAs<{ deleteProduct: unknown }>(shop, admin.auth, deleteMutation, { id });
    expect(data!.deleteProduct).toEqual({ deletedId: id, archived: false, errors: [] });
    expect(await shop.orm.em.fork().getConnection().execute('select id from products where id = ?', [id])).toEqual([]);
    for (const image of images) expect(existsSync(path.join(shop.config.uploadsDir, image.fileName))).toBe(false);
    expect((await storefrontProducts()).some((item) => item.id === id)).toBe(false);
  });

  it('archives a product that is in an order: gone from the shop, still in the order', async () => {
    const created = await createProduct({ name: 'Ordered Once', quantity: 5 });
    const { id, images } = created.payload!.product!;
    const buyer = await createSignedInUser(shop);
    await placeOrderFor(shop, buyer, [[id, 1]], { payment_method: 'm-Pesa' });
    // Someone else still has it in their cart.
    const other = await createSignedInUser(shop);
    await shop.http.post('/api/carts/add').set(other.auth).send({ product_id: id, quantity: 1 }).expect(201);

    const { data } = await graphQLAs<{ deleteProduct: unknown }>(shop, admin.auth, deleteMutation, { id });
    expect(data!.deleteProduct).toEqual({ deletedId: id, archived: true, errors: [] });

    expect((await storefrontProducts()).some((item) => item.id === id)).toBe(false);
    expect((await shop.graphql<{ product: unknown }>(`{ product(id: ${id}) { id } }`)).data!.product).toBeNull();
    expect((await shop.http.get(`/product/${id}`).set('accept', 'text/html')).status).toBe(404);
    const sitemap = await shop.http.get('/sitemap-products-1.xml');
    expect(sitemap.text).not.toContain(`/product/${id}<`);
    await shop.http.post('/api/carts/add').set(other.auth).send({ product_id: id, quantity: 1 }).expect(404);
    const otherCart = await graphQLAs<{ cart: { items: unknown[] } }>(shop, other.auth, '{ cart { items { id } } }');
    expect(otherCart.data!.cart.items).toEqual([]);
    const admins = await graphQLAs<{ adminProducts: { products: { id: number }[] } }>(
      shop,
      admin.auth,
      '{ adminProducts(limit: 100) { products { id } } }',
    );
    expect(admins.data!.adminProducts.products.some((item) => item.id === id)).toBe(false);

    const orders = await graphQLAs<{ myOrders: { items: { productId: number; name: string }[] }[] }>(
      shop,
      buyer.auth,
      '{ myOrders { items { productId name } } }',
    );
    expect(orders.data!.myOrders[0]?.items).toEqual([{ productId: id, name: 'Ordered Once' }]);
    // Its pictures stay: the order history may still show them.
    const [firstImage] = images;
    assert.ok(firstImage, 'The product had an image');
    expect(existsSync(path.join(shop.config.uploadsDir, firstImage.fileName))).toBe(true);
    // Deleting it again finds nothing.
    const again = await graphQLAs<{ deleteProduct: unknown }>(shop, admin.auth, deleteMutation, { id });
    expect(again.data!.deleteProduct).toEqual({
      deletedId: null,
      archived: false,
      errors: [{ message: 'Product not found' }],
    });
  });
});

describe('adminProducts', () => {
  it('searches name, category or description in any case', async () => {
    await createProduct({
      name: 'Yuzu Dawn',
      description: 'Bergamot and TAGETES.',
      categoryIds: [categoryId('UNISEX')],
    });
    const search = async (text: string) =>
      (
        await graphQLAs<{ adminProducts: { products: { name: string }[] } }>(
          shop,
          admin.auth,
          'query ($search: String) { adminProducts(search: $search, limit: 100) { products { name } } }',
          { search: text },
        )
      ).data!.adminProducts.products.map((product) => product.name);
    expect(await search('yUZu')).toEqual(['Yuzu Dawn']);
    expect(await search('tagetes')).toEqual(['Yuzu Dawn']);
    expect(await search('unisex')).toContain('Yuzu Dawn');
    expect(await search('for men')).not.toContain('Yuzu Dawn');
    expect(await search('no such perfume')).toEqual([]);
  });
});
