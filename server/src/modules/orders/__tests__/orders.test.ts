import { Product } from '../../catalog/product.entity';
import { releaseExpiredReservations } from '../orders.service';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const shipping = {
  recipient_name: 'Akinyi Otieno',
  recipient_email: 'Akinyi@Example.co.ke',
  recipient_phone: '0712 345 678',
  shipping_address: 'Ngong Road, Adams Arcade',
  shipping_city: 'Nairobi',
  shipping_postal_code: '00100',
};

async function setStock(productId: number, quantity: number): Promise<void> {
  await shop.orm.em.fork().nativeUpdate(Product, { id: productId }, { quantity });
  await shop.catalogueChanged();
}

async function stockOf(productId: number): Promise<number> {
  return (await shop.orm.em.fork().findOneOrFail(Product, { id: productId })).quantity;
}

async function withCart(user: TestUser, lines: [number, number][]): Promise<void> {
  for (const [productId, quantity] of lines) {
    await shop.http.post('/api/carts/add').set(user.auth).send({ product_id: productId, quantity }).expect(201);
  }
}

describe('creating an order', () => {
  it('computes lines, fee and total from its own prices, ignoring what the client sends', async () => {
    await setStock(2, 10);
    const user = await createSignedInUser(shop);
    await withCart(user, [[2, 2]]);
    const response = await shop.http
      .post('/api/orders/create')
      .set(user.auth)
      .send({
        ...shipping,
        user_id: user.id,
        items: [{ pid: '2', quantity: '2' }],
        total_amount: 1,
        shipping_fee: 0,
        payment_status: 'completed',
        payment_method: 'm-Pesa',
        currency: 'USD',
        delivery_location_id: 4,
      })
      .expect(201);
    const order = response.body.data.order;
    // Cedar Ridge: Ksh 4,200 × 2 = 8,400, under 10,000: the Outside Nairobi fee of 550 applies.
    expect(order).toMatchObject({
      total_amount: 8950,
      shipping_fee: 550,
      payment_status: 'pending',
      status: 'pending',
      payment_method: 'mpesa',
      currency: 'KES',
      recipient_phone: '+254712345678',
      recipient_email: 'akinyi@example.co.ke',
      items: [{ pid: '2', quantity: '2', unit_price: 4200 }],
    });
    expect(await stockOf(2)).toBe(8);
    await shop.http.get(`/api/carts/user/${user.id}`).set(user.auth).expect(404);
  });

  it('prices a product on sale at its sale price, in the cart and the order', async () => {
    // Oud Savanna: Ksh 8,500, on sale at 7,200; × 1 is under Ksh 10,000, so Outside Nairobi's Ksh 550 applies.
    await setStock(1, 10);
    const user = await createSignedInUser(shop);
    await withCart(user, [[1, 1]]);
    const cart = await shop.http
      .post('/graphql')
      .set(user.auth)
      .send({ query: '{ cart { subtotalCents items { unitPriceCents lineTotalCents product { priceCents } } } }' })
      .then((response) => response.body.data.cart);
    expect(cart).toEqual({
      subtotalCents: 720_000,
      items: [{ unitPriceCents: 720_000, lineTotalCents: 720_000, product: { priceCents: 850_000 } }],
    });
    const response = await shop.http
      .post('/api/orders/create')
      .set(user.auth)
      .send({ ...shipping, delivery_location_id: 4 })
      .expect(201);
    expect(response.body.data.order).toMatchObject({
      total_amount: 7200 + 550,
      shipping_fee: 550,
      items: [{ pid: '1', quantity: '1', unit_price: 7200 }],
    });
  });

  it('costs the same number of SQL statements for one cart line as for five', async () => {
    const products = [2, 3, 4, 5, 6];
    for (const id of products) await setStock(id, 20);
    const order = async (lines: [number, number][]) => {
      const user = await createSignedInUser(shop);
      await withCart(user, lines);
      return shop.statements.measure(() =>
        shop.http
          .post('/api/orders/create')
          .set(user.auth)
          .send({ ...shipping, payment_method: 'mpesa', delivery_location_id: 4 })
          .expect(201),
      );
    };
    const one = await order([[2, 1]]);
    const five = await order(products.map((id) => [id, 1] as [number, number]));
    expect(five.statements).toBe(one.statements);
    // These orders stay unpaid: end their holds now, so no later test finds their stock coming back.
    await releaseExpiredReservations(shop.orm.em.fork(), new Date(Date.now() + 31 * 60_000));
  });

  it('makes delivery free from Ksh 10,000 of goods', async () => {
    await setStock(7, 10);
    const user = await createSignedInUser(shop);
    await withCart(user, [[7, 1]]);
    const { data } = await shop.http
      .post('/graphql')
      .set(user.auth)
      .send({
        query: `mutation ($input: CreateOrderInput!) { createOrder(input: $input) {
          order { id subtotalCents shippingFeeCents totalCents paymentMethod items { id quantity unitPriceCents } }
          errors { field code message } } }`,
        variables: {
          input: {
            deliveryLocationId: 1,
            shipping: {
              name: 'A',
              email: 'a@b.co',
              phone: '+254 712 345678',
              address: 'X',
              city: 'Nairobi',
              postalCode: '00100',
            },
          },
        },
      })
      .then((response) => response.body);
    // Velvet Orchid: Ksh 13,500.
    expect(data.createOrder).toMatchObject({
      errors: [],
      order: { subtotalCents: 1_350_000, shippingFeeCents: 0, totalCents: 1_350_000, paymentMethod: 'mpesa' },
    });
  });

  it.each([
    [{ ...shipping, recipient_name: ' ' }, 'Please fill in all fields'],
    [{ ...shipping, recipient_email: 'not-an-email' }, 'Please enter a valid email address'],
    [
      { ...shipping, recipient_phone: '+1 415 555 0100' },
      'Please enter a valid Kenyan mobile number, e.g. +254712345678',
    ],
    [{ ...shipping, delivery_location_id: 999 }, 'Select Delivery Location'],
  ])('refuses %j with its message and changes nothing', async (body, message) => {
    await setStock(1, 10);
    const user = await createSignedInUser(shop);
    await withCart(user, [[1, 1]]);
    const response = await shop.http
      .post('/api/orders/create')
      .set(user.auth)
      .send({ delivery_location_id: 1, ...body })
      .expect(400);
    expect(response.body.message).toBe(message);
    expect(await stockOf(1)).toBe(10);
  });

  it('lets exactly 5 of 20 concurrent orders through for a stock of 5, ending at 0', async () => {
    const productId = 17;
    await setStock(productId, 5);
    const users = await Promise.all(Array.from({ length: 20 }, () => createSignedInUser(shop)));
    for (const user of users) await withCart(user, [[productId, 1]]);
    const results = await Promise.all(
      users.map((user) =>
        shop.http
          .post('/api/orders/create')
          .set(user.auth)
          .send({ ...shipping, delivery_location_id: 1 }),
      ),
    );
    const statuses = results.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(15);
    expect(results.find((response) => response.status === 400)!.body.message).toMatch(/is out of stock\.$/);
    expect(await stockOf(productId)).toBe(0);
  });

  it('refuses a product archived while it sat in the cart, taking no stock', async () => {
    const productId = 16;
    await setStock(productId, 7);
    const user = await createSignedInUser(shop);
    await withCart(user, [[productId, 2]]);
    // What the admin's delete does to a product that is in orders, racing this checkout.
    await shop.orm.em.fork().nativeUpdate(Product, { id: productId }, { archivedAt: new Date() });
    const response = await shop.http
      .post('/api/orders/create')
      .set(user.auth)
      .send({ ...shipping, delivery_location_id: 1 })
      .expect(400);
    expect(response.body.message).toMatch(/is no longer sold\.$/);
    expect(await stockOf(productId)).toBe(7);
  });
});

describe('adding to the cart', () => {
  it('refuses an archived product as not found and too many as out of stock, writing nothing', async () => {
    const user = await createSignedInUser(shop);
    await setStock(17, 2);
    const tooMany = await shop.http
      .post('/api/carts/add')
      .set(user.auth)
      .send({ product_id: 17, quantity: 3 })
      .expect(400);
    expect(tooMany.body.message).toMatch(/^Only 2 of .+ left in stock\.$/);
    await shop.orm.em.fork().nativeUpdate(Product, { id: 17 }, { archivedAt: new Date() });
    await shop.http.post('/api/carts/add').set(user.auth).send({ product_id: 17, quantity: 1 }).expect(404);
    await shop.http.post('/api/carts/add').set(user.auth).send({ product_id: 999_999, quantity: 1 }).expect(404);
    await shop.orm.em.fork().nativeUpdate(Product, { id: 17 }, { archivedAt: null });
    const [lines] = await shop.orm.em
      .fork()
      .getConnection()
      .execute<{ count: string }[]>('select count(*) from cart_items where user_id = ?', [user.id]);
    expect(Number(lines?.count)).toBe(0);
  });
});

describe('reservations and privacy', () => {
  it('gives back the stock of an unpaid order once its hold runs out, once', async () => {
    await setStock(3, 4);
    const user = await createSignedInUser(shop);
    await withCart(user, [[3, 3]]);
    const created = await shop.http
      .post('/api/orders/create')
      .set(user.auth)
      .send({ ...shipping, delivery_location_id: 2 })
      .expect(201);
    expect(await stockOf(3)).toBe(1);
    expect(await releaseExpiredReservations(shop.orm.em.fork(), new Date())).toBe(0);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await releaseExpiredReservations(shop.orm.em.fork(), later)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(3)).toBe(4);
    expect(await releaseExpiredReservations(shop.orm.em.fork(), later)).toBe(0);
    expect(await stockOf(3)).toBe(4);
    const mine = await shop.http.get(`/api/orders/user/${user.id}`).set(user.auth).expect(200);
    expect(mine.body.data.find((order: { id: string }) => order.id === created.body.data.order.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
    });
  });

  it("answers 403 for another user's orders and lists only one's own", async () => {
    await setStock(5, 10);
    const owner = await createSignedInUser(shop);
    const other = await createSignedInUser(shop);
    await withCart(owner, [[5, 1]]);
    await shop.http
      .post('/api/orders/create')
      .set(owner.auth)
      .send({ ...shipping, delivery_location_id: 1 })
      .expect(201);
    await shop.http.get(`/orders/user/${owner.id}`).set(other.auth).expect(403);
    await shop.http.get(`/orders/user/${owner.id}`).expect(401);
    const own = await shop.http.get(`/orders/user/${other.id}`).set(other.auth).expect(200);
    expect(own.body.data).toEqual([]);
    const { body } = await shop.http
      .post('/graphql')
      .set(owner.auth)
      .send({ query: '{ myOrders { id totalCents items { id name } } }' });
    expect(body.data.myOrders).toHaveLength(1);
  });

  it('a checkout sent three times at once makes one order', async () => {
    await setStock(14, 10);
    const user = await createSignedInUser(shop);
    await withCart(user, [[14, 2]]);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        shop.http
          .post('/api/orders/create')
          .set(user.auth)
          .send({ ...shipping, delivery_location_id: 1 }),
      ),
    );
    expect(results.map((response) => response.status).sort()).toEqual([201, 400, 400]);
    expect(await stockOf(14)).toBe(8);
  });

  it('takes a fixed, small number of statements per checkout step (decision 0045)', async () => {
    await setStock(9, 10);
    await setStock(10, 10);
    const user = await createSignedInUser(shop);
    await withCart(user, [[9, 1]]);
    // The session, one upsert that checks the product and its stock, the cart's lines, their products (the product's
    // own row is read only to explain a refusal).
    const add = await shop.statements.measure(() =>
      shop.http.post('/api/carts/add').set(user.auth).send({ product_id: 10, quantity: 1 }).expect(201),
    );
    expect(add.statements).toBe(4);
    // The session, begin, the locked cart with its products, one write of everything (which returns what it wrote,
    // so the answer needs no read), commit.
    const create = await shop.statements.measure(() =>
      shop.http
        .post('/api/orders/create')
        .set(user.auth)
        .send({ ...shipping, delivery_location_id: 1 })
        .expect(201),
    );
    expect(create.statements).toBe(5);
    const created = (create.result as { body: { data: { order: { id: string } } } }).body.data.order;
    const orderId = created.id;
    // The answer made from the written rows is the order as any later read shows it.
    const listed = await shop.http.get(`/api/orders/user/${user.id}`).set(user.auth).expect(200);
    expect(listed.body.data).toEqual([created]);
    expect(created).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      delivery_location: expect.any(String),
    });
    expect((created as unknown as { items: unknown[] }).items).toHaveLength(2);
    // The session, the order checked and its transaction written in one, the stand-in's own write.
    const initialize = await shop.statements.measure(() =>
      shop.http.post('/api/paystack/initialize').set(user.auth).send({ order_id: orderId }).expect(200),
    );
    expect(initialize.statements).toBe(3);
    expect(await stockOf(9)).toBe(9);
    expect(await stockOf(10)).toBe(9);
  });
});
