import { Product } from '../../catalog/product.entity';
import { Order, OrderStatus } from '../../orders/order.entity';
import { UserRole } from '../../accounts/user.entity';
import { AdminNotification } from '../../notifications/admin-notification.entity';
import { csvCell, toCsv } from '../csv';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { startPaystackServer } from '../../../../test/paystack-server';
import { placeOrderFor, sendPaystackEvent, startPayment } from '../../../../test/checkout';

const secretKey = 'sk_test_manukato_admin_ops';
let shop: TestShop;
let paystack: Awaited<ReturnType<typeof startPaystackServer>>;
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  paystack = await startPaystackServer(secretKey);
  shop = await startTestShop({ env: { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: paystack.url } });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
  shopper = await createSignedInUser(shop);
});
afterAll(async () => {
  await shop.close();
  await paystack.close();
});

interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function asAdmin<T = Record<string, never>>(
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLAnswer<T>> {
  return (await shop.http.post('/graphql').set(admin.auth).send({ query, variables })).body;
}

async function setStock(productId: number, quantity: number): Promise<void> {
  await shop.orm.em.fork().nativeUpdate(Product, { id: productId }, { quantity });
  await shop.catalogueChanged();
}

async function stockOf(productId: number): Promise<number> {
  return (await shop.orm.em.fork().findOneOrFail(Product, { id: productId })).quantity;
}

interface PlacedOrder {
  id: string;
  totalCents: number;
  lines: { productId: number; quantity: number; unitPriceCents: number }[];
}

/** An order through the real REST checkout; its figures as the server answered them. */
async function placeOrder(
  lines: [productId: number, quantity: number][],
  form: { recipient_name?: string; shipping_city?: string; payment_method?: string } = {},
  user: TestUser = shopper,
): Promise<PlacedOrder> {
  const order = await placeOrderFor(shop, user, lines, { payment_method: 'mpesa', ...form });
  return {
    id: order.id,
    totalCents: Math.round(order.total_amount * 100),
    lines: order.items.map((item) => ({
      productId: Number(item.pid),
      quantity: Number(item.quantity),
      unitPriceCents: Math.round(item.unit_price * 100),
    })),
  };
}

const updateStatus = `mutation ($id: ID!, $status: String!) {
  updateOrderStatus(id: $id, status: $status) { order { id status } errors { field code message } }
}`;

async function setStatus(id: string, status: string) {
  const answer = await asAdmin<{
    updateOrderStatus: { order: { id: string; status: string } | null; errors: { message: string }[] };
  }>(updateStatus, { id, status });
  expect(answer.errors).toBeUndefined();
  return answer.data!.updateOrderStatus;
}

const dashboardQuery = `{
  dashboard {
    totalProducts pendingOrders deliveredOrders cancelledOrders totalSalesCents lowStockThreshold
    lowStockProducts { id name quantity variants { id quantity } }
    lowStockCount
    recentUsers { id first last email role createdAt }
  }
}`;

interface Dashboard {
  totalProducts: number;
  pendingOrders: number;
  deliveredOrders: number;
  cancelledOrders: number;
  totalSalesCents: number;
  lowStockThreshold: number;
  lowStockProducts: { id: number; name: string; quantity: number; variants: { id: number; quantity: number }[] }[];
  lowStockCount: number;
  recentUsers: { id: string; email: string; role: string; createdAt: string }[];
}

async function dashboard(): Promise<Dashboard> {
  const answer = await asAdmin<{ dashboard: Dashboard }>(dashboardQuery);
  expect(answer.errors).toBeUndefined();
  return answer.data!.dashboard;
}

const adminOrdersQuery = `query ($search: String, $status: String, $limit: Int) {
  adminOrders(search: $search, status: $status, limit: $limit) {
    totalCount
    stats { total pending delivered cancelled totalSalesCents }
    orders { id status recipientName shippingCity totalCents items { productId name quantity } deliveryLocation { id name } }
  }
}`;

interface AdminOrders {
  totalCount: number;
  stats: { total: number; pending: number; delivered: number; cancelled: number; totalSalesCents: number };
  orders: { id: string; status: string; recipientName: string; shippingCity: string; totalCents: number }[];
}

async function adminOrders(variables: Record<string, unknown> = {}): Promise<AdminOrders> {
  const answer = await asAdmin<{ adminOrders: AdminOrders }>(adminOrdersQuery, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data!.adminOrders;
}

/** Statements one admin request costs, after a first request of the same kind. */
async function statementsFor(work: () => Promise<unknown>): Promise<number> {
  await work();
  const { statements } = await shop.statements.measure(work);
  return statements;
}

// Runs first: the shop starts with no orders, so 2 and then 12 orders are exact.
describe('statement counts', () => {
  it('the dashboard and the orders list cost the same at 2 orders and at 12', async () => {
    await setStock(3, 500);
    expect((await adminOrders()).stats.total).toBe(0);
    const first = await placeOrder([[3, 1]]);
    await placeOrder([[3, 2]]);
    await setStatus(first.id, 'delivered');
    const dashboardAtTwo = await statementsFor(dashboard);
    const listAtTwo = await statementsFor(() => adminOrders());
    expect((await adminOrders()).orders).toHaveLength(2);

    for (let index = 0; index < 10; index += 1) {
      const order = await placeOrder([
        [3, 1],
        [4 + (index % 3), 1],
      ]);
      if (index % 2 === 0) await setStatus(order.id, 'delivered');
    }
    await setStock(4, 500);
    const dashboardAtTwelve = await statementsFor(dashboard);
    const listAtTwelve = await statementsFor(() => adminOrders());
    expect((await adminOrders()).orders).toHaveLength(12);

    expect(dashboardAtTwelve).toBe(dashboardAtTwo);
    expect(listAtTwelve).toBe(listAtTwo);
    // Session lookup + one aggregate statement; the list: session, one figures statement, orders, items.
    expect(dashboardAtTwo).toBeLessThanOrEqual(3);
    expect(listAtTwo).toBeLessThanOrEqual(5);
  });
});

describe('the dashboard', () => {
  it('equals sums computed here from the orders themselves', async () => {
    await setStock(6, 500);
    await setStock(7, 500);
    const placed = [
      await placeOrder([
        [6, 2],
        [7, 1],
      ]),
      await placeOrder([[6, 3]]),
      await placeOrder([[7, 4]]),
      await placeOrder([[6, 1]]),
    ] as const;
    await setStatus(placed[0].id, 'delivered');
    await setStatus(placed[1].id, 'delivered');
    await setStatus(placed[2].id, 'cancelled');

    // Every order in the shop, summed in JavaScript: independent of the dashboard's SQL.
    const orders = await shop.orm.em.fork().find(Order, {}, { populate: ['items'] });
    const delivered = orders.filter((order) => order.status === OrderStatus.DELIVERED);
    const expectedSales = delivered.reduce((sum, order) => sum + order.totalCents, 0);
    // The orders delivered here are in it with the totals the checkout answered.
    expect(delivered.map((order) => order.totalCents)).toEqual(
      expect.arrayContaining([placed[0].totalCents, placed[1].totalCents]),
    );

    const figures = await dashboard();
    expect(figures.totalSalesCents).toBe(expectedSales);
    expect(figures.deliveredOrders).toBe(delivered.length);
    expect(figures.pendingOrders).toBe(orders.filter((order) => order.status === OrderStatus.PENDING).length);
    expect(figures.cancelledOrders).toBe(orders.filter((order) => order.status === OrderStatus.CANCELLED).length);
    expect(figures.totalProducts).toBe(await shop.orm.em.fork().count(Product, { archivedAt: null }));

    // Paid revenue, the chart and the best sellers are salesDashboard's (sales-dashboard.test.ts).

    // The 5 newest accounts, newest first.
    const newcomers = [];
    for (let index = 0; index < 6; index += 1) newcomers.push(await createSignedInUser(shop));
    const { recentUsers } = await dashboard();
    expect(new Set(recentUsers.map((user) => user.id))).toEqual(new Set(newcomers.slice(1).map((user) => user.id)));
    const times = recentUsers.map((user) => Date.parse(user.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('lists products at or below the low-stock threshold, lowest first', async () => {
    await setStock(8, 2);
    await setStock(9, 0);
    const figures = await dashboard();
    expect(figures.lowStockThreshold).toBe(5);
    const ids = figures.lowStockProducts.map((product) => product.id);
    expect(ids).toEqual(expect.arrayContaining([8, 9]));
    // Low when any size is: listed by the lowest size's stock.
    const quantities = figures.lowStockProducts.map((product) =>
      Math.min(...product.variants.map((size) => size.quantity)),
    );
    expect(quantities.every((quantity) => quantity <= 5)).toBe(true);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    // Fewer than the 20 shown: the count is the list's length.
    expect(figures.lowStockCount).toBe(figures.lowStockProducts.length);
    await setStock(8, 100);
    await setStock(9, 100);
  });
});

describe('orders admin', () => {
  it('searches by recipient name, city and id prefix in any case, and filters by status', async () => {
    await setStock(10, 100);
    const wambui = await placeOrder([[10, 1]], { recipient_name: 'Wambui Kariuki', shipping_city: 'Nakuru' });
    const otieno = await placeOrder([[10, 1]], { recipient_name: 'Otieno Ouma', shipping_city: 'Kisumu' });
    await setStatus(otieno.id, 'cancelled');

    const byName = await adminOrders({ search: 'wAmBuI' });
    expect(byName.orders.map((order) => order.id)).toEqual([wambui.id]);
    expect(byName.totalCount).toBe(1);
    expect((await adminOrders({ search: 'kisumu' })).orders.map((order) => order.id)).toEqual([otieno.id]);
    expect((await adminOrders({ search: otieno.id.slice(0, 8).toUpperCase() })).orders[0]?.id).toBe(otieno.id);
    // A wildcard typed into the box is a literal character.
    expect((await adminOrders({ search: '%' })).totalCount).toBe(0);

    const cancelled = await adminOrders({ status: 'cancelled' });
    expect(cancelled.orders.every((order) => order.status === 'cancelled')).toBe(true);
    expect(cancelled.orders.map((order) => order.id)).toContain(otieno.id);
    // Stats cover the whole shop whatever the search.
    const all = await shop.orm.em.fork().find(Order, {});
    expect(byName.stats).toEqual({
      total: all.length,
      pending: all.filter((order) => order.status === 'pending').length,
      delivered: all.filter((order) => order.status === 'delivered').length,
      cancelled: all.filter((order) => order.status === 'cancelled').length,
      totalSalesCents: all.filter((o) => o.status === 'delivered').reduce((sum, order) => sum + order.totalCents, 0),
    });

    const bad = await asAdmin(adminOrdersQuery, { status: 'shipped' });
    expect(bad.errors?.[0]?.message).toBe('Status must be pending, delivered or cancelled.');
  });

  it('moves any status to any other, records who/when/from/to, and releases stock exactly once', async () => {
    await setStock(11, 20);
    const order = await placeOrder([[11, 3]]);
    expect(await stockOf(11)).toBe(17);
    const { reference } = await startPayment(shop, shopper, order.id);

    const changing = Date.now();
    expect((await setStatus(order.id, 'cancelled')).order?.status).toBe('cancelled');
    expect(await stockOf(11)).toBe(20);
    // Cancelling again changes nothing; the payment failing afterwards does not give the stock back twice.
    await setStatus(order.id, 'cancelled');
    expect(await stockOf(11)).toBe(20);
    // Paystack sends no webhook for a failure: the shop learns it from verify (the shopper back on the callback).
    paystack.settle(reference, { status: 'failed' });
    const verified = await shop.http
      .post('/graphql')
      .set(shopper.auth)
      .send({ query: `mutation { verifyPayment(reference: "${reference}") { status } }` });
    expect(verified.body.data.verifyPayment).toEqual({ status: 'failed' });
    expect(await stockOf(11)).toBe(20);
    // A failed payment puts the items back in the cart: empty it for the next orders.
    await shop.orm.em.fork().getConnection().execute('delete from cart_items');

    // Reopening takes the stock again; cancelling once more gives it back once.
    expect((await setStatus(order.id, 'pending')).order?.status).toBe('pending');
    expect(await stockOf(11)).toBe(17);
    await setStatus(order.id, 'delivered');
    expect(await stockOf(11)).toBe(17);
    // Delivered goods have left the shop: cancelling a delivered order leaves stock alone.
    await setStatus(order.id, 'cancelled');
    expect(await stockOf(11)).toBe(17);
    await setStatus(order.id, 'pending');
    expect(await stockOf(11)).toBe(17);
    await setStatus(order.id, 'cancelled');
    expect(await stockOf(11)).toBe(20);

    // Reopening is refused when the stock has gone since, and nothing changes.
    await setStock(11, 1);
    const refused = await setStatus(order.id, 'pending');
    expect(refused.order).toBeNull();
    expect(refused.errors[0]?.message).toBe(
      `Not enough stock to reopen this order: ${(await shop.orm.em.fork().findOneOrFail(Product, { id: 11 })).name} (150 ml · Body mist) has 1 left, it needs 3.`,
    );
    expect(await stockOf(11)).toBe(1);
    expect((await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).status).toBe('cancelled');

    const history = await asAdmin<{
      orderStatusChanges: { fromStatus: string; toStatus: string; changedBy: string; changedAt: string }[];
    }>(`query ($id: ID!) { orderStatusChanges(orderId: $id) { fromStatus toStatus changedBy changedAt } }`, {
      id: order.id,
    });
    expect(history.data!.orderStatusChanges.map((change) => [change.fromStatus, change.toStatus])).toEqual([
      ['pending', 'cancelled'],
      ['cancelled', 'pending'],
      ['pending', 'delivered'],
      ['delivered', 'cancelled'],
      ['cancelled', 'pending'],
      ['pending', 'cancelled'],
    ]);
    expect(history.data!.orderStatusChanges.every((change) => change.changedBy === 'Test Shopper')).toBe(true);
    // When: the first change was made once the test asked for it (a second's leeway for PostgreSQL's clock reading).
    expect(Date.parse(history.data!.orderStatusChanges[0]?.changedAt ?? '')).toBeGreaterThanOrEqual(changing - 1_000);
  });

  it('refuses an unknown status and an unknown order with a message', async () => {
    const order = await placeOrder([[12, 1]]);
    const invalid = await setStatus(order.id, 'shipped');
    expect(invalid.errors[0]).toMatchObject({ message: 'Status must be pending, delivered or cancelled.' });
    const unknown = await asAdmin(updateStatus, { id: '00000000-0000-4000-8000-000000000000', status: 'delivered' });
    expect(unknown.errors?.[0]).toMatchObject({ message: 'Order not found', extensions: { code: 'NOT_FOUND' } });
  });
});

describe('notifications', () => {
  const list = `{ adminNotifications(limit: 100) { id type title text link readAt } unreadNotificationCount }`;
  type Listed = {
    adminNotifications: { id: number; type: string; title: string; text: string; link: string | null }[];
    unreadNotificationCount: number;
  };

  it('come from real events: a new order, a payment, a review, stock falling to the threshold', async () => {
    await shop.orm.em.fork().nativeDelete(AdminNotification, {});
    await setStock(13, 7);
    const order = await placeOrder([[13, 2]], { recipient_name: 'Njeri Mwangi' });
    let listed = (await asAdmin<Listed>(list)).data!;
    expect(listed.adminNotifications.map((entry) => entry.type).sort()).toEqual(['low-stock', 'order']);
    expect(listed.adminNotifications.find((entry) => entry.type === 'order')).toMatchObject({
      title: 'New order',
      link: '/oxalis/orders',
    });
    // Product 13 at Ksh 1,900 × 2 plus delivery: the amount grouped, as everywhere else.
    expect(listed.adminNotifications.find((entry) => entry.type === 'order')!.text).toBe(
      'Njeri Mwangi ordered 1 item for Ksh 3,920.00',
    );
    expect(listed.adminNotifications.find((entry) => entry.type === 'low-stock')!.text).toContain('has 5 left');

    // Already below the threshold: a further sale is not reported again.
    await placeOrder([[13, 1]]);
    listed = (await asAdmin<Listed>(list)).data!;
    expect(listed.adminNotifications.filter((entry) => entry.type === 'low-stock')).toHaveLength(1);

    const { reference } = await startPayment(shop, shopper, order.id);
    const paid = {
      event: 'charge.success',
      data: { reference, status: 'success', amount: order.totalCents, currency: 'KES' },
    };
    await sendPaystackEvent(shop, secretKey, paid).expect(200);
    // The same event twice is one payment, one notification.
    await sendPaystackEvent(shop, secretKey, paid).expect(200);

    await shop.http
      .post('/api/reviews/add')
      .send({ name: 'Kamau', rating: 4, title: 'Smells great', fullReview: 'Lasts all day.' })
      .expect(201);

    listed = (await asAdmin<Listed>(list)).data!;
    const types = listed.adminNotifications.map((entry) => entry.type);
    expect(types.filter((type) => type === 'payment')).toHaveLength(1);
    expect(types.filter((type) => type === 'review')).toHaveLength(1);
    expect(types.filter((type) => type === 'order')).toHaveLength(2);
    expect(listed.adminNotifications[0]).toMatchObject({ type: 'review', text: 'Kamau rated 4/5: Smells great' });
    expect(listed.adminNotifications.find((entry) => entry.type === 'payment')!.text).toBe(
      `Ksh 3,920.00 for order ${order.id.slice(0, 8)} (M-Pesa)`,
    );
    expect(listed.unreadNotificationCount).toBe(listed.adminNotifications.length);
  });

  it('count unread ones and mark some or all as read', async () => {
    const before = (await asAdmin<Listed>(list)).data!;
    expect(before.unreadNotificationCount).toBeGreaterThanOrEqual(2);
    const one = before.adminNotifications[0]?.id;
    const marked = await asAdmin<{ markNotificationsRead: { unreadCount: number } }>(
      `mutation ($ids: [Int!]) { markNotificationsRead(ids: $ids) { unreadCount } }`,
      { ids: [one] },
    );
    expect(marked.data!.markNotificationsRead.unreadCount).toBe(before.unreadNotificationCount - 1);
    const all = await asAdmin<{ markNotificationsRead: { unreadCount: number } }>(
      `mutation { markNotificationsRead { unreadCount } }`,
    );
    expect(all.data!.markNotificationsRead.unreadCount).toBe(0);
    const after = (await asAdmin<Listed>(`{ unreadNotificationCount adminNotifications { id readAt } }`)).data!;
    expect(after.unreadNotificationCount).toBe(0);
  });
});

describe('transactions admin', () => {
  it('lists payments with search by order id or method, and stats over all of them', async () => {
    await setStock(14, 50);
    const card = await placeOrder([[14, 1]], { payment_method: 'card' });
    await startPayment(shop, shopper, card.id);
    const query = `query ($search: String) {
      adminTransactions(search: $search) {
        totalCount
        stats { total completed pending failed completedAmountCents }
        transactions { id orderId reference amountCents paymentMethod paymentStatus createdAt }
      }
    }`;
    type Answer = {
      adminTransactions: {
        totalCount: number;
        stats: { total: number; completed: number; pending: number; failed: number; completedAmountCents: number };
        transactions: { orderId: string; amountCents: number; paymentMethod: string | null; paymentStatus: string }[];
      };
    };
    const byOrder = (await asAdmin<Answer>(query, { search: card.id.slice(0, 6).toUpperCase() })).data!;
    expect(byOrder.adminTransactions.transactions).toEqual([
      expect.objectContaining({
        orderId: card.id,
        amountCents: card.totalCents,
        paymentMethod: 'card',
        paymentStatus: 'pending',
      }),
    ]);
    const byMethod = (await asAdmin<Answer>(query, { search: 'CARD' })).data!;
    expect(byMethod.adminTransactions.transactions.every((entry) => entry.paymentMethod === 'card')).toBe(true);
    expect(byMethod.adminTransactions.totalCount).toBeGreaterThanOrEqual(1);

    const rows = await shop.orm.em
      .fork()
      .getConnection()
      .execute<{ status: string; amount_cents: number }[]>('select status, amount_cents from transactions');
    expect(byMethod.adminTransactions.stats).toEqual({
      total: rows.length,
      completed: rows.filter((row) => row.status === 'completed').length,
      pending: rows.filter((row) => row.status === 'pending').length,
      failed: rows.filter((row) => row.status === 'failed').length,
      completedAmountCents: rows
        .filter((row) => row.status === 'completed')
        .reduce((sum, row) => sum + row.amount_cents, 0),
    });
  });

  it('lists users newest first without anything secret', async () => {
    const answer = await asAdmin<{ adminUsers: Record<string, unknown>[] }>(
      `{ adminUsers(limit: 100) { id first last email role createdAt } }`,
    );
    expect(answer.data!.adminUsers.map((user) => user.id)).toEqual(expect.arrayContaining([admin.id, shopper.id]));
    const times = answer.data!.adminUsers.map((user) => Date.parse(String(user.createdAt)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('REST', () => {
  it('GET /orders/list and PUT /orders/update/{id} answer with the spec envelope', async () => {
    await setStock(15, 50);
    const order = await placeOrder([[15, 1]], { recipient_name: 'Chebet Kiprono', shipping_city: 'Eldoret' });
    const list = await shop.http.get('/orders/list?search=chebet').set(admin.auth).expect(200);
    expect(list.body).toMatchObject({ success: true, message: 'Orders fetched' });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: order.id,
        recipient_name: 'Chebet Kiprono',
        shipping_city: 'Eldoret',
        status: 'pending',
      }),
    ]);
    const updated = await shop.http
      .put(`/api/orders/update/${order.id}`)
      .set(admin.auth)
      .send({ status: 'delivered' })
      .expect(200);
    expect(updated.body).toMatchObject({
      success: true,
      message: 'Order status updated',
      data: { status: 'delivered' },
    });
    const bad = await shop.http
      .put(`/api/orders/update/${order.id}`)
      .set(admin.auth)
      .send({ status: 'lost' })
      .expect(400);
    expect(bad.body).toMatchObject({
      success: false,
      message: 'Status must be pending, delivered or cancelled.',
      errors: [{ field: 'status', code: 'INVALID_STATUS' }],
    });
    const missing = await shop.http
      .put('/api/orders/update/not-an-order')
      .set(admin.auth)
      .send({ status: 'delivered' })
      .expect(404);
    expect(missing.body).toMatchObject({ success: false, message: 'Order not found' });
  });

  it('GET /transactions/list answers with the spec envelope', async () => {
    const response = await shop.http.get('/api/transactions/list').set(admin.auth).expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data[0]).toEqual(
      expect.objectContaining({
        order_id: expect.any(String),
        amount: expect.any(Number),
        payment_status: expect.any(String),
      }),
    );
  });
});

describe('CSV export', () => {
  it('escapes per RFC 4180 and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+254712345678')).toBe("'+254712345678");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });

  it('quotes a cell holding ; or a tab, which Excel in many locales reads as separators (issue 23)', () => {
    expect(csvCell('Moi Avenue; 3rd floor')).toBe('"Moi Avenue; 3rd floor"');
    // Unquoted, a ;-separated reading starts a new cell at =, past the formula defence.
    expect(csvCell('Wanjiku;=HYPERLINK("http://x","y")')).toBe('"Wanjiku;=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('=1;2')).toBe(`"'=1;2"`);
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('\tleading')).toBe(`"'\tleading"`);
    expect(toCsv(['name', 'n'], [['a;b', 1]])).toBe('name,n\r\n"a;b",1\r\n');
  });

  it('exports orders as an attachment, amounts in Ksh with two decimals, hostile cells defused', async () => {
    await setStock(16, 50);
    const order = await placeOrder([[16, 2]], {
      recipient_name: '=HYPERLINK("http://evil.example","click")',
      shipping_city: 'Nairobi, CBD',
    });
    const response = await shop.http.get('/api/admin/export/orders.csv').set(admin.auth).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="manukato-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = response.text;
    expect(text.startsWith('Order ID,Placed (Nairobi),Recipient,')).toBe(true);
    const line = text.split('\r\n').find((candidate) => candidate.startsWith(order.id))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain('"Nairobi, CBD"');
    expect(line).toContain(`,${(order.totalCents / 100).toFixed(2)},pending,`);
    expect(line).toContain("'+254712345678");
    // One line per order plus the header, each ended by CRLF.
    const orders = await shop.orm.em.fork().count(Order, {});
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(orders + 1);
  });

  it('exports transactions as an attachment', async () => {
    const response = await shop.http.get('/admin/export/transactions.csv').set(admin.auth).expect(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="manukato-transactions-/);
    const [header, first] = response.text.split('\r\n');
    expect(header).toBe(
      'Transaction ID,Order ID,Reference,Amount (Ksh),Payment method,Status,Flag,Date (Nairobi),Items',
    );
    expect(first).toMatch(/^[0-9a-f-]{36},[0-9a-f-]{36},MK-[^,]+,\d+\.\d{2},(mpesa|card),\w+,/);
  });
});

describe('schema', () => {
  it('the hand-written migration matches the entities (no pending change for the new tables)', async () => {
    const diff = await shop.orm.getSchemaGenerator().getUpdateSchemaSQL();
    expect(diff).not.toMatch(/admin_notifications|order_status_changes/);
  });

  it('indexes the foreign keys orders, carts and payments are looked up by, as the entities declare', async () => {
    const wanted = [
      'order_items_order_id_index',
      'order_items_product_id_index',
      'transactions_order_id_index',
      'cart_items_product_id_index',
    ];
    const rows: { indexname: string }[] = await shop.orm.em
      .getConnection()
      .execute(`select indexname from pg_indexes where indexname in (${wanted.map(() => '?').join(', ')})`, wanted);
    expect(rows.map((row) => row.indexname).sort()).toEqual([...wanted].sort());
    const diff = await shop.orm.getSchemaGenerator().getUpdateSchemaSQL();
    // Were an entity to lose its @Index, the generator would want to drop that index.
    for (const name of wanted) expect(diff).not.toContain(name);
  });
});
