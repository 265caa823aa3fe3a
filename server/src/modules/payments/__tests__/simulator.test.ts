import { Order } from '../../orders/order.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser } from '../../../../test/users';
import { placeOrderFor, startPayment } from '../../../../test/checkout';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

it('without a Paystack key, the stand-in takes the whole journey: page, Pay, signed webhook, callback', async () => {
  const user = await createSignedInUser(shop);
  const orderId = (await placeOrderFor(shop, user, [[1, 1]])).id;
  const payPath = new URL((await startPayment(shop, user, orderId)).authorization_url).pathname;
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
