import { UserRole } from '../../accounts/user.entity';
import { releaseExpiredReservations } from '../orders.service';
import { shopSettingsOf } from '../../../config/config';
import { paystackSimulatorKey } from '../../payments/paystack-stand-in/key';
import { createPaystackClient } from '../../payments/paystack-client';
import { reconcilePendingPayments, type ReconcileOptions } from '../../payments/reconcile-payments';
import { Transaction } from '../../payments/transaction.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { checkoutForm, fillCart, setStock, stockOf } from '../../../../test/checkout';

// Issue 26: pay on delivery. The owner switches it on per delivery location with a maximum order total (the sample
// Nairobi locations, up to Ksh 20,000); the order is placed unpaid and holds its stock until delivered or
// cancelled; at the door an admin prompts the recipient's phone through Paystack (the stand-in here) or records cash.
let shop: TestShop;
let other: TestShop;
let admin: TestUser;
beforeAll(async () => {
  shop = await startTestShop();
  // A second instance on the same database: the owner's switch made on one holds on the other.
  other = await startTestShop({ shareDatabaseOf: shop });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
});
afterAll(async () => {
  await other.close();
  await shop.close();
});
beforeEach(() => shop.orm.em.fork().getConnection().execute('delete from rate_limits'));

const kilimani = 2;
const outsideNairobi = 4;

async function graphql<T = Record<string, unknown>>(
  user: TestUser | null,
  query: string,
  variables: Record<string, unknown> = {},
  on: TestShop = shop,
): Promise<{ data: T; errors?: { message: string; extensions: { code: string } }[] }> {
  const request = on.http.post('/graphql').send({ query, variables });
  const answer = await (user ? request.set(user.auth) : request).expect(200);
  return answer.body;
}

/** The shopper's cart of one product 1 (priced by the server), placed with this method and location over REST. */
interface Placing {
  location?: number;
  on?: TestShop;
  status?: number;
}

async function placeWith(user: TestUser, method: string, placing: Placing = {}) {
  await fillCart(placing.on ?? shop, user, [[1, 1]]);
  return checkOut(user, method, placing);
}

/** The cart as it is, placed over REST. */
function checkOut(user: TestUser, method: string, { location = kilimani, on = shop, status = 201 }: Placing = {}) {
  return on.http
    .post('/api/orders/create')
    .set(user.auth)
    .send({ ...checkoutForm, delivery_location_id: location, payment_method: method })
    .expect(status);
}

const orderQuery = `query { myOrders { id status paymentState paymentMethod totalCents cashReceivedAt cashReceivedBy } }`;
async function myOrder(user: TestUser, id: string) {
  const { data } = await graphql<{ myOrders: Record<string, unknown>[] }>(user, orderQuery);
  return data.myOrders.find((order) => order.id === id)!;
}

const setTerms = `mutation ($id: Int!, $input: PayOnDeliveryInput!) {
  setPayOnDelivery(id: $id, input: $input) { location { id payOnDelivery payOnDeliveryMaxCents } errors { field code message } }
}`;
const recordCash = `mutation ($orderId: ID!) {
  recordCashPayment(orderId: $orderId) {
    order { id paymentStatus paymentState cashReceivedAt cashReceivedBy } errors { field code message }
  }
}`;
const requestAtDoor = `mutation ($orderId: ID!, $phone: String) {
  requestDeliveryPayment(orderId: $orderId, phone: $phone) { charge { id amountCents } errors { field code message } }
}`;

async function jobsFor(orderPhone: string): Promise<{ channel: string; body: string }[]> {
  return shop.orm.em
    .fork()
    .getConnection()
    .execute('select channel, body from notification_jobs where recipient in (?, ?) order by id', [
      orderPhone,
      checkoutForm.recipient_email,
    ]);
}

beforeAll(async () => {
  await setStock(shop, [1], 1_000);
});

it('starts on for the sample Nairobi locations up to Ksh 20,000, and off outside Nairobi', async () => {
  const { data } = await graphql<{
    deliveryLocations: { id: number; payOnDelivery: boolean; payOnDeliveryMaxCents: number }[];
  }>(null, '{ deliveryLocations { id payOnDelivery payOnDeliveryMaxCents } }');
  expect(data.deliveryLocations.map((location) => [location.id, location.payOnDelivery])).toEqual([
    [1, true],
    [2, true],
    [3, true],
    [4, false],
  ]);
  expect(new Set(data.deliveryLocations.map((location) => location.payOnDeliveryMaxCents))).toEqual(
    new Set([2_000_000]),
  );
});

it('places the order unpaid, "to collect", takes its stock, and confirms it with the amount to have ready', async () => {
  const shopper = await createSignedInUser(shop);
  const before = await stockOf(shop, 1);
  await shop.orm.em.fork().getConnection().execute('delete from notification_jobs');
  const placed = await placeWith(shopper, 'on_delivery');
  const order = placed.body.data.order;
  expect([order.payment_method, order.payment_status, order.status]).toEqual(['on_delivery', 'pending', 'pending']);
  expect(await stockOf(shop, 1)).toBe(before - 1);
  expect(await myOrder(shopper, order.id)).toMatchObject({ paymentState: 'to_collect', paymentMethod: 'on_delivery' });
  const jobs = await jobsFor('+254712345678');
  expect(jobs.map((job) => job.channel).sort()).toEqual(['email', 'sms']);
  const total = `Ksh ${order.total_amount.toLocaleString('en-KE', { minimumFractionDigits: 2 })}`;
  expect(jobs.find((job) => job.channel === 'sms')!.body).toContain(`Pay ${total} at the door`);
  expect(jobs.find((job) => job.channel === 'email')!.body).toContain(
    `You pay ${total} at the door, by M-Pesa or cash.`,
  );
});

it('holds its stock past the unpaid-order timer, until it is delivered or cancelled', async () => {
  const shopper = await createSignedInUser(shop);
  const onDelivery = (await placeWith(shopper, 'on_delivery')).body.data.order;
  const byMpesa = (await placeWith(shopper, 'mpesa')).body.data.order;
  const held = await stockOf(shop, 1);

  // A day later the timer runs: the unpaid M-Pesa order is given up, the order paid on delivery is not.
  await releaseExpiredReservations(shop.orm.em.fork(), new Date(Date.now() + 86_400_000));
  expect(await myOrder(shopper, byMpesa.id)).toMatchObject({ status: 'cancelled', paymentState: 'failed' });
  expect(await myOrder(shopper, onDelivery.id)).toMatchObject({ status: 'pending', paymentState: 'to_collect' });
  expect(await stockOf(shop, 1)).toBe(held + 1);

  // Cancelled by the shop: now its stock goes back.
  const cancel = `mutation ($id: ID!) { updateOrderStatus(id: $id, status: "cancelled") { order { id status } errors { code } } }`;
  await graphql(admin, cancel, { id: onDelivery.id });
  expect(await stockOf(shop, 1)).toBe(held + 2);
});

it('is refused where the location does not offer it, until the owner switches it on (seen by every instance)', async () => {
  const shopper = await createSignedInUser(shop);
  const before = await stockOf(shop, 1);
  const refused = await placeWith(shopper, 'on_delivery', { location: outsideNairobi, status: 400 });
  expect(refused.body).toMatchObject({
    success: false,
    message: 'Pay on delivery is not offered for Outside Nairobi. Please pay by M-Pesa or card.',
  });
  // Nothing was placed: the cart and the stock are as they were.
  expect(await stockOf(shop, 1)).toBe(before);
  const cart = await shop.http.get(`/api/carts/user/${shopper.id}`).set(shopper.auth).expect(200);
  expect(cart.body.data).toHaveLength(1);

  // The other instance answers the locations from its response cache, as a shopper's GET would be.
  const offeredOnOther = async () => {
    const answer = await other.http
      .get('/graphql')
      .query({ query: '{ deliveryLocations { id payOnDelivery } }' })
      .set({ accept: 'application/json', 'apollo-require-preflight': 'true' })
      .expect(200);
    const locations = answer.body.data.deliveryLocations as { id: number; payOnDelivery: boolean }[];
    const location = locations.find((each) => each.id === outsideNairobi)!;
    return { cached: answer.headers['x-cache'] === 'HIT', offered: location.payOnDelivery };
  };
  let cachedAnswer = await offeredOnOther();
  for (let warm = 0; warm < 3 && !cachedAnswer.cached; warm += 1) cachedAnswer = await offeredOnOther();
  expect(cachedAnswer).toEqual({ cached: true, offered: false });

  const switched = await graphql(admin, setTerms, {
    id: outsideNairobi,
    input: { payOnDelivery: true, maxCents: 3_000_000 },
  });
  expect(switched.data).toEqual({
    setPayOnDelivery: {
      location: { id: outsideNairobi, payOnDelivery: true, payOnDeliveryMaxCents: 3_000_000 },
      errors: [],
    },
  });
  // Switched on one instance, the other drops its cached answer on the change's notice and says so.
  await waitFor(async () => (await offeredOnOther()).offered);
  await placeWith(shopper, 'on_delivery', { location: outsideNairobi, on: other });

  await graphql(admin, setTerms, { id: outsideNairobi, input: { payOnDelivery: false } });
});

it("refuses an order above the location's maximum, decided by the server on any instance", async () => {
  const shopper = await createSignedInUser(shop);
  await fillCart(shop, shopper, [[1, 1]]);
  const { data: quoted } = await graphql<{
    cart: { deliveryQuotes: { deliveryLocationId: number; totalCents: number }[] };
  }>(shopper, '{ cart { id deliveryQuotes { deliveryLocationId totalCents } } }');
  const totalCents = quoted.cart.deliveryQuotes.find((quote) => quote.deliveryLocationId === kilimani)!.totalCents;
  // A maximum a shilling under this order's total, set on one instance; the order goes to the other.
  await graphql(admin, setTerms, { id: kilimani, input: { payOnDelivery: true, maxCents: totalCents - 100 } });
  const refused = await checkOut(shopper, 'on_delivery', { on: other, status: 400 });
  expect(refused.body.message).toMatch(
    /^Pay on delivery is for orders up to Ksh [\d,]+\.\d\d\. Please pay this one by M-Pesa or card\.$/,
  );
  // The cart's quote, which the checkout shows, says the same from the same rule.
  const { data: requoted } = await graphql<{
    cart: { deliveryQuotes: { deliveryLocationId: number; payOnDelivery: boolean; payOnDeliveryRefusal: string }[] };
  }>(shopper, '{ cart { id deliveryQuotes { deliveryLocationId payOnDelivery payOnDeliveryRefusal } } }', {}, other);
  expect(requoted.cart.deliveryQuotes.find((quote) => quote.deliveryLocationId === kilimani)).toEqual({
    deliveryLocationId: kilimani,
    payOnDelivery: false,
    payOnDeliveryRefusal: refused.body.message,
  });
  const graph = await graphql<{ createOrder: { order: null; errors: { field: string; code: string }[] } }>(
    shopper,
    `
      mutation ($input: CreateOrderInput!) {
        createOrder(input: $input) {
          order {
            id
          }
          errors {
            field
            code
          }
        }
      }
    `,
    {
      input: {
        deliveryLocationId: kilimani,
        paymentMethod: 'on_delivery',
        shipping: {
          name: 'Achieng Odhiambo',
          email: 'achieng@example.co.ke',
          phone: '0712345678',
          address: 'Kenyatta Avenue',
          city: 'Nairobi',
          postalCode: '',
        },
      },
    },
  );
  expect(graph.data.createOrder).toEqual({
    order: null,
    errors: [{ field: 'paymentMethod', code: 'PAY_ON_DELIVERY_LIMIT' }],
  });

  // At exactly the total, it is allowed.
  await graphql(admin, setTerms, { id: kilimani, input: { payOnDelivery: true, maxCents: totalCents } });
  const placed = await checkOut(shopper, 'on_delivery', { on: other });
  expect(Math.round(placed.body.data.order.total_amount * 100)).toBe(totalCents);
  await graphql(admin, setTerms, { id: kilimani, input: { payOnDelivery: true, maxCents: 2_000_000 } });
});

it('lets only an admin switch it, and wants a maximum of at least Ksh 1', async () => {
  const shopper = await createSignedInUser(shop);
  const denied = await graphql(shopper, setTerms, { id: kilimani, input: { payOnDelivery: false } });
  expect(denied.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  const tiny = await graphql(admin, setTerms, { id: kilimani, input: { payOnDelivery: true, maxCents: 50 } });
  expect(tiny.data).toEqual({
    setPayOnDelivery: {
      location: null,
      errors: [{ field: 'maxCents', code: 'OUT_OF_RANGE', message: 'The maximum must be at least Ksh 1.' }],
    },
  });
  const unknown = await graphql(admin, setTerms, { id: 999, input: { payOnDelivery: true } });
  expect(unknown.data).toMatchObject({
    setPayOnDelivery: { location: null, errors: [{ field: 'id', code: 'NOT_FOUND' }] },
  });
});

it('records cash only by an admin, once, with who and when; the order is paid and the money shows as a transaction', async () => {
  const shopper = await createSignedInUser(shop);
  const order = (await placeWith(shopper, 'on_delivery')).body.data.order;

  // The order's own shopper cannot say the rider was paid.
  const byShopper = await graphql(shopper, recordCash, { orderId: order.id });
  expect(byShopper.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  expect(await myOrder(shopper, order.id)).toMatchObject({ paymentState: 'to_collect', cashReceivedAt: null });

  const recorded = await graphql<{ recordCashPayment: { order: Record<string, unknown>; errors: unknown[] } }>(
    admin,
    recordCash,
    { orderId: order.id },
  );
  expect(recorded.data.recordCashPayment).toMatchObject({
    order: { id: order.id, paymentStatus: 'completed', paymentState: 'paid', cashReceivedBy: 'Test Shopper' },
    errors: [],
  });
  expect(Date.parse(recorded.data.recordCashPayment.order.cashReceivedAt as string)).toBeGreaterThan(
    Date.now() - 60_000,
  );
  const [cash] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ method: string; status: string; amount_cents: number }[]>(
      'select method, status, amount_cents from transactions where order_id = ?',
      [order.id],
    );
  expect(cash).toEqual({
    method: 'on_delivery',
    status: 'completed',
    amount_cents: Math.round(order.total_amount * 100),
  });

  const again = await graphql(admin, recordCash, { orderId: order.id });
  expect(again.data).toMatchObject({
    recordCashPayment: { order: null, errors: [{ field: 'orderId', code: 'ALREADY_PAID' }] },
  });
  // Cash goes back by hand: Paystack is never asked to refund it.
  const refund = await graphql(
    admin,
    `
      mutation ($orderId: ID!) {
        refundOrder(orderId: $orderId, reason: "returned") {
          refund {
            id
          }
          errors {
            code
            message
          }
        }
      }
    `,
    { orderId: order.id },
  );
  expect(refund.data).toMatchObject({ refundOrder: { refund: null, errors: [{ code: 'NOT_REFUNDABLE' }] } });

  // An order paid through Paystack takes no cash at the door.
  const prepaid = (await placeWith(shopper, 'mpesa')).body.data.order;
  const refused = await graphql(admin, recordCash, { orderId: prepaid.id });
  expect(refused.data).toMatchObject({
    recordCashPayment: { order: null, errors: [{ field: 'orderId', code: 'NOT_PAYABLE' }] },
  });
});

/** The recipient answers the prompt on the stand-in's phone page, as its browser form would. */
async function answerOnPhone(reference: string, phone: string, outcome: 'success' | 'failed') {
  await shop.http
    .post(`/paystack-simulator/phone/${encodeURIComponent(reference)}`)
    .type('form')
    .send({ number: phone, outcome })
    .expect(303);
}

it("prompts the recipient's phone at the door: a decline leaves it to collect, an approval pays it", async () => {
  const shopper = await createSignedInUser(shop);
  const order = (await placeWith(shopper, 'on_delivery')).body.data.order;
  // Only an admin presses it.
  const byShopper = await graphql(shopper, requestAtDoor, { orderId: order.id });
  expect(byShopper.errors?.[0]?.extensions.code).toBe('FORBIDDEN');

  const first = await graphql<{ requestDeliveryPayment: { charge: { id: string; amountCents: number } } }>(
    admin,
    requestAtDoor,
    { orderId: order.id },
  );
  expect(first.data.requestDeliveryPayment.charge.amountCents).toBe(Math.round(order.total_amount * 100));
  const declined = first.data.requestDeliveryPayment.charge.id;
  await answerOnPhone(declined, '+254712345678', 'failed');
  // The stand-in, like Paystack, sends no webhook for a declined prompt: the reconciliation learns of it.
  await reconcileAt(declined, 4);
  expect(await transactionStatus(declined)).toBe('failed');
  // Declined at the door: the order stands, its stock held, for another try or cash.
  expect(await myOrder(shopper, order.id)).toMatchObject({ status: 'pending', paymentState: 'to_collect' });

  // The recipient pays from another number.
  const second = await graphql<{ requestDeliveryPayment: { charge: { id: string } } }>(admin, requestAtDoor, {
    orderId: order.id,
    phone: '0722 000 999',
  });
  await answerOnPhone(second.data.requestDeliveryPayment.charge.id, '+254722000999', 'success');
  await waitFor(async () => (await myOrder(shopper, order.id)).paymentState === 'paid');

  // Paid: no more prompts at the door.
  const late = await graphql(admin, requestAtDoor, { orderId: order.id });
  expect(late.data).toMatchObject({ requestDeliveryPayment: { charge: null, errors: [{ code: 'NOT_PAYABLE' }] } });
});

/** One reconciliation round `minutes` after the payment started, asking the stand-in as Paystack. */
async function reconcileAt(reference: string, minutes: number) {
  const started = (await shop.orm.em.fork().findOneOrFail(Transaction, { reference })).createdAt.getTime();
  const paystack = createPaystackClient(`${shop.url}/paystack-simulator`, paystackSimulatorKey(shop.config.secretKey));
  const options: ReconcileOptions = { ...shopSettingsOf(shop.config), now: new Date(started + minutes * 60_000) };
  await reconcilePendingPayments(shop.orm.em.fork(), paystack, options);
}

async function transactionStatus(reference: string): Promise<string> {
  const [row] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ status: string }[]>('select status from transactions where reference = ?', [reference]);
  return row!.status;
}

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held');
}

it('shows what is still to be collected on the dashboard, the orders and transactions lists and the orders CSV', async () => {
  const shopper = await createSignedInUser(shop);
  const order = (await placeWith(shopper, 'on_delivery')).body.data.order;
  const [expected] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ count: number; cents: string }[]>(
      `select count(*)::int as count, coalesce(sum(total_cents), 0)::text as cents from orders
        where payment_method = 'on_delivery' and payment_status = 'pending' and status <> 'cancelled'`,
    );
  expect(expected!.count).toBeGreaterThan(0);
  const figures = await graphql<{
    dashboard: { toCollectOrders: number; toCollectCents: number };
    adminOrders: { stats: { toCollect: number; toCollectCents: number }; orders: { id: string }[] };
    adminTransactions: { stats: { toCollect: number; toCollectCents: number } };
  }>(
    admin,
    `
      {
        dashboard {
          toCollectOrders
          toCollectCents
        }
        adminOrders(paymentState: "to_collect", limit: 100) {
          stats {
            toCollect
            toCollectCents
          }
          orders {
            id
          }
        }
        adminTransactions {
          stats {
            toCollect
            toCollectCents
          }
        }
      }
    `,
  );
  const want = { count: expected!.count, cents: Number(expected!.cents) };
  expect(figures.data.dashboard).toEqual({ toCollectOrders: want.count, toCollectCents: want.cents });
  expect(figures.data.adminOrders.stats).toEqual({ toCollect: want.count, toCollectCents: want.cents });
  expect(figures.data.adminOrders.orders.map((each) => each.id)).toContain(order.id);
  expect(figures.data.adminOrders.orders).toHaveLength(want.count);
  expect(figures.data.adminTransactions.stats).toEqual({ toCollect: want.count, toCollectCents: want.cents });

  const csv = await shop.http.get('/api/admin/export/orders.csv').set(admin.auth).expect(200);
  const [header, ...rows] = csv.text.trim().split('\r\n');
  // The last three columns: the method, what is to collect, and when cash was received (not yet).
  expect(header).toMatch(/,Payment method,To collect \(Ksh\),Cash received \(Nairobi\)$/);
  expect(rows.find((row) => row.startsWith(order.id))).toMatch(
    new RegExp(`,on_delivery,${order.total_amount.toFixed(2).replace('.', '\\.')},$`),
  );
  // A paid order has nothing to collect.
  const paid = rows.find((row) => row.includes(',completed,mpesa,') || row.includes(',completed,on_delivery,'));
  expect(paid).toMatch(/,0\.00,[^,]*$/);
});

it("a new shop's Nairobi locations start with PAY_ON_DELIVERY_MAX_KES as their maximum", async () => {
  const fresh = await startTestShop({ seed: false, env: { PAY_ON_DELIVERY_MAX_KES: '15000' } });
  try {
    const { data } = await graphql<{ deliveryLocations: { payOnDelivery: boolean; payOnDeliveryMaxCents: number }[] }>(
      null,
      '{ deliveryLocations { id payOnDelivery payOnDeliveryMaxCents } }',
      {},
      fresh,
    );
    expect(
      data.deliveryLocations
        .filter((location) => location.payOnDelivery)
        .map((location) => location.payOnDeliveryMaxCents),
    ).toEqual([1_500_000, 1_500_000, 1_500_000]);
  } finally {
    await fresh.close();
  }
});
