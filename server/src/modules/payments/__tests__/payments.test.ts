import { Order } from '../../orders/order.entity';
import { Product } from '../../catalog/product.entity';
import { Transaction } from '../transaction.entity';
import { paystackSignature } from '../paystack-client';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { startPaystackServer } from '../../../../test/paystack-server';
import { placeOrderFor, sendPaystackEvent, startPayment } from '../../../../test/checkout';
import { releaseExpiredReservations } from '../../orders/orders.service';

const secretKey = 'sk_test_manukato_secret';
let shop: TestShop;
let paystack: Awaited<ReturnType<typeof startPaystackServer>>;

beforeAll(async () => {
  paystack = await startPaystackServer(secretKey);
  shop = await startTestShop({
    env: { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: paystack.url, PUBLIC_URL: 'https://shop.example' },
  });
});
afterAll(async () => {
  await shop.close();
  await paystack.close();
});

async function orderFor(
  user: TestUser,
  productId: number,
  quantity: number,
  method = 'mpesa',
): Promise<{ id: string; totalCents: number }> {
  await shop.orm.em.fork().nativeUpdate(Product, { id: productId }, { quantity: 50 });
  await shop.catalogueChanged();
  const created = await placeOrderFor(shop, user, [[productId, quantity]], {
    recipient_email: 'baraka@example.co.ke',
    payment_method: method,
  });
  const order = await shop.orm.em.fork().findOneOrFail(Order, { id: created.id });
  return { id: order.id, totalCents: order.totalCents };
}

async function initialize(user: TestUser, orderId: string): Promise<string> {
  const payment = await startPayment(shop, user, orderId);
  expect(payment.authorization_url).toMatch(/^https:\/\/checkout\.paystack\.test\//);
  return payment.reference;
}

function webhook(body: unknown, signature?: string) {
  return sendPaystackEvent(shop, secretKey, body, signature);
}

async function orderState(id: string) {
  return shop.orm.em.fork().findOneOrFail(Order, { id });
}

describe('Paystack', () => {
  it('initializes with the total in minor units, KES, the chosen channel and the callback', async () => {
    const user = await createSignedInUser(shop);
    const order = await orderFor(user, 1, 1, 'card');
    const reference = await initialize(user, order.id);
    const call = paystack.initialized.find((entry) => entry.body.reference === reference)!;
    expect(call.body).toMatchObject({
      amount: order.totalCents,
      currency: 'KES',
      email: 'baraka@example.co.ke',
      channels: ['card'],
      callback_url: 'https://shop.example/checkout/callback',
      metadata: { order_id: order.id },
    });
    const mpesa = await orderFor(user, 2, 1);
    const mpesaReference = await initialize(user, mpesa.id);
    expect(paystack.initialized.find((entry) => entry.body.reference === mpesaReference)!.body.channels).toEqual([
      'mobile_money',
    ]);
  });

  it('offers the card on the hosted page when the shopper turns to card after an M-Pesa prompt on the same order', async () => {
    const user = await createSignedInUser(shop);
    const order = await orderFor(user, 4, 1, 'mpesa');
    const charged = await shop.http
      .post('/graphql')
      .set(user.auth)
      .send({
        query: `mutation ($orderId: ID!, $phone: String!) { payWithMpesa(orderId: $orderId, phone: $phone) { charge { id } errors { code } } }`,
        variables: { orderId: order.id, phone: '0712345678' },
      });
    expect(charged.body.data.payWithMpesa.charge).not.toBeNull();
    // The prompt timed out; the shopper picks "Pay with card instead" for the same, still payable order.
    const answer = await shop.http
      .post('/graphql')
      .set(user.auth)
      .send({
        query: `mutation ($orderId: ID!, $method: String) { initializePayment(orderId: $orderId, method: $method) { reference errors { field code } } }`,
        variables: { orderId: order.id, method: 'card' },
      });
    const { reference, errors } = answer.body.data.initializePayment;
    expect(errors).toEqual([]);
    expect(paystack.initialized.find((entry) => entry.body.reference === reference)!.body.channels).toEqual(['card']);
    expect((await shop.orm.em.fork().findOneOrFail(Transaction, { reference })).method).toBe('card');
    // Over REST too, and a method that is neither card nor M-Pesa is refused as data, not a 500.
    const rest = await shop.http
      .post('/api/paystack/initialize')
      .set(user.auth)
      .send({ order_id: order.id, method: 'card' })
      .expect(200);
    expect(
      paystack.initialized.find((entry) => entry.body.reference === rest.body.data.reference)!.body.channels,
    ).toEqual(['card']);
    const bad = await shop.http
      .post('/graphql')
      .set(user.auth)
      .send({
        query: `mutation ($orderId: ID!, $method: String) { initializePayment(orderId: $orderId, method: $method) { reference errors { field code } } }`,
        variables: { orderId: order.id, method: 'cash' },
      });
    expect(bad.body.data.initializePayment).toEqual({
      reference: null,
      errors: [{ field: 'method', code: 'INVALID' }],
    });
  });

  it('refuses a webhook with a bad signature with 401 and changes nothing', async () => {
    const user = await createSignedInUser(shop);
    const order = await orderFor(user, 3, 1);
    const reference = await initialize(user, order.id);
    const body = {
      event: 'charge.success',
      data: { reference, status: 'success', amount: order.totalCents, currency: 'KES' },
    };
    await webhook(body, 'a'.repeat(128)).expect(401);
    await webhook(body, paystackSignature('another-secret', JSON.stringify(body))).expect(401);
    expect((await orderState(order.id)).paymentStatus).toBe('pending');
  });

  it('pays the order on charge.success, and the same event twice changes things once', async () => {
    const user = await createSignedInUser(shop);
    const order = await orderFor(user, 4, 2);
    const reference = await initialize(user, order.id);
    const body = {
      event: 'charge.success',
      data: { reference, status: 'success', amount: order.totalCents, currency: 'KES' },
    };
    await webhook(body).expect(200);
    const paid = await orderState(order.id);
    expect(paid.paymentStatus).toBe('completed');
    await webhook(body).expect(200);
    const again = await orderState(order.id);
    expect(again.paidAt?.toISOString()).toBe(paid.paidAt?.toISOString());
    const transaction = await shop.orm.em.fork().findOneOrFail(Transaction, { reference });
    expect(transaction.status).toBe('completed');
  });

  it('does not pay, and flags, when the amount or currency does not match', async () => {
    const user = await createSignedInUser(shop);
    const order = await orderFor(user, 5, 1);
    const reference = await initialize(user, order.id);
    await webhook({
      event: 'charge.success',
      data: { reference, status: 'success', amount: order.totalCents - 100, currency: 'KES' },
    }).expect(200);
    expect((await orderState(order.id)).paymentStatus).toBe('pending');
    const transaction = await shop.orm.em.fork().findOneOrFail(Transaction, { reference });
    expect(transaction.flagReason).toMatch(/reported/);
  });

  it('verifies on return: success pays, failure gives the stock back', async () => {
    const user = await createSignedInUser(shop);
    const paidOrder = await orderFor(user, 6, 1);
    const paidReference = await initialize(user, paidOrder.id);
    paystack.settle(paidReference, { status: 'success' });
    const verifyMutation =
      'mutation ($reference: String!) { verifyPayment(reference: $reference) { status order { id paymentStatus } errors { code message } } }';
    const paid = await shop.http
      .post('/graphql')
      .set(user.auth)
      .send({ query: verifyMutation, variables: { reference: paidReference } });
    expect(paid.body.data.verifyPayment).toMatchObject({ status: 'completed', order: { paymentStatus: 'completed' } });

    const failedOrder = await orderFor(user, 9, 3);
    const stockBefore = (await shop.orm.em.fork().findOneOrFail(Product, { id: 9 })).quantity;
    const failedReference = await initialize(user, failedOrder.id);
    paystack.settle(failedReference, { status: 'failed' });
    const failed = await shop.http
      .post('/graphql')
      .set(user.auth)
      .send({ query: verifyMutation, variables: { reference: failedReference } });
    expect(failed.body.data.verifyPayment).toMatchObject({ status: 'failed', order: { paymentStatus: 'failed' } });
    expect((await shop.orm.em.fork().findOneOrFail(Product, { id: 9 })).quantity).toBe(stockBefore + 3);
    // The declined order's items are back in the cart, to try again.
    const cart = await shop.http.get(`/api/carts/user/${user.id}`).set(user.auth).expect(200);
    expect(cart.body.data).toEqual([expect.objectContaining({ product_id: 9, quantity: 3 })]);
    const other = await createSignedInUser(shop);
    const foreign = await shop.http
      .post('/graphql')
      .set(other.auth)
      .send({ query: verifyMutation, variables: { reference: paidReference } });
    expect(foreign.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('a payment after the hold ran out takes the stock again, or is flagged for a refund when it is gone', async () => {
    const user = await createSignedInUser(shop);
    const later = new Date(Date.now() + 31 * 60_000);
    const settle = async (orderId: string, totalCents: number) => {
      const reference = await initialize(user, orderId);
      await releaseExpiredReservations(shop.orm.em.fork(), later);
      await webhook({
        event: 'charge.success',
        data: { reference, status: 'success', amount: totalCents, currency: 'KES' },
      }).expect(200);
      return reference;
    };
    const lucky = await orderFor(user, 10, 2);
    const stock = (await shop.orm.em.fork().findOneOrFail(Product, { id: 10 })).quantity;
    await settle(lucky.id, lucky.totalCents);
    expect(await orderState(lucky.id)).toMatchObject({
      paymentStatus: 'completed',
      status: 'pending',
      stockReleasedAt: null,
    });
    expect((await shop.orm.em.fork().findOneOrFail(Product, { id: 10 })).quantity).toBe(stock);

    const unlucky = await orderFor(user, 11, 2);
    const reference = await initialize(user, unlucky.id);
    await releaseExpiredReservations(shop.orm.em.fork(), later);
    await shop.orm.em.fork().nativeUpdate(Product, { id: 11 }, { quantity: 0 });
    await webhook({
      event: 'charge.success',
      data: { reference, status: 'success', amount: unlucky.totalCents, currency: 'KES' },
    }).expect(200);
    expect(await orderState(unlucky.id)).toMatchObject({ paymentStatus: 'completed', status: 'cancelled' });
    expect((await shop.orm.em.fork().findOneOrFail(Transaction, { reference })).flagReason).toMatch(/refund/);
    expect((await shop.orm.em.fork().findOneOrFail(Product, { id: 11 })).quantity).toBe(0);
  });

  it('flags a second successful charge for an order already paid, and keeps a late success after abandoned', async () => {
    const user = await createSignedInUser(shop);
    const order = await orderFor(user, 12, 1);
    const first = await initialize(user, order.id);
    const second = await initialize(user, order.id);
    const success = (reference: string) => ({
      event: 'charge.success',
      data: { reference, status: 'success', amount: order.totalCents, currency: 'KES' },
    });
    await webhook(success(first)).expect(200);
    await webhook(success(second)).expect(200);
    const duplicate = await shop.orm.em.fork().findOneOrFail(Transaction, { reference: second });
    expect(duplicate).toMatchObject({
      status: 'completed',
      flagReason: 'Duplicate payment for an order already paid: refund needed',
    });

    const later = await orderFor(user, 13, 1);
    const reference = await initialize(user, later.id);
    paystack.settle(reference, { status: 'abandoned' });
    const verifyMutation =
      'mutation ($reference: String!) { verifyPayment(reference: $reference) { status order { id paymentStatus status } } }';
    const pending = await shop.http
      .post('/graphql')
      .set(user.auth)
      .send({ query: verifyMutation, variables: { reference } });
    expect(pending.body.data.verifyPayment).toMatchObject({
      status: 'pending',
      order: { paymentStatus: 'pending', status: 'pending' },
    });
    await webhook(
      success(reference).data.reference === reference
        ? { event: 'charge.success', data: { reference, status: 'success', amount: later.totalCents, currency: 'KES' } }
        : {},
    ).expect(200);
    expect(await orderState(later.id)).toMatchObject({ paymentStatus: 'completed', status: 'pending' });
  });

  it('answers 404, not 500, for an order id shaped like a uuid that is not one', async () => {
    const user = await createSignedInUser(shop);
    await shop.http
      .post('/api/paystack/initialize')
      .set(user.auth)
      .send({ order_id: '-'.repeat(36) })
      .expect(404);
  });

  it('a success after a failure pays the order and takes back out of the cart what the failure had put in', async () => {
    const user = await createSignedInUser(shop);
    const order = await orderFor(user, 14, 2);
    const reference = await initialize(user, order.id);
    paystack.settle(reference, { status: 'failed' });
    const verifyMutation = 'mutation ($reference: String!) { verifyPayment(reference: $reference) { status } }';
    await shop.http.post('/graphql').set(user.auth).send({ query: verifyMutation, variables: { reference } });
    const refilled = await shop.http.get(`/api/carts/user/${user.id}`).set(user.auth).expect(200);
    expect(refilled.body.data).toEqual([expect.objectContaining({ product_id: 14, quantity: 2 })]);
    // The shopper also put something else in the cart meanwhile: that stays.
    await shop.orm.em.fork().nativeUpdate(Product, { id: 15 }, { quantity: 50 });
    await shop.catalogueChanged();
    await shop.http.post('/api/carts/add').set(user.auth).send({ product_id: 15, quantity: 1 }).expect(201);
    await webhook({
      event: 'charge.success',
      data: { reference, status: 'success', amount: order.totalCents, currency: 'KES' },
    }).expect(200);
    expect(await orderState(order.id)).toMatchObject({ paymentStatus: 'completed', status: 'pending' });
    const cart = await shop.http.get(`/api/carts/user/${user.id}`).set(user.auth).expect(200);
    expect(cart.body.data).toEqual([expect.objectContaining({ product_id: 15, quantity: 1 })]);
  });
});
