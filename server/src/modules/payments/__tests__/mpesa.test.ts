import { Order } from '../../orders/order.entity';
import { Product } from '../../catalog/product.entity';
import { Transaction } from '../transaction.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { placeOrderFor, payWithMpesa as payWithMpesaThrough } from '../../../../test/checkout';
import { VERIFY_PENDING_AFTER_MS } from '../mpesa.service';

// No Paystack key: the shop talks to its stand-in over real HTTP, and the stand-in's phone page answers prompts.
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());
// Every request comes from 127.0.0.1 and most prompt one number: each test starts with the payment limits empty.
beforeEach(() => shop.orm.em.fork().getConnection().execute('delete from rate_limits'));

const statusQuery = `query ($orderId: ID!) {
  orderPayment(orderId: $orderId) { id orderId reference status refundDue reason amountCents method }
}`;

async function orderOf(user: TestUser, productId: number, quantity: number) {
  await shop.orm.em.fork().nativeUpdate(Product, { id: productId }, { quantity: 20 });
  await shop.catalogueChanged();
  return (await placeOrderFor(shop, user, [[productId, quantity]])).id;
}

function payWithMpesa(user: TestUser, orderId: string, phone: string) {
  return payWithMpesaThrough(shop, user, orderId, phone);
}

async function orderPayment(user: TestUser, orderId: string) {
  const answer = await shop.http.post('/graphql').set(user.auth).send({ query: statusQuery, variables: { orderId } });
  return answer.body as {
    data: { orderPayment: { status: string; reason: string | null; reference: string } } | null;
    errors?: { extensions: { code: string } }[];
  };
}

/** The shopper answers the prompt on the stand-in's phone page, as the browser's form would. */
async function answerOnPhone(reference: string, phone: string, outcome: 'success' | 'failed') {
  const page = await shop.http.get(`/paystack-simulator/phone?number=${encodeURIComponent(phone)}`).expect(200);
  expect(page.text).toContain(reference);
  await shop.http
    .post(`/paystack-simulator/phone/${encodeURIComponent(reference)}`)
    .type('form')
    .send({ number: phone, outcome })
    .expect(303);
}

/** Makes the charge look older than the verify delay, so the next poll asks Paystack (the stand-in). */
async function age(reference: string) {
  await shop.orm.em
    .fork()
    .nativeUpdate(Transaction, { reference }, { createdAt: new Date(Date.now() - VERIFY_PENDING_AFTER_MS - 1_000) });
}

async function cartOf(user: TestUser) {
  const answer = await shop.http.get(`/api/carts/user/${user.id}`).set(user.auth);
  // The spec's cart route answers 404 for an empty cart.
  if (answer.status === 404) return [];
  expect(answer.status).toBe(200);
  return answer.body.data as { product_id: number; quantity: number }[];
}

it('prompts the phone for the total, and an approval on the phone pays the order (webhook)', async () => {
  const user = await createSignedInUser(shop);
  const orderId = await orderOf(user, 1, 1);
  const before = await shop.orm.em.fork().findOneOrFail(Order, { id: orderId });
  const asked = Date.now();
  const started = await payWithMpesa(user, orderId, '0712 345 678');
  expect(started.errors).toEqual([]);
  // Oud Savanna on sale at Ksh 7,200 plus the CBD collection fee of Ksh 120.
  expect(started.charge).toMatchObject({
    orderId,
    amountCents: 732_000,
    displayText: 'Approve Ksh 7,320.00 on your phone',
  });
  const reference = started.charge!.id;
  const transaction = await shop.orm.em.fork().findOneOrFail(Transaction, { reference });
  expect(transaction).toMatchObject({ method: 'mpesa', status: 'pending', amountCents: 732_000 });
  // The hold covers the wait on the phone: never shorter than ten minutes from the charge.
  const held = await shop.orm.em.fork().findOneOrFail(Order, { id: orderId });
  expect(held.reservedUntil.getTime()).toBeGreaterThanOrEqual(before.reservedUntil.getTime());
  // Ten minutes from the charge, which came after `asked` (a second's leeway for PostgreSQL's clock reading).
  expect(held.reservedUntil.getTime()).toBeGreaterThanOrEqual(asked + 10 * 60_000 - 1_000);
  expect((await orderPayment(user, orderId)).data!.orderPayment).toMatchObject({ status: 'pending', reason: null });

  await answerOnPhone(reference, '+254712345678', 'success');
  expect((await orderPayment(user, orderId)).data!.orderPayment).toMatchObject({
    status: 'completed',
    refundDue: false,
    reference,
  });
  expect(await shop.orm.em.fork().findOneOrFail(Order, { id: orderId })).toMatchObject({ paymentStatus: 'completed' });
});

it('a decline on the phone (no webhook) is learnt by verify once the charge is a few seconds old: failed, with the reason', async () => {
  const user = await createSignedInUser(shop);
  const orderId = await orderOf(user, 2, 2);
  const reference = (await payWithMpesa(user, orderId, '+254 722 000 001')).charge!.id;
  await answerOnPhone(reference, '0722000001', 'failed');
  // Young charge: the poll answers from the database without asking Paystack.
  expect((await orderPayment(user, orderId)).data!.orderPayment.status).toBe('pending');
  await age(reference);
  expect((await orderPayment(user, orderId)).data!.orderPayment).toMatchObject({
    status: 'failed',
    reason: 'Declined by the customer',
  });
  expect(await shop.orm.em.fork().findOneOrFail(Order, { id: orderId })).toMatchObject({
    paymentStatus: 'failed',
    status: 'cancelled',
  });
  expect(await cartOf(user)).toEqual([expect.objectContaining({ product_id: 2, quantity: 2 })]);
});

it('refuses a phone that is not a Kenyan mobile with a typed error, and starts nothing', async () => {
  const user = await createSignedInUser(shop);
  const orderId = await orderOf(user, 3, 1);
  for (const phone of ['12345', '+14155550123', '020 2222222', 'x'.repeat(100), '']) {
    const answer = await payWithMpesa(user, orderId, phone);
    expect(answer).toEqual({
      charge: null,
      errors: [{ field: 'phone', code: 'INVALID_PHONE', message: expect.stringContaining('M-Pesa number') }],
    });
  }
  expect(await shop.orm.em.fork().count(Transaction, { order: orderId })).toBe(0);
});

it("refuses someone else's order, an unknown order and a paid one, and shows no stranger its payment", async () => {
  const owner = await createSignedInUser(shop);
  const stranger = await createSignedInUser(shop);
  const orderId = await orderOf(owner, 4, 1);
  const reference = (await payWithMpesa(owner, orderId, '0712345678')).charge!.id;
  expect(await payWithMpesa(stranger, orderId, '0712345678')).toEqual({
    charge: null,
    errors: [{ field: 'orderId', code: 'NOT_FOUND', message: 'Order not found' }],
  });
  expect((await payWithMpesa(owner, 'not-an-id', '0712345678')).errors[0]?.code).toBe('NOT_FOUND');
  expect((await orderPayment(stranger, orderId)).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  expect((await orderPayment(owner, 'nope')).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  await answerOnPhone(reference, '0712345678', 'success');
  expect((await payWithMpesa(owner, orderId, '0712345678')).errors[0]).toMatchObject({
    field: 'orderId',
    code: 'NOT_PAYABLE',
  });
});

it('paying again after a decline (a new order from the refilled cart) succeeds and leaves the cart clean', async () => {
  const user = await createSignedInUser(shop);
  const first = await orderOf(user, 5, 1);
  const declined = (await payWithMpesa(user, first, '0712345678')).charge!.id;
  await answerOnPhone(declined, '0712345678', 'failed');
  await age(declined);
  expect((await orderPayment(user, first)).data!.orderPayment.status).toBe('failed');
  expect(await cartOf(user)).toEqual([expect.objectContaining({ product_id: 5, quantity: 1 })]);
  // Try again: the checkout places the refilled cart as a new order and prompts the phone again.
  const second = (await placeOrderFor(shop, user, [])).id;
  const approved = (await payWithMpesa(user, second, '0712345678')).charge!.id;
  await answerOnPhone(approved, '0712345678', 'success');
  expect((await orderPayment(user, second)).data!.orderPayment.status).toBe('completed');
  expect(await cartOf(user)).toEqual([]);
});

it('keeps a charge pending while the prompt waits, once verify is asked too', async () => {
  const user = await createSignedInUser(shop);
  const orderId = await orderOf(user, 6, 1);
  const reference = (await payWithMpesa(user, orderId, '0712345678')).charge!.id;
  await age(reference);
  // Still pending on the phone: verify answers pending, and the poll says so.
  expect((await orderPayment(user, orderId)).data!.orderPayment.status).toBe('pending');
  expect(await shop.orm.em.fork().findOneOrFail(Transaction, { reference })).toMatchObject({ status: 'pending' });
});
