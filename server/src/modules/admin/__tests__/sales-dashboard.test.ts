import { Order, PaymentStatus } from '../../orders/order.entity';
import { UserRole } from '../../accounts/user.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { payOnStandIn, placeOrderFor, setStock, startPayment, type RestOrder } from '../../../../test/checkout';
import { maxRangeDays, resolveRange } from '../sales-dashboard.service';
import { shopToday as shopDay } from '../../../shared/shop-calendar';

/**
 * Issue 27, the owner's dashboard (decision 0104): paid revenue and its breakdowns from the trigger-kept rollups,
 * the spec's cards beside it, over real checkouts, stand-in payments, refunds and cash at the door.
 */
let shop: TestShop;
let second: TestShop;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  shop = await startTestShop();
  second = await startTestShop({ shareDatabaseOf: shop });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
  shopper = await createSignedInUser(shop);
});
afterAll(async () => {
  await second.close();
  await shop.close();
});

interface Figures {
  paidRevenueCents: number;
  paidOrders: number;
  averageOrderValueCents: number;
  refundedCents: number;
  refunds: number;
  paymentAttempts: number;
  failedPaymentAttempts: number;
  paymentFailureRate: number | null;
}

interface SalesDashboard {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
  current: Figures;
  previous: Figures;
  toCollectOrders: number;
  toCollectCents: number;
  byDay: { day: string; paidRevenueCents: number; paidOrders: number; refundedCents: number }[];
  byPaymentMethod: {
    paymentMethod: string;
    paidRevenueCents: number;
    paidOrders: number;
    paymentAttempts: number;
    failedPaymentAttempts: number;
  }[];
  byLocation: { deliveryLocationId: number; name: string; paidRevenueCents: number; paidOrders: number }[];
  topProducts: { productId: number; name: string; quantitySold: number; revenueCents: number }[];
  topSizes: {
    productId: number;
    variantId: number | null;
    name: string;
    sizeLabel: string;
    quantitySold: number;
    revenueCents: number;
  }[];
}

const figures = `paidRevenueCents paidOrders averageOrderValueCents refundedCents refunds paymentAttempts
  failedPaymentAttempts paymentFailureRate`;
const salesQuery = `query ($range: DashboardRangeInput!) {
  salesDashboard(range: $range) {
    from to days previousFrom previousTo
    current { ${figures} }
    previous { ${figures} }
    toCollectOrders toCollectCents
    byDay { day paidRevenueCents paidOrders refundedCents }
    byPaymentMethod { paymentMethod paidRevenueCents paidOrders paymentAttempts failedPaymentAttempts }
    byLocation { deliveryLocationId name paidRevenueCents paidOrders }
    topProducts { productId name quantitySold revenueCents }
    topSizes { productId variantId name sizeLabel quantitySold revenueCents }
  }
}`;

type Range = { period: string; from?: string; to?: string };

async function salesAnswer(range: Range, on: TestShop = shop) {
  return (await on.http.post('/graphql').set(admin.auth).send({ query: salesQuery, variables: { range } })).body as {
    data?: { salesDashboard: SalesDashboard } | null;
    errors?: { message: string; extensions?: { code?: string; fieldErrors?: { field: string; code: string }[] } }[];
  };
}

async function sales(range: Range = { period: 'TODAY' }, on: TestShop = shop): Promise<SalesDashboard> {
  const answer = await salesAnswer(range, on);
  expect(answer.errors).toBeUndefined();
  return answer.data!.salesDashboard;
}

async function specCards() {
  const answer = (
    await shop.http
      .post('/graphql')
      .set(admin.auth)
      .send({ query: '{ dashboard { totalSalesCents deliveredOrders pendingOrders cancelledOrders } }' })
  ).body;
  expect(answer.errors).toBeUndefined();
  return answer.data.dashboard as {
    totalSalesCents: number;
    deliveredOrders: number;
    pendingOrders: number;
    cancelledOrders: number;
  };
}

async function graphqlAs<T>(user: TestUser, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = (await shop.http.post('/graphql').set(user.auth).send({ query, variables })).body;
  expect(answer.errors).toBeUndefined();
  return answer.data as T;
}

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const cents = (order: RestOrder) => Math.round(order.total_amount * 100);

/** The rollups (days and months) as they are, then as rebuilt from the source tables: equal when every trigger added right. */
async function rollupsAndRebuilt(): Promise<[unknown, unknown]> {
  const connection = shop.orm.em.fork().getConnection();
  const snapshot = async () =>
    connection.execute(
      `select (select json_agg(s order by day, payment_method, delivery_location_id) from sales_days s
                where paid_orders <> 0 or paid_cents <> 0 or refunds <> 0 or refunded_cents <> 0
                   or payment_attempts <> 0 or failed_attempts <> 0) as days,
              (select json_agg(json_build_array(day, product_id, variant_id, quantity, revenue_cents)
                 order by day, product_id, variant_id) from sales_day_sizes where quantity <> 0 or revenue_cents <> 0) as sizes,
              (select json_agg(t order by status, slot) from order_status_totals t where orders <> 0) as statuses,
              (select json_agg(m order by month, payment_method, delivery_location_id) from sales_months m
                where paid_orders <> 0 or paid_cents <> 0 or refunds <> 0 or refunded_cents <> 0
                   or payment_attempts <> 0 or failed_attempts <> 0) as months,
              (select json_agg(json_build_array(month, product_id, variant_id, quantity, revenue_cents)
                 order by month, product_id, variant_id) from sales_month_sizes
                where quantity <> 0 or revenue_cents <> 0) as month_sizes`,
    );
  const before = await snapshot();
  await connection.execute('select rebuild_sales_rollups()');
  return [before, await snapshot()];
}

const placed: RestOrder[] = [];

describe('paid revenue beside the spec’s Total Sales', () => {
  it('after three paid, undelivered orders, paid revenue is their total while Total Sales stays Ksh 0.00', async () => {
    await setStock(shop, [3, 4, 5], 200);
    placed.push(await placeOrderFor(shop, shopper, [[3, 2]], { payment_method: 'mpesa' }));
    placed.push(
      await placeOrderFor(
        shop,
        shopper,
        [
          [4, 1],
          [3, 1],
        ],
        { payment_method: 'card' },
      ),
    );
    placed.push(await placeOrderFor(shop, shopper, [[5, 3]], { payment_method: 'mpesa' }));
    for (const order of placed) await payOnStandIn(shop, shopper, order.id);

    const total = placed.reduce((sum, order) => sum + cents(order), 0);
    const today = await sales();
    expect(today.current).toEqual({
      paidRevenueCents: total,
      paidOrders: 3,
      averageOrderValueCents: Math.round(total / 3),
      refundedCents: 0,
      refunds: 0,
      paymentAttempts: 3,
      failedPaymentAttempts: 0,
      paymentFailureRate: 0,
    });
    expect(await specCards()).toMatchObject({ totalSalesCents: 0, deliveredOrders: 0, pendingOrders: 3 });
    // The Total Sales card says what it counts, in the schema the client reads.
    const described = await shop.graphql<{ __type: { fields: { name: string; description: string }[] } }>(
      '{ __type(name: "Dashboard") { fields { name description } } }',
    );
    expect(described.data?.__type.fields.find((field) => field.name === 'totalSalesCents')?.description).toContain(
      "delivered orders' totals only",
    );

    // Breakdowns, against the orders as the database holds them.
    const orders = await shop.orm.em
      .fork()
      .find(Order, { id: placed.map((order) => order.id) }, { populate: ['items'] });
    expect(today.byDay).toEqual([{ day: shopDay(), paidRevenueCents: total, paidOrders: 3, refundedCents: 0 }]);
    const byMethod = (method: string) => orders.filter((order) => order.paymentMethod === method);
    const sum = (list: Order[]) => list.reduce((all, order) => all + order.totalCents, 0);
    expect(today.byPaymentMethod).toEqual([
      {
        paymentMethod: 'mpesa',
        paidRevenueCents: sum(byMethod('mpesa')),
        paidOrders: 2,
        paymentAttempts: 2,
        failedPaymentAttempts: 0,
      },
      {
        paymentMethod: 'card',
        paidRevenueCents: sum(byMethod('card')),
        paidOrders: 1,
        paymentAttempts: 1,
        failedPaymentAttempts: 0,
      },
      {
        paymentMethod: 'on_delivery',
        paidRevenueCents: 0,
        paidOrders: 0,
        paymentAttempts: 0,
        failedPaymentAttempts: 0,
      },
    ]);
    expect(today.byLocation[0]).toMatchObject({ deliveryLocationId: 1, paidRevenueCents: total, paidOrders: 3 });
    expect(today.byLocation.slice(1).every((location) => location.paidOrders === 0)).toBe(true);

    const sold = new Map<string, { productId: number; variantId: number | null; quantity: number; revenue: number }>();
    for (const item of orders.flatMap((order) => order.items.getItems())) {
      const key = `${item.product.id}/${item.variant?.id}`;
      const entry = sold.get(key) ?? {
        productId: item.product.id,
        variantId: item.variant?.id ?? null,
        quantity: 0,
        revenue: 0,
      };
      entry.quantity += item.quantity;
      entry.revenue += item.quantity * item.unitPriceCents;
      sold.set(key, entry);
    }
    const expectedSizes = [...sold.values()].sort(
      (a, b) => b.quantity - a.quantity || b.revenue - a.revenue || a.productId - b.productId,
    );
    expect(
      today.topSizes.map(({ productId, variantId, quantitySold, revenueCents }) => ({
        productId,
        variantId,
        quantity: quantitySold,
        revenue: revenueCents,
      })),
    ).toEqual(expectedSizes);
    const product3 = expectedSizes.filter((size) => size.productId === 3);
    expect(today.topProducts.find((top) => top.productId === 3)).toMatchObject({
      quantitySold: product3.reduce((all, size) => all + size.quantity, 0),
      revenueCents: product3.reduce((all, size) => all + size.revenue, 0),
    });

    // Delivered: the spec's Total Sales counts it now; paid revenue does not count it twice.
    await graphqlAs(admin, `mutation ($id: ID!) { updateOrderStatus(id: $id, status: "delivered") { order { id } } }`, {
      id: placed[0]!.id,
    });
    expect(await specCards()).toMatchObject({
      totalSalesCents: cents(placed[0]!),
      deliveredOrders: 1,
      pendingOrders: 2,
    });
    expect((await sales()).current.paidRevenueCents).toBe(total);
  });

  it('counts refunds when processed, failed attempts, and pay on delivery once its cash is received', async () => {
    const before = (await sales()).current;
    // A declined card: an attempt that failed.
    const declined = await placeOrderFor(shop, shopper, [[4, 1]], { payment_method: 'card' });
    const payment = await startPayment(shop, shopper, declined.id);
    await shop.http
      .post(new URL(payment.authorization_url).pathname)
      .type('form')
      .send({ outcome: 'failed' })
      .expect(303);
    await graphqlAs(shopper, `mutation ($reference: String!) { verifyPayment(reference: $reference) { status } }`, {
      reference: payment.reference,
    });
    // A refund of part of the second order, processed by the stand-in at once.
    const refunded = await graphqlAs<{ refundOrder: { refund: { status: string } | null } }>(
      admin,
      `mutation ($orderId: ID!) { refundOrder(orderId: $orderId, reason: "Bottle arrived cracked", amountCents: 50000) { refund { status } errors { code } } }`,
      { orderId: placed[1]!.id },
    );
    expect(refunded.refundOrder.refund?.status).toBe('processed');
    // Pay on delivery: to collect first, paid revenue once the cash is recorded; cash is not a payment attempt.
    const atDoor = await placeOrderFor(shop, shopper, [[5, 1]], { payment_method: 'on_delivery' });
    const waiting = await sales();
    expect(waiting.current.paidOrders).toBe(before.paidOrders);
    expect(waiting.toCollectOrders).toBe(1);
    expect(waiting.toCollectCents).toBe(cents(atDoor));
    await graphqlAs(admin, `mutation ($orderId: ID!) { recordCashPayment(orderId: $orderId) { order { id } } }`, {
      orderId: atDoor.id,
    });

    const after = await sales();
    expect(after.current).toEqual({
      paidRevenueCents: before.paidRevenueCents + cents(atDoor),
      paidOrders: before.paidOrders + 1,
      averageOrderValueCents: Math.round((before.paidRevenueCents + cents(atDoor)) / (before.paidOrders + 1)),
      refundedCents: 50000,
      refunds: 1,
      paymentAttempts: before.paymentAttempts + 1,
      failedPaymentAttempts: 1,
      paymentFailureRate: 1 / (before.paymentAttempts + 1),
    });
    expect(after.toCollectOrders).toBe(0);
    expect(after.byPaymentMethod.find((method) => method.paymentMethod === 'on_delivery')).toEqual({
      paymentMethod: 'on_delivery',
      paidRevenueCents: cents(atDoor),
      paidOrders: 1,
      paymentAttempts: 0,
      failedPaymentAttempts: 0,
    });
    expect(after.byDay.at(-1)?.refundedCents).toBe(50000);
    const [rollups, rebuilt] = await rollupsAndRebuilt();
    expect((rollups as { months: unknown[] | null }[])[0]?.months).not.toBeNull();
    expect(rollups).toEqual(rebuilt);
  });

  it('compares with the previous period of the same length', async () => {
    const today = await sales();
    // One order paid yesterday instead (behind the app's back): the trigger moves it to that day.
    const moved = placed[2]!;
    await shop.orm.em
      .fork()
      .getConnection()
      .execute(`update orders set paid_at = paid_at - interval '1 day' where id = ?`, [moved.id]);
    const shifted = await sales();
    expect(shifted.current.paidRevenueCents).toBe(today.current.paidRevenueCents - cents(moved));
    expect(shifted.previous).toMatchObject({ paidRevenueCents: cents(moved), paidOrders: 1 });
    expect([shifted.previousFrom, shifted.previousTo]).toEqual([daysBefore(shopDay(), 1), daysBefore(shopDay(), 1)]);
    const week = await sales({ period: 'LAST_7_DAYS' });
    expect(week.days).toBe(7);
    expect(week.byDay).toHaveLength(7);
    expect(week.current.paidRevenueCents).toBe(today.current.paidRevenueCents);
    expect(week.byDay.at(-2)?.paidRevenueCents).toBe(cents(moved));
    const [rollups, rebuilt] = await rollupsAndRebuilt();
    expect(rollups).toEqual(rebuilt);
  });

  it('adds up payments made at the same moment on two instances (no lost update)', async () => {
    const before = (await sales()).current;
    const buyers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createSignedInUser(shop)));
    const orders = await Promise.all(
      buyers.map((buyer) => placeOrderFor(shop, buyer, [[3, 1]], { payment_method: 'mpesa' })),
    );
    await Promise.all(orders.map((order, index) => payOnStandIn(index % 2 ? second : shop, buyers[index]!, order.id)));
    const paid = await shop.orm.em
      .fork()
      .count(Order, { id: orders.map((order) => order.id), paymentStatus: PaymentStatus.COMPLETED });
    expect(paid).toBe(6);
    const after = (await sales({ period: 'TODAY' }, second)).current;
    expect(after.paidOrders).toBe(before.paidOrders + 6);
    expect(after.paidRevenueCents).toBe(before.paidRevenueCents + orders.reduce((sum, order) => sum + cents(order), 0));
    const [rollups, rebuilt] = await rollupsAndRebuilt();
    expect(rollups).toEqual(rebuilt);
  });
});

describe('cost', () => {
  it('one statement for the whole dashboard, the same at every size and over two years', async () => {
    const measure = async (range: Range) => {
      await sales(range);
      const { statements, sql } = await shop.statements.measure(() => sales(range));
      return { statements, sql };
    };
    const today = await measure({ period: 'TODAY' });
    const twoYears = await measure({ period: 'CUSTOM', from: daysBefore(shopDay(), 730), to: shopDay() });
    // The session's look-up and the dashboard's one statement.
    expect(today.statements).toBeLessThanOrEqual(2);
    expect(twoYears.statements).toBe(today.statements);
    expect(today.sql.filter((sql) => sql.includes('sales_days'))).toHaveLength(1);

    for (let index = 0; index < 4; index += 1) {
      const order = await placeOrderFor(
        shop,
        shopper,
        [
          [4, 1],
          [5, 1],
        ],
        { payment_method: 'mpesa' },
      );
      await payOnStandIn(shop, shopper, order.id);
    }
    expect((await measure({ period: 'TODAY' })).statements).toBe(today.statements);
    // The spec's cards: the session, their one statement and the low-stock list's.
    const cards = await shop.statements.measure(specCards);
    expect(cards.statements).toBeLessThanOrEqual(4);
  });
});

describe('ranges', () => {
  const today = '2026-03-15';
  it('resolves today, 7 and 30 days in Nairobi, and the previous period of the same length', () => {
    expect(resolveRange({ period: 'today' }, today)).toEqual({
      from: today,
      to: today,
      days: 1,
      previousFrom: '2026-03-14',
      previousTo: '2026-03-14',
    });
    expect(resolveRange({ period: 'last_7_days' }, today)).toMatchObject({
      from: '2026-03-09',
      days: 7,
      previousFrom: '2026-03-02',
      previousTo: '2026-03-08',
    });
    expect(resolveRange({ period: 'last_30_days' }, today)).toMatchObject({
      from: '2026-02-14',
      days: 30,
      previousTo: '2026-02-13',
    });
    expect(resolveRange({ period: 'custom', from: '2024-03-14', to: today }, today)).toMatchObject({
      days: maxRangeDays,
    });
  });

  it('refuses a bad range with a clear message and a typed code, on GraphQL and on the CSV route', async () => {
    const cases: [Range, string, string, string][] = [
      [
        { period: 'CUSTOM', from: '2026-02-10', to: '2026-02-01' },
        'from',
        'OUT_OF_RANGE',
        'The start date must be on or before the end date.',
      ],
      [
        { period: 'CUSTOM', from: '2020-01-01', to: '2024-01-01' },
        'from',
        'OUT_OF_RANGE',
        'Choose a range of at most 732 days (two years); this one has 1462.',
      ],
      [
        { period: 'CUSTOM', from: '2025-02-30', to: '2025-03-01' },
        'from',
        'INVALID',
        'The start date must be a date written YYYY-MM-DD, e.g. 2026-01-31.',
      ],
      [{ period: 'CUSTOM', from: '2025-01-01' }, 'to', 'REQUIRED', 'Choose the end date of the range.'],
      [
        { period: 'CUSTOM', from: '2025-01-01', to: '2999-01-01' },
        'to',
        'OUT_OF_RANGE',
        `The range cannot end after today (${shopDay()}).`,
      ],
      [
        { period: 'CUSTOM', from: "1' or 1=1 --", to: '2025-01-01' },
        'from',
        'INVALID',
        'The start date must be a date written YYYY-MM-DD, e.g. 2026-01-31.',
      ],
    ];
    for (const [range, field, code, message] of cases) {
      const answer = await salesAnswer(range);
      expect(answer.errors?.[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field, code }] },
      });
      const rest = await shop.http
        .get('/api/admin/export/sales.csv')
        .query({ ...range, period: range.period.toLowerCase() })
        .set(admin.auth);
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ success: false, message });
    }
    const unknown = await shop.http.get('/api/admin/export/sales.csv').query({ period: 'forever' }).set(admin.auth);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('The period must be today, last_7_days, last_30_days or custom.');
  });

  it('exports the figures of the range as CSV', async () => {
    const figures = await sales({ period: 'LAST_7_DAYS' });
    const response = await shop.http
      .get('/api/admin/export/sales.csv')
      .query({ period: 'last_7_days' })
      .set(admin.auth)
      .expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="manukato-sales-${figures.from}-to-${figures.to}.csv"`,
    );
    const lines = response.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Section,Name,Paid revenue (Ksh),Paid orders,Average order (Ksh),Refunded (Ksh),Refunds,Payment attempts,Failed attempts,Quantity sold',
    );
    const ksh = (value: number) => (value / 100).toFixed(2);
    expect(lines[1]).toBe(
      `Range,${figures.from} to ${figures.to},${ksh(figures.current.paidRevenueCents)},${figures.current.paidOrders},${ksh(figures.current.averageOrderValueCents)},${ksh(figures.current.refundedCents)},${figures.current.refunds},${figures.current.paymentAttempts},${figures.current.failedPaymentAttempts},`,
    );
    expect(lines.filter((line) => line.startsWith('Day,'))).toHaveLength(7);
    expect(lines).toContain(
      `Day,${shopDay()},${ksh(figures.byDay.at(-1)!.paidRevenueCents)},${figures.byDay.at(-1)!.paidOrders},,${ksh(figures.byDay.at(-1)!.refundedCents)}`,
    );
    expect(lines.some((line) => line.startsWith('Payment method,Pay on delivery,'))).toBe(true);
    expect(lines.filter((line) => line.startsWith('Top size,'))).toHaveLength(figures.topSizes.length);
  });
});
