import { Order } from '../../orders/order.entity';
import { Product } from '../../catalog/product.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { placeOrderFor, startPayment } from '../../../../test/checkout';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

/** A shopper's unpaid order of one product and the stand-in's page for paying it. */
async function startedPayment(user: TestUser, productId: number) {
  await shop.orm.em.fork().nativeUpdate(Product, { id: productId }, { quantity: 20 });
  await shop.catalogueChanged();
  const orderId = (await placeOrderFor(shop, user, [[productId, 2]])).id;
  const { authorization_url: authorizationUrl, reference } = await startPayment(shop, user, orderId);
  return { orderId, reference, payPath: new URL(authorizationUrl).pathname };
}

/**
 * The shopper's browser back on the shop's callback: the shop asks the stand-in (verify) how the payment ended.
 * A decline sends no webhook (Paystack has no failure event), so this is how the shop learns of it.
 */
async function returnToCallback(user: TestUser, reference: string) {
  const answer = await shop.http
    .post('/graphql')
    .set(user.auth)
    .send({ query: `mutation { verifyPayment(reference: "${reference}") { status order { id paymentStatus } } }` });
  return answer.body.data.verifyPayment as { status: string; order: { paymentStatus: string } };
}

/** What a payment can change: the order's state and the product's stock. */
async function stateOf(orderId: string, productId: number) {
  const em = shop.orm.em.fork();
  const order = await em.findOneOrFail(Order, { id: orderId });
  const product = await em.findOneOrFail(Product, { id: productId });
  return { status: order.status, paymentStatus: order.paymentStatus, stock: product.quantity };
}

it('without a Paystack key, the stand-in takes the whole journey: page, Pay, signed webhook, callback', async () => {
  const user = await createSignedInUser(shop);
  const orderId = (await placeOrderFor(shop, user, [[1, 1]])).id;
  const payPath = new URL((await startPayment(shop, user, orderId)).authorization_url).pathname;
  const page = await shop.http.get(payPath).expect(200);
  expect(page.text).toContain('Payment simulator');
  // Oud Savanna on sale at Ksh 7,200 plus the CBD collection fee of Ksh 120.
  expect(page.text).toContain('Ksh 7,320.00');
  // Plain HTML that posts back: nothing for a Content-Security-Policy without 'unsafe-inline' scripts to block.
  expect(page.text).not.toMatch(/<script|\son[a-z]+=/i);
  expect(page.headers['cache-control']).toBe('no-store');
  const paid = await shop.http.post(payPath).type('form').send({ outcome: 'success' }).expect(303);
  expect(paid.headers.location).toMatch(/\/checkout\/callback\?reference=MK-/);
  // The signed webhook went through the real webhook route.
  expect((await shop.orm.em.fork().findOneOrFail(Order, { id: orderId })).paymentStatus).toBe('completed');
  const reference = new URL(paid.headers.location ?? '').searchParams.get('reference');
  const verified = await shop.http
    .post('/graphql')
    .set(user.auth)
    .send({ query: `mutation { verifyPayment(reference: "${reference}") { status order { id paymentStatus } } }` });
  expect(verified.body.data.verifyPayment).toMatchObject({
    status: 'completed',
    order: { paymentStatus: 'completed' },
  });
});

describe('the pay page acts only for the shopper who started the payment', () => {
  it('is reached by a random access code, not by the payment reference', async () => {
    const { reference, payPath } = await startedPayment(await createSignedInUser(shop), 2);
    const accessCode = payPath.split('/').pop()!;
    expect(accessCode).not.toContain(reference);
    expect(accessCode.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses strangers — by reference, with a wrong code, signed out or signed in as someone else — and changes nothing', async () => {
    const shopper = await createSignedInUser(shop);
    const stranger = await createSignedInUser(shop);
    const { orderId, reference, payPath } = await startedPayment(shopper, 3);
    const before = await stateOf(orderId, 3);
    expect(before).toMatchObject({ status: 'pending', paymentStatus: 'pending', stock: 18 });
    const accessCode = payPath.split('/').pop()!;
    const strangersPaths = [
      // The reference is in the shopper's callback address and the shop's logs: it opens nothing.
      `/paystack-simulator/pay/${reference}`,
      `/paystack-simulator/pay/${accessCode.slice(0, -1)}${accessCode.endsWith('A') ? 'B' : 'A'}`,
      '/paystack-simulator/pay/x',
    ];
    for (const path of strangersPaths) {
      for (const auth of [{}, stranger.auth, shopper.auth]) {
        const page = await shop.http.get(path).set(auth).expect(404);
        expect(page.text).toContain('This payment link is not valid or has already been used.');
        for (const outcome of ['failed', 'success']) {
          const answer = await shop.http.post(path).set(auth).type('form').send({ outcome }).expect(404);
          expect(answer.text).toContain('Nothing was paid or changed.');
        }
      }
    }
    expect(await stateOf(orderId, 3)).toEqual(before);
    // The shopper's own link still works afterwards.
    await shop.http.post(payPath).type('form').send({ outcome: 'failed' }).expect(303);
    expect(await returnToCallback(shopper, reference)).toMatchObject({ status: 'failed' });
    expect(await stateOf(orderId, 3)).toEqual({ status: 'cancelled', paymentStatus: 'failed', stock: 20 });
  });

  it('uses the code once: a second Pay after a Decline, or a page reload, is refused and changes nothing', async () => {
    const user = await createSignedInUser(shop);
    const { orderId, reference, payPath } = await startedPayment(user, 4);
    await shop.http.post(payPath).type('form').send({ outcome: 'failed' }).expect(303);
    // No webhook for a decline: the order changes when the shopper is back on the callback.
    expect(await stateOf(orderId, 4)).toEqual({ status: 'pending', paymentStatus: 'pending', stock: 18 });
    await returnToCallback(user, reference);
    const declined = await stateOf(orderId, 4);
    expect(declined).toEqual({ status: 'cancelled', paymentStatus: 'failed', stock: 20 });
    await shop.http.get(payPath).expect(404);
    const again = await shop.http.post(payPath).set(user.auth).type('form').send({ outcome: 'success' }).expect(404);
    expect(again.text).toContain('This payment link is not valid or has already been used.');
    expect(await stateOf(orderId, 4)).toEqual(declined);
  });

  it('lets one of many parallel uses of the same code act', async () => {
    const user = await createSignedInUser(shop);
    const { orderId, reference, payPath } = await startedPayment(user, 5);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        shop.http
          .post(payPath)
          .type('form')
          .send({ outcome: index % 2 === 0 ? 'failed' : 'success' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 404, 404, 404, 404, 404, 404, 404]);
    const winner = answers.find((answer) => answer.status === 303)!;
    const paid = answers.indexOf(winner) % 2 === 1;
    await returnToCallback(user, reference);
    expect(await stateOf(orderId, 5)).toEqual(
      paid
        ? { status: 'pending', paymentStatus: 'completed', stock: 18 }
        : { status: 'cancelled', paymentStatus: 'failed', stock: 20 },
    );
  });
});
