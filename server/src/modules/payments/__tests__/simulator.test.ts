import { Order } from '../../orders/order.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser } from '../../../../test/users';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

it('without a Paystack key, the stand-in takes the whole journey: page, Pay, signed webhook, callback', async () => {
  const user = await createSignedInUser(shop);
  await shop.http.post('/api/carts/add').set(user.auth).send({ product_id: 1, quantity: 1 }).expect(201);
  const created = await shop.http
    .post('/api/orders/create')
    .set(user.auth)
    .send({
      recipient_name: 'Zawadi',
      recipient_email: 'zawadi@example.co.ke',
      recipient_phone: '0712345678',
      shipping_address: 'Kimathi Street',
      shipping_city: 'Nairobi',
      shipping_postal_code: '00100',
      delivery_location_id: 1,
    })
    .expect(201);
  const orderId = created.body.data.order.id;
  const initialized = await shop.http
    .post('/api/paystack/initialize')
    .set(user.auth)
    .send({ order_id: orderId })
    .expect(200);
  const payPath = new URL(initialized.body.data.authorization_url).pathname;
  const page = await shop.http.get(payPath).expect(200);
  expect(page.text).toContain('Payment simulator');
  // Oud Savanna on sale at Ksh 7,200 plus the CBD collection fee of Ksh 120.
  expect(page.text).toContain('KES 7320.00');
  const paid = await shop.http.post(payPath).type('form').send({ outcome: 'success' }).expect(303);
  expect(paid.headers.location).toMatch(/\/checkout\/callback\?reference=MK-/);
  // The signed webhook went through the real webhook route.
  expect((await shop.orm.em.fork().findOneOrFail(Order, { id: orderId })).paymentStatus).toBe('completed');
  const reference = new URL(paid.headers.location).searchParams.get('reference');
  const verified = await shop.http
    .post('/graphql')
    .set(user.auth)
    .send({ query: `mutation { verifyPayment(reference: "${reference}") { status order { id paymentStatus } } }` });
  expect(verified.body.data.verifyPayment).toMatchObject({
    status: 'completed',
    order: { paymentStatus: 'completed' },
  });
});
