import { Order } from '../order.entity';
import { Transaction } from '../../payments/transaction.entity';
import { fillCart, setStock } from '../../../../test/checkout';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';

/**
 * A client written to SPEC.md checks out over REST (issue 24, decision 0080): POST /api/orders/create with exactly
 * the spec's order creation payload, then POST /api/paystack/initialize with exactly {email, amount, currency}, the
 * browser pays on the Paystack stand-in, and the callback's verify finds the order paid. Refusals name the fields
 * the REST body spells. Cedar Ridge (product 2) is Ksh 4,200: two of them, 8,400, stay under free delivery.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  await setStock(shop, [2, 5], 1000);
});
afterAll(() => shop.close());

/** The spec's order creation payload, every field and no other, as its checkout sends it. */
function specOrderPayload(user: TestUser, fields: Partial<Record<string, unknown>> = {}) {
  return {
    user_id: user.id,
    items: [{ pid: '2', quantity: '2' }],
    total_amount: 8520,
    shipping_fee: 120,
    shipping_address: 'Kenyatta Avenue',
    shipping_city: 'Nairobi',
    shipping_postal_code: '00100',
    recipient_name: 'Achieng Odhiambo',
    recipient_email: 'achieng@example.co.ke',
    recipient_phone: '0712 345 678',
    payment_method: 'card',
    payment_status: 'pending',
    currency: 'KES',
    ...fields,
  };
}

const createOrder = (user: TestUser, body: object) => shop.http.post('/api/orders/create').set(user.auth).send(body);
const initialize = (user: TestUser, body: object) =>
  shop.http.post('/api/paystack/initialize').set(user.auth).send(body);

async function shopperWithCart(lines: [number, number][] = [[2, 2]]): Promise<TestUser> {
  const user = await createSignedInUser(shop);
  await fillCart(shop, user, lines);
  return user;
}

const transactionsOf = (orderId: string) => shop.orm.em.fork().count(Transaction, { order: orderId });

describe("the spec's checkout, exactly as the spec writes it", () => {
  // The spec sends the method as 'm-Pesa' or 'card'; the hosted page offers the order's method.
  it.each([
    ['card', 'card'],
    ['m-Pesa', 'mpesa'],
  ])(
    'with payment_method %s: creates the order, initializes with {email, amount, currency}, pays on the stand-in and verifies',
    async (sent, stored) => {
      const user = await shopperWithCart();
      const created = await createOrder(user, specOrderPayload(user, { payment_method: sent })).expect(201);
      expect(created.body).toMatchObject({ success: true, data: { order: { id: expect.any(String) } } });
      const order = created.body.data.order;
      // The location whose fee the payload carries (Ksh 120: the CBD collection point); the server's figures.
      expect(order).toMatchObject({
        delivery_location: 'CBD collection point at a mall',
        shipping_fee: 120,
        total_amount: 8520,
        payment_status: 'pending',
        payment_method: stored,
      });

      const started = await initialize(user, { email: 'achieng@example.co.ke', amount: 8520, currency: 'KES' }).expect(
        200,
      );
      expect(started.body).toMatchObject({ success: true, data: { authorization_url: expect.any(String) } });
      const { authorization_url: authorizationUrl, reference } = started.body.data;

      // The browser goes to the authorization address and pays; the stand-in redirects to the shop's callback.
      const paid = await shop.http.post(new URL(authorizationUrl).pathname).type('form').send({ outcome: 'success' });
      expect(paid.status).toBe(303);
      expect(new URL(paid.headers.location!).searchParams.get('reference')).toBe(reference);

      // The callback page's verify, then the spec's own order list, see the order paid.
      const verified = await shop.http
        .post('/graphql')
        .set(user.auth)
        .send({
          query: 'mutation ($reference: String!) { verifyPayment(reference: $reference) { status order { id } } }',
          variables: { reference },
        })
        .expect(200);
      expect(verified.body.data.verifyPayment).toEqual({ status: 'completed', order: { id: order.id } });
      const mine = await shop.http.get(`/api/orders/user/${user.id}`).set(user.auth).expect(200);
      expect(mine.body.data).toEqual([expect.objectContaining({ id: order.id, payment_status: 'completed' })]);
      // Paystack was asked for the server's total, in cents of KES.
      const [transaction] = await shop.orm.em.fork().find(Transaction, { order: order.id });
      expect(transaction).toMatchObject({ reference, amountCents: 852_000, currency: 'KES' });
    },
  );

  it('pays the newest unpaid order of that amount when the shopper has several', async () => {
    const user = await shopperWithCart([[2, 1]]);
    const small = (await createOrder(user, specOrderPayload(user)).expect(201)).body.data.order;
    await fillCart(shop, user, [[2, 2]]);
    const large = (await createOrder(user, specOrderPayload(user)).expect(201)).body.data.order;
    expect([small.total_amount, large.total_amount]).toEqual([4320, 8520]);
    await initialize(user, { email: user.email, amount: 4320, currency: 'KES' }).expect(200);
    expect([await transactionsOf(small.id), await transactionsOf(large.id)]).toEqual([1, 0]);
  });

  it('still takes the extended bodies: delivery_location_id, the location by name, and order_id', async () => {
    const user = await shopperWithCart();
    const byId = await createOrder(user, specOrderPayload(user, { delivery_location_id: 4 })).expect(201);
    expect(byId.body.data.order).toMatchObject({ delivery_location: 'Outside Nairobi', shipping_fee: 550 });
    await initialize(user, { order_id: byId.body.data.order.id }).expect(200);

    await fillCart(shop, user, [[2, 2]]);
    const byName = await createOrder(
      user,
      specOrderPayload(user, { delivery_location: '  doorstep: kilimani, kileleshwa,  lavington ' }),
    ).expect(201);
    expect(byName.body.data.order).toMatchObject({ shipping_fee: 200, total_amount: 8600 });
    // An order_id with the amount: both must agree.
    await initialize(user, { order_id: byName.body.data.order.id, amount: 8600, currency: 'KES' }).expect(200);
  });
});

it("finds the location by the spec's shipping_fee for one statement more than naming its id", async () => {
  const statementsOf = async (fields: object) => {
    const user = await shopperWithCart();
    const { result, statements } = await shop.statements.measure(() =>
      createOrder(user, specOrderPayload(user, fields)),
    );
    expect(result.status).toBe(201);
    return statements;
  };
  const byId = await statementsOf({ delivery_location_id: 1 });
  expect(await statementsOf({})).toBe(byId + 1);
});

describe('refusals name the REST fields', () => {
  it.each([
    ['no location, no fee', { shipping_fee: undefined }, 'delivery_location_id', 'Select Delivery Location'],
    ['a fee no location has', { shipping_fee: 999 }, 'delivery_location_id', 'Select Delivery Location'],
    ['a fee of 0 (free delivery names no location)', { shipping_fee: 0 }, 'delivery_location_id', undefined],
    ['an unknown location name', { delivery_location: 'Mombasa' }, 'delivery_location', undefined],
    ['an unknown location id', { delivery_location_id: 999 }, 'delivery_location_id', undefined],
    ['a location id in an array', { delivery_location_id: [1] }, 'delivery_location_id', 'Select Delivery Location'],
    ['a location id of true', { delivery_location_id: true }, 'delivery_location_id', 'Select Delivery Location'],
    ['no recipient phone', { recipient_phone: '' }, 'recipient_phone', 'Please fill in all fields'],
    ['a phone that is not Kenyan', { recipient_phone: '+44 20 7946 0958' }, 'recipient_phone', undefined],
    ['a bad e-mail', { recipient_email: 'achieng' }, 'recipient_email', undefined],
    ['no city', { shipping_city: ' ' }, 'shipping_city', 'Please fill in all fields'],
    ['an unknown payment method', { payment_method: 'bitcoin' }, 'payment_method', undefined],
  ])('order with %s: 400 naming the REST field', async (_case, fields, field, message) => {
    const user = await shopperWithCart();
    const answer = await createOrder(user, specOrderPayload(user, fields)).expect(400);
    expect(answer.body).toMatchObject({ success: false, errors: [{ field }] });
    if (message) expect(answer.body.errors[0].message).toBe(message);
    expect(JSON.stringify(answer.body)).not.toMatch(/deliveryLocationId|postalCode|"phone"|paymentMethod/);
  });

  it('takes an order without a postal code (issue 26: few Kenyan addresses have one)', async () => {
    const user = await shopperWithCart();
    const answer = await createOrder(user, specOrderPayload(user, { shipping_postal_code: ' ' })).expect(201);
    const order = await shop.orm.em.fork().findOneOrFail(Order, { id: answer.body.data.order.id });
    expect(order.shippingPostalCode).toBe('');
  });

  it('refuses an amount that is not the total, naming amount and the server’s total; nothing is started', async () => {
    const user = await shopperWithCart();
    const order = (await createOrder(user, specOrderPayload(user)).expect(201)).body.data.order;
    const other = await initialize(user, { email: user.email, amount: 8000, currency: 'KES' }).expect(400);
    expect(other.body).toMatchObject({
      success: false,
      errors: [{ field: 'amount', code: 'INVALID', message: expect.stringContaining('Ksh 8,520.00') }],
    });
    const inCents = await initialize(user, { email: user.email, amount: 852_000, currency: 'KES' }).expect(400);
    expect(inCents.body.errors[0].message).toContain('in shillings, not cents');
    const named = await initialize(user, { order_id: order.id, amount: 8000, currency: 'KES' }).expect(400);
    expect(named.body.errors).toEqual([expect.objectContaining({ field: 'amount' })]);
    expect(await transactionsOf(order.id)).toBe(0);
  });

  it.each([
    ['another currency', { amount: 8520, currency: 'USD' }, 400, 'currency'],
    ['an amount that is not money', { amount: 'lots', currency: 'KES' }, 400, 'amount'],
    ['a zero amount', { amount: 0, currency: 'KES' }, 400, 'amount'],
    ['neither amount nor order', { currency: 'KES' }, 404, undefined],
  ])('initialize with %s', async (_case, body, status, field) => {
    const user = await shopperWithCart();
    await createOrder(user, specOrderPayload(user)).expect(201);
    const answer = await initialize(user, { email: user.email, ...body }).expect(status);
    expect(answer.body.success).toBe(false);
    if (field) expect(answer.body.errors).toEqual([expect.objectContaining({ field })]);
  });

  it('answers 404 naming order_id when the shopper has no unpaid order', async () => {
    const user = await createSignedInUser(shop);
    const answer = await initialize(user, { email: user.email, amount: 8520, currency: 'KES' }).expect(404);
    expect(answer.body).toMatchObject({ success: false, errors: [{ field: 'order_id', code: 'NOT_FOUND' }] });
  });
});
