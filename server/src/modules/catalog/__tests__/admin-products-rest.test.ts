import { existsSync } from 'node:fs';
import path from 'node:path';
import { UserRole } from '../../accounts/user.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { smallPng, sixMegabytePng } from './admin-helpers';

let shop: TestShop;
let admin: TestUser;
let shopper: TestUser;
let pngs: Buffer[];

beforeAll(async () => {
  shop = await startTestShop();
  admin = await createSignedInUser(shop, UserRole.ADMIN);
  shopper = await createSignedInUser(shop);
  pngs = await Promise.all(Array.from({ length: 11 }, (_, index) => smallPng(index)));
});
afterAll(() => shop.close());

/** The spec's upload form (§7): shillings, 1/0 booleans, category text, images[n]. */
const formFields = {
  name: 'Cedar Smoke',
  category: 'FOR MEN FOR WOMEN',
  price: '1234.50',
  salePrice: '0',
  quantity: '7',
  description: 'Cedar, vetiver and smoke.',
  inStock: '1',
  onSale: '0',
};

function postProduct(fields: Record<string, string>, imageCount = 2, auth = admin.auth, url = '/products/add') {
  let request = shop.http.post(url).set(auth);
  for (const [key, value] of Object.entries(fields)) request = request.field(key, value);
  for (const [index, png] of pngs.slice(0, imageCount).entries()) {
    request = request.attach(`images[${index}]`, png, {
      filename: `bottle-${index}.png`,
      contentType: 'image/png',
    });
  }
  return request;
}

describe('products over REST (spec §7)', () => {
  it('POST /products/add creates from the multipart form and answers the envelope in shillings', async () => {
    const response = await postProduct(formFields).expect(201);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Product created successfully',
      data: {
        name: 'Cedar Smoke',
        category: 'FOR MEN FOR WOMEN',
        price: 1234.5,
        salePrice: null,
        onSale: false,
        quantity: 7,
        inStock: true,
      },
    });
    expect(response.body.data.images).toHaveLength(2);
    expect(response.body.data.images[0]).toMatch(/^product-[0-9a-f]{32}\.webp$/);
    const list = await shop.http.get('/api/products/list').expect(200);
    expect(list.body.data.map((product: { name: string }) => product.name)).toContain('Cedar Smoke');
  });

  it('refuses more than two decimals, an unknown category and the form rules with field errors', async () => {
    const decimals = await postProduct({ ...formFields, price: '12.345' }).expect(400);
    expect(decimals.body).toMatchObject({
      success: false,
      message: 'Valid price is required',
      errors: [{ field: 'price', code: 'INVALID_PRICE', message: 'Valid price is required' }],
    });
    const unknown = await postProduct({ ...formFields, category: 'FOR ROBOTS' }).expect(400);
    expect(unknown.body.errors).toEqual([
      { field: 'category', code: 'UNKNOWN_CATEGORY', message: 'Category not found' },
    ]);
    const sale = await postProduct({ ...formFields, onSale: '1', salePrice: '1500' }).expect(400);
    expect(sale.body.message).toBe('Sale price must be less than regular price');
    const noImages = await postProduct(formFields, 0).expect(400);
    expect(noImages.body.message).toBe('At least one product image is required');
  });

  it('refuses an image over 5 MB and 11 images with the spec messages', async () => {
    let request = shop.http.post('/products/add').set(admin.auth);
    for (const [key, value] of Object.entries(formFields)) request = request.field(key, value);
    const big = await request.attach('images[0]', await sixMegabytePng(), 'big.png').expect(400);
    expect(big.body.message).toBe("File 'big.png' exceeds 5MB limit.");
    const eleven = await postProduct(formFields, 11).expect(400);
    expect(eleven.body.message).toBe('Maximum of 10 images allowed.');
  });

  it('POST /products/update/{id} (_method=PUT) keeps existing_images and appends new ones', async () => {
    const created = (await postProduct({ ...formFields, name: 'Keep One' }).expect(201)).body.data;
    const [kept, dropped] = created.images as [string, string];
    const response = await postProduct(
      { ...formFields, name: 'Keep One', _method: 'PUT', id: String(created.id), 'existing_images[0]': kept },
      1,
      admin.auth,
      `/products/update/${created.id}`,
    ).expect(200);
    expect(response.body).toMatchObject({ success: true, message: 'Product updated successfully' });
    expect(response.body.data.images).toHaveLength(2);
    expect(response.body.data.images[0]).toBe(kept);
    expect(response.body.data.images).not.toContain(dropped);
    expect(existsSync(path.join(shop.config.uploadsDir, dropped))).toBe(false);
  });

  it('PUT /api/products/update/{id} takes JSON quantity, or the multipart form with removeImages[]', async () => {
    const created = (await postProduct({ ...formFields, name: 'Quick Edit' }).expect(201)).body.data;
    const quantity = await shop.http
      .put(`/api/products/update/${created.id}`)
      .set(admin.auth)
      .send({ quantity: 3, inStock: 1 })
      .expect(200);
    expect(quantity.body).toMatchObject({ success: true, data: { id: created.id, quantity: 3, inStock: true } });
    const refused = await shop.http
      .put(`/api/products/update/${created.id}`)
      .set(admin.auth)
      .send({ quantity: -1 })
      .expect(400);
    expect(refused.body.message).toBe('Valid quantity is required');

    const [first, second] = created.images as [string, string];
    let request = shop.http.put(`/api/products/update/${created.id}`).set(admin.auth);
    for (const [key, value] of Object.entries({ ...formFields, name: 'Quick Edit', price: '999' }))
      request = request.field(key, value);
    const edited = await request.field('removeImages[]', first).expect(200);
    expect(edited.body.data).toMatchObject({ price: 999, images: [second] });
    expect(existsSync(path.join(shop.config.uploadsDir, first))).toBe(false);
  });

  it('DELETE /api/products/delete/{id} deletes, and every admin path refuses guests and shoppers', async () => {
    const created = (await postProduct({ ...formFields, name: 'Gone Soon' }).expect(201)).body.data;
    const calls = [
      () => shop.http.post('/products/add'),
      () => shop.http.post(`/products/update/${created.id}`),
      () => shop.http.put(`/api/products/update/${created.id}`),
      () => shop.http.delete(`/api/products/delete/${created.id}`),
    ];
    for (const call of calls) {
      const guest = await call().send({ quantity: 1 });
      expect(guest.status).toBe(401);
      expect(guest.body).toMatchObject({ success: false, message: 'Authentication required' });
      expect((await call().set(shopper.auth).send({ quantity: 1 })).status).toBe(403);
    }
    const response = await shop.http.delete(`/api/products/delete/${created.id}`).set(admin.auth).expect(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Product deleted successfully',
      data: { id: created.id, archived: false },
    });
    await shop.http.delete(`/api/products/delete/${created.id}`).set(admin.auth).expect(404);
  });
});
